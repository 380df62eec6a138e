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

/** Upper bound for one line, so a typo cannot order 1,000,000 crates. */
export const MAX_LINE_QUANTITY = 999;

/**
 * Adding an id already in the cart raises its quantity by the added amount (never past
 * MAX_LINE_QUANTITY); otherwise it is appended.
 */
export function addCartItem(
  items: CartItem[],
  item: Omit<CartItem, 'quantity'>,
  quantity: number,
): CartItem[] {
  const existing = items.find((i) => i.id === item.id);
  if (existing)
    return items.map((i) =>
      i.id === item.id ? { ...i, quantity: Math.min(i.quantity + quantity, MAX_LINE_QUANTITY) } : i,
    );
  return [...items, { ...item, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }];
}

/** The lines of a past order as cart lines ('Buy Again'); products no longer sold are left out. */
export function cartLinesFromOrder(
  items: {
    productId: number | null;
    productName: string;
    unitPriceKobo: number;
    productImageUrl: string | null;
    productWeightGrams: number;
    quantity: number;
  }[],
): { item: Omit<CartItem, 'quantity'>; quantity: number }[] {
  return items.flatMap((i) =>
    i.productId === null
      ? []
      : [
          {
            item: {
              id: i.productId,
              name: i.productName,
              priceKobo: i.unitPriceKobo,
              currency: 'NGN',
              image: i.productImageUrl,
              weightGrams: i.productWeightGrams,
            },
            quantity: i.quantity,
          },
        ],
  );
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
    (v.id as number) > 0 &&
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

/**
 * The detail page's quantity field (spec §4): an empty field resets to 1; invalid or zero input is
 * ignored (the current quantity stays); otherwise the typed whole number, at most MAX_LINE_QUANTITY.
 */
export function nextQuantity(current: number, typed: string): number {
  const text = typed.trim();
  if (text === '') return 1;
  if (!/^\d+$/.test(text)) return current;
  const value = Number(text);
  if (value <= 0) return current;
  return Math.min(value, MAX_LINE_QUANTITY);
}

export interface CurrentProduct {
  id: number;
  name: string;
  priceKobo: number;
  imageUrl: string | null;
  weightGrams: number;
  inStock: boolean;
}

export type CartChange =
  | { id: number; name: string; kind: 'price'; oldPriceKobo: number; newPriceKobo: number }
  | { id: number; name: string; kind: 'unavailable' }
  | { id: number; name: string; kind: 'out-of-stock' };

/**
 * Brings the cart in line with the catalogue as it is now: prices, names, pictures and weights are
 * refreshed, and every change a shopper should notice is reported. A product that no longer exists
 * stays in the list, reported, so it does not silently vanish (or silently keep an old price).
 */
export function reconcileCart(
  items: CartItem[],
  current: CurrentProduct[],
): { items: CartItem[]; changes: CartChange[] } {
  const byId = new Map(current.map((p) => [p.id, p]));
  const changes: CartChange[] = [];
  const next = items.map((item) => {
    const product = byId.get(item.id);
    if (!product) {
      changes.push({ id: item.id, name: item.name, kind: 'unavailable' });
      return item;
    }
    if (product.priceKobo !== item.priceKobo) {
      changes.push({
        id: item.id,
        name: product.name,
        kind: 'price',
        oldPriceKobo: item.priceKobo,
        newPriceKobo: product.priceKobo,
      });
    }
    if (!product.inStock) changes.push({ id: item.id, name: product.name, kind: 'out-of-stock' });
    return {
      ...item,
      name: product.name,
      priceKobo: product.priceKobo,
      image: product.imageUrl,
      weightGrams: product.weightGrams,
    };
  });
  return { items: next, changes };
}

/** Lines that cannot be checked out as they are (gone or out of stock). */
export function blockingChanges(changes: CartChange[]): CartChange[] {
  return changes.filter((c) => c.kind !== 'price');
}
