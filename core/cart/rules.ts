/** A line of the shopper's cart, kept in the browser (spec §3 "Cart item"). */
export interface CartItem {
  id: number;
  name: string;
  priceKobo: number;
  currency: string;
  image: string | null;
  quantity: number;
  weightGrams: number;
}

/** Adding an id already in the cart raises its quantity by the added amount; otherwise it is appended. */
export function addCartItem(
  items: CartItem[],
  item: Omit<CartItem, 'quantity'>,
  quantity: number,
): CartItem[] {
  const existing = items.find((i) => i.id === item.id);
  if (existing) return items.map((i) => (i.id === item.id ? { ...i, quantity: i.quantity + quantity } : i));
  return [...items, { ...item, quantity }];
}

export function removeCartItem(items: CartItem[], id: number): CartItem[] {
  return items.filter((i) => i.id !== id);
}

/** Sets the quantity for that id. No lower bound here (spec §4): the cart page keeps it ≥ 1. */
export function setCartQuantity(items: CartItem[], id: number, quantity: number): CartItem[] {
  return items.map((i) => (i.id === id ? { ...i, quantity } : i));
}

export function cartQuantityOf(items: CartItem[], id: number): number {
  return items.find((i) => i.id === id)?.quantity ?? 0;
}

export function cartCount(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

export function cartSubtotalKobo(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.priceKobo * i.quantity, 0);
}

/** Total weight is the sum of weight times quantity (spec §9). */
export function cartWeightGrams(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.weightGrams * i.quantity, 0);
}

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.id) &&
    typeof v.name === 'string' &&
    Number.isInteger(v.priceKobo) &&
    Number.isInteger(v.quantity) &&
    Number.isInteger(v.weightGrams)
  );
}

/** What was stored in the browser; an unparseable value gives an empty cart (spec §4). */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(isCartItem)
      .map((i) => ({ ...i, currency: i.currency || 'NGN', image: i.image ?? null }));
  } catch {
    return [];
  }
}
