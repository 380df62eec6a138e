import { isPriceTierList, unitPriceKobo, type PriceTier } from '../catalog/price-tiers';
import { itemsAvailable, notEnoughStock, stockFor, type StockUnit } from '../stock/rules';
import { pickSource, soldFrom, type ProductSources, type SoldFrom } from '../sellers/source-rules';

/** A line of the shopper's cart, kept in the browser (spec §3 "Cart item"). */
export interface CartItem {
  id: number;
  name: string;
  priceKobo: number;
  currency: string;
  image: string | null;
  quantity: number;
  weightGrams: number;
  /** The product's quantity prices as last read (the server prices the order from its own). */
  priceTiers?: PriceTier[];
  /** The farm's harvest this line is from (its batch), at that farm's price; none: the shop's own. */
  batchId?: number;
  /** "Briggs Farm, Obio-Akpor, Rivers", as the cart shows where the line comes from. */
  farm?: string;
}

/** What each of the line's products costs at its quantity (core/catalog/price-tiers.ts, the one rule). */
export function lineUnitPriceKobo(item: Pick<CartItem, 'priceKobo' | 'priceTiers' | 'quantity'>): number {
  return unitPriceKobo(item.priceKobo, item.priceTiers, item.quantity);
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
  if (!existing) return [...items, { ...item, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }];
  return items.map((i) => {
    if (i.id !== item.id) return i;
    const more = { ...i, quantity: Math.min(i.quantity + quantity, MAX_LINE_QUANTITY) };
    // One line per product: a farm chosen now is the line's farm (and price) from now on.
    return item.batchId === undefined ? more : withSource(more, item);
  });
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

/** The line's source, as the buyer chose it on the product page: a farm (its batch and price) or the shop's own. */
export function setCartSource(items: CartItem[], id: number, source: LineSource): CartItem[] {
  return items.map((i) => (i.id === id ? withSource(i, source) : i));
}

type LineSource = Omit<SoldFrom<PriceTier[]>, 'available'>;

/** A line from `source`: its farm and price, or the shop's own with its quantity prices. */
function withSource<T extends CartItem>(line: T, source: LineSource): T {
  const { batchId: _batch, farm: _farm, priceTiers: _tiers, ...rest } = line;
  return {
    ...rest,
    priceKobo: source.priceKobo,
    ...(source.priceTiers?.length ? { priceTiers: source.priceTiers } : {}),
    ...(source.batchId === undefined ? {} : { batchId: source.batchId, farm: source.farm }),
  } as T;
}

export function cartQuantityOf(items: CartItem[], id: number): number {
  return items.find((i) => i.id === id)?.quantity ?? 0;
}

export function cartCount(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

export function cartSubtotalKobo(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + lineUnitPriceKobo(i) * i.quantity, 0);
}

/** Total weight is the sum of weight times quantity (spec §9). */
export function cartWeightGrams(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.weightGrams * i.quantity, 0);
}

export const QUANTITY_CAPPED_MESSAGE = `You can order at most ${MAX_LINE_QUANTITY} of one product.`;

/** A quantity as a line may hold it: a whole number from 1 to MAX_LINE_QUANTITY (junk reads as 1). */
export function clampQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 1;
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(n)));
}

const wholeAtLeast = (value: unknown, min: number) => Number.isInteger(value) && (value as number) >= min;

/** A stored line that names a product with a price and weight we can read (its quantity may need repair). */
function isReadableLine(value: unknown): value is Record<string, unknown> & Omit<CartItem, 'quantity'> {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    wholeAtLeast(v.id, 1) &&
    typeof v.name === 'string' &&
    wholeAtLeast(v.priceKobo, 0) &&
    wholeAtLeast(v.weightGrams, 0)
  );
}

export interface StoredCart {
  items: CartItem[];
  /** Names of the lines whose quantity had to be repaired (negative, fractional, huge or not a number). */
  repaired: string[];
}

/**
 * What was stored in the browser, repaired: an unparseable value gives an empty cart (spec
 * §4); a line that does not name a product with a readable price and weight is dropped; a quantity that
 * is not a whole number from 1 to 999 is clamped into that range and reported. (A product that no
 * longer exists is dropped when the prices are refreshed from the server.)
 */
export function repairStoredCart(raw: string | null): StoredCart {
  if (!raw) return { items: [], repaired: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { items: [], repaired: [] };
  }
  if (!Array.isArray(parsed)) return { items: [], repaired: [] };
  const repaired: string[] = [];
  const items = parsed.filter(isReadableLine).map((line) => {
    const quantity = clampQuantity(line.quantity);
    if (quantity !== line.quantity) repaired.push(line.name);
    return { ...readProduct(line), quantity };
  });
  return { items, repaired };
}

function readProduct(line: Record<string, unknown> & Omit<CartItem, 'quantity'>): Omit<CartItem, 'quantity'> {
  return {
    id: line.id,
    name: line.name,
    priceKobo: line.priceKobo,
    currency: typeof line.currency === 'string' && line.currency ? line.currency : 'NGN',
    image: typeof line.image === 'string' ? line.image : null,
    weightGrams: line.weightGrams,
    ...(isPriceTierList(line.priceTiers) && line.priceTiers.length > 0
      ? { priceTiers: line.priceTiers }
      : {}),
    ...(wholeAtLeast(line.batchId, 1)
      ? { batchId: line.batchId, ...(typeof line.farm === 'string' ? { farm: line.farm } : {}) }
      : {}),
  };
}

/**
 * A tap on Add to Cart before the page was live, as the page's head script keeps it in the browser
 * (app/lib/early-taps.ts): the product as the button showed it, how many, and whether the button adds
 * only what is not in the cart yet (product and search pages) or adds again (lists).
 */
export interface EarlyAdd {
  item: Omit<CartItem, 'quantity'>;
  quantity: number;
  once: boolean;
}

/**
 * The cart with the taps made before the page was live added, in the order they were made, by the
 * same rule as a live tap: a button that adds once adds nothing for a product already in the cart.
 * What was kept is read as untrusted (it sat in the browser): an entry that does not name a readable
 * product is dropped, and its quantity is brought into 1–999.
 */
export function applyEarlyAdds(items: CartItem[], kept: unknown): CartItem[] {
  if (!Array.isArray(kept)) return items;
  return kept.reduce<CartItem[]>((cart, entry: unknown) => {
    if (!entry || typeof entry !== 'object') return cart;
    const { item, quantity, once } = entry as Record<string, unknown>;
    if (!isReadableLine(item)) return cart;
    if (once === true && cartQuantityOf(cart, item.id) > 0) return cart;
    return addCartItem(cart, readProduct(item), clampQuantity(quantity));
  }, items);
}

/**
 * The toast that says a product went into the cart: from the detail page it names the change; from
 * lists, search and the wishlist the shorter '{name} added to cart' (spec §8). The head script's early
 * toast says the same words (app/lib/early-taps.ts).
 */
export function addedToCartMessage(
  name: string,
  from: 'detail' | 'page',
  existed: boolean,
): { title: string; description?: string } {
  if (from === 'page') return { title: `${name} added to cart` };
  return {
    title: 'Added to cart',
    description: existed ? `${name} quantity updated in your cart` : `${name} added to your cart`,
  };
}

/** The stored cart's lines (repaired; see repairStoredCart). */
export function parseStoredCart(raw: string | null): CartItem[] {
  return repairStoredCart(raw).items;
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
  stockUnit: StockUnit | null;
  stockAvailable: number;
  priceTiers?: PriceTier[];
  /** Its farms and the shop's own stock, when sellers' harvests of it are on sale (issue 51 §3). */
  sources?: ProductSources;
}

export type CartChange =
  | { id: number; name: string; kind: 'price'; oldPriceKobo: number; newPriceKobo: number }
  | { id: number; name: string; kind: 'unavailable' }
  | { id: number; name: string; kind: 'out-of-stock' }
  /** Fewer are left than the cart asks for: `message` says how many may be ordered. */
  | { id: number; name: string; kind: 'short'; itemsLeft: number; message: string }
  /** The farm the line named has sold out: the shop's rule chose another (`farm`, null: the shop's own). */
  | { id: number; name: string; kind: 'farm'; farm: string | null };

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
    const source = lineSource(item, product);
    if (source.gone)
      changes.push({ id: item.id, name: product.name, kind: 'farm', farm: source.farm ?? null });
    if (source.priceKobo !== item.priceKobo) {
      changes.push({
        id: item.id,
        name: product.name,
        kind: 'price',
        oldPriceKobo: item.priceKobo,
        newPriceKobo: source.priceKobo,
      });
    }
    if (!product.inStock) changes.push({ id: item.id, name: product.name, kind: 'out-of-stock' });
    else {
      const stock = { ...product, stockAvailable: source.available };
      const short = notEnoughStock(stock, item.quantity);
      if (short)
        changes.push({
          id: item.id,
          name: product.name,
          kind: 'short',
          itemsLeft: itemsAvailable(stock) ?? 0,
          message: short,
        });
    }
    return withSource(
      { ...item, name: product.name, image: product.imageUrl, weightGrams: product.weightGrams },
      source,
    );
  });
  return { items: next, changes };
}

/** How many of the line's product its source can still give (null: not counted), for its stepper. */
export function lineItemsLeft(item: CartItem, product: CurrentProduct): number | null {
  return itemsAvailable({ ...product, stockAvailable: lineSource(item, product).available });
}

/**
 * Where a line comes from now: the farm it names while that farm's harvest sells; otherwise, for a
 * product sellers' harvests are on sale of, the shop's rule (the oldest that covers the line); else the
 * shop's own (soldFrom). `gone`: the farm named has sold out.
 */
function lineSource(item: CartItem, product: CurrentProduct): SoldFrom<PriceTier[]> & { gone: boolean } {
  const sources = product.sources;
  const named = item.batchId !== undefined && sources?.farms.some((f) => f.batchId === item.batchId);
  const gone = item.batchId !== undefined && !named;
  const batchId = named
    ? item.batchId
    : sources
      ? pickSource(sources, stockFor(product, item.quantity))
      : null;
  return { ...soldFrom(product, sources, batchId), gone };
}

/** Whether two lists of lines ask for the same products in the same quantities, whatever their order. */
export function sameItems(
  a: readonly { productId: number | null; quantity: number }[],
  b: readonly { productId: number | null; quantity: number }[],
): boolean {
  const totals = (lines: typeof a) => {
    const byId = new Map<number | null, number>();
    for (const l of lines) byId.set(l.productId, (byId.get(l.productId) ?? 0) + l.quantity);
    return byId;
  };
  const [x, y] = [totals(a), totals(b)];
  return x.size === y.size && [...x].every(([id, quantity]) => y.get(id) === quantity);
}

/** Lines that cannot be checked out as they are (gone, out of stock, or more than is left). */
export function blockingChanges(changes: CartChange[]): CartChange[] {
  return changes.filter((c) => c.kind !== 'price' && c.kind !== 'farm');
}

/** The changes still worth saying about `items`: a removed line's, or a line lowered to what is left, go. */
export function changesStillTrue(changes: CartChange[], items: CartItem[]): CartChange[] {
  return changes.filter((c) => {
    const item = items.find((i) => i.id === c.id);
    return item !== undefined && (c.kind !== 'short' || item.quantity > c.itemsLeft);
  });
}
