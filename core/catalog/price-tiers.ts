import { formatNaira, groupThousands, parseNaira } from '../money';

/**
 * Quantity prices (issue 50 §6): "from 10 bags, ₦24,000 each". A product's tiers are kept with it
 * (products.price_tiers), written only through the admin's product form (core/catalog/management.ts),
 * and this file is the one rule that picks a line's unit price from them: the cart, the checkout's quote
 * and the order placed all ask `unitPriceKobo`, and the server's answer is what is charged.
 */
export interface PriceTier {
  /** The quantity from which this price applies (2 or more). */
  minQuantity: number;
  /** The price of each one, in kobo, lower than the product's price and than every smaller tier's. */
  priceKobo: number;
}

/** How many quantity prices a product may have: as many rows as the admin form shows. */
export const MAX_PRICE_TIERS = 3;

/** The unit price of a line of `quantity`: the tier with the largest minimum it reaches, else the price. */
export function unitPriceKobo(
  basePriceKobo: number,
  tiers: readonly PriceTier[] | null | undefined,
  quantity: number,
): number {
  let price = basePriceKobo;
  let reached = 0;
  for (const tier of tiers ?? [])
    if (quantity >= tier.minQuantity && tier.minQuantity > reached) {
      reached = tier.minQuantity;
      price = tier.priceKobo;
    }
  // A tier only ever lowers the price: one left above a price the owner has since cut is not charged.
  return Math.min(price, basePriceKobo);
}

/** The next tier a line could reach by adding some: how many more, and the price each would be then. */
export function nextPriceTier(
  basePriceKobo: number,
  tiers: readonly PriceTier[] | null | undefined,
  quantity: number,
): { more: number; priceKobo: number } | null {
  const next = [...(tiers ?? [])]
    .filter((tier) => tier.minQuantity > quantity)
    .sort((a, b) => a.minQuantity - b.minQuantity)[0];
  if (!next || next.priceKobo >= unitPriceKobo(basePriceKobo, tiers, quantity)) return null;
  return { more: next.minQuantity - quantity, priceKobo: next.priceKobo };
}

/** "10+: ₦24,000 each" for the product page and the cart. */
export function priceTierLabel(tier: PriceTier): string {
  return `${groupThousands(tier.minQuantity)}+: ${formatNaira(tier.priceKobo)} each`;
}

export const PRICE_TIER_MESSAGES = {
  from: 'From how many: a whole number, 2 or more',
  fromOrder: 'Each row starts at a larger quantity than the row above',
  price: 'Price each must be a number of naira, more than 0',
  priceBelow: 'Price each must be lower than the price above it',
  both: 'Give both the quantity and the price, or leave the row empty',
} as const;

/** The form's field names for row `i` (1-based). */
export const tierFields = (i: number) => ({ from: `tier${i}From`, price: `tier${i}Price` }) as const;

/**
 * The admin form's rows read into tiers, in order of quantity, against the product's own price: empty
 * rows are left out; a row must start at a larger quantity than the row above and cost less each.
 * Returns the tiers, or each refused field's message.
 */
export function readPriceTiers(
  rows: readonly { from: string; price: string }[],
  basePriceKobo: number,
): { ok: true; tiers: PriceTier[] } | { ok: false; fieldErrors: Record<string, string> } {
  const fieldErrors: Record<string, string> = {};
  const tiers: PriceTier[] = [];
  let lastFrom = 1;
  let lastPrice = basePriceKobo;
  rows.slice(0, MAX_PRICE_TIERS).forEach((row, index) => {
    const names = tierFields(index + 1);
    const fromText = row.from.trim();
    const priceText = row.price.trim();
    if (!fromText && !priceText) return;
    if (!fromText || !priceText) {
      fieldErrors[fromText ? names.price : names.from] = PRICE_TIER_MESSAGES.both;
      return;
    }
    const from = /^\d{1,3}$/.test(fromText) ? Number(fromText) : NaN;
    const price = parseNaira(priceText);
    if (!(from >= 2)) fieldErrors[names.from] = PRICE_TIER_MESSAGES.from;
    else if (from <= lastFrom) fieldErrors[names.from] = PRICE_TIER_MESSAGES.fromOrder;
    if (price === null || price <= 0) fieldErrors[names.price] = PRICE_TIER_MESSAGES.price;
    else if (price >= lastPrice) fieldErrors[names.price] = PRICE_TIER_MESSAGES.priceBelow;
    if (fieldErrors[names.from] || fieldErrors[names.price]) return;
    tiers.push({ minQuantity: from, priceKobo: price! });
    lastFrom = from;
    lastPrice = price!;
  });
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, tiers };
}

/** Whether a stored value is a list of tiers this rule can read (a cart kept in the browser, say). */
export function isPriceTierList(value: unknown): value is PriceTier[] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_PRICE_TIERS &&
    value.every(
      (tier: unknown) =>
        tier !== null &&
        typeof tier === 'object' &&
        Number.isInteger((tier as PriceTier).minQuantity) &&
        (tier as PriceTier).minQuantity >= 2 &&
        Number.isInteger((tier as PriceTier).priceKobo) &&
        (tier as PriceTier).priceKobo > 0,
    )
  );
}
