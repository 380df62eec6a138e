import {
  BATCH_DATE_KINDS,
  STOCK_ADJUST_REASONS,
  STOCK_UNITS,
  type BatchDateKind,
  type StockAdjustReason,
  type StockUnit,
} from '../../db/schema/enums';
import { dayMonth, daysBetween } from '../calendar';
import { formatWeight } from '../money';

/**
 * Counted stock, as plain rules: how much one of a product takes, how many can still be bought, and
 * the words a buyer reads. Goods sold by weight are counted in grams (a product of 500 g takes 500 g of
 * its stock per item), equipment and feed bags in units. Browser-safe: the product page and the cart
 * read the same words the server refuses with.
 */

export { STOCK_UNITS, type StockUnit };

/** A product's stock as a buyer may know it: how it is counted and what can still be bought. */
export interface CountedStock {
  stockUnit: StockUnit | null;
  /** On hand less what unpaid orders hold (never below 0), in the stock unit. */
  stockAvailable: number;
  weightGrams: number;
}

export const STOCK_UNIT_LABELS: Record<StockUnit, string> = { kg: 'Kilograms', unit: 'Units' };

/** At most this many left, a product page says how many ("Only 4 kg left"). */
export const FEW_LEFT = 5;

export const NOT_ENOUGH_STOCK_TITLE = 'Not enough stock';

/** A line names a farm's harvest that no longer sells (sold out, past its best-before, or never here). */
export const CHOSEN_BATCH_GONE =
  'That farm’s harvest is no longer on sale. Choose another farm, or let the shop choose, in your cart.';

/** What one item of the product takes of its stock: its weight in grams, or one unit. */
export function stockPerItem(product: Pick<CountedStock, 'stockUnit' | 'weightGrams'>): number {
  return product.stockUnit === 'kg' ? product.weightGrams : 1;
}

/** What `quantity` items take of the product's stock; 0 when it is not counted. */
export function stockFor(product: Pick<CountedStock, 'stockUnit' | 'weightGrams'>, quantity: number): number {
  return product.stockUnit === null ? 0 : stockPerItem(product) * quantity;
}

/** A product row's stock as CountedStock: what can still be held is on hand less what is held. */
export function countedStock(product: {
  stockUnit: StockUnit | null;
  stockOnHand: number;
  stockHeld: number;
  weightGrams: number;
}): CountedStock {
  return {
    stockUnit: product.stockUnit,
    stockAvailable: Math.max(0, product.stockOnHand - product.stockHeld),
    weightGrams: product.weightGrams,
  };
}

/** How many items can still be bought; null when the product's stock is not counted. */
export function itemsAvailable(product: CountedStock): number | null {
  if (product.stockUnit === null) return null;
  return Math.floor(product.stockAvailable / stockPerItem(product));
}

/** An amount of stock in its unit: "4 kg", "750 g", "3 units". */
export function formatStock(amount: number, unit: StockUnit): string {
  if (unit === 'kg') return amount === 0 ? '0 kg' : formatWeight(amount);
  return `${amount} ${amount === 1 ? 'unit' : 'units'}`;
}

/** "Only 4 kg left" / "Only 3 left" when few remain; null when plenty do, none do, or none are counted. */
export function fewLeftNote(product: CountedStock): string | null {
  const items = itemsAvailable(product);
  if (items === null || items === 0 || items > FEW_LEFT) return null;
  return product.stockUnit === 'kg'
    ? `Only ${formatWeight(product.stockAvailable)} left`
    : `Only ${items} left`;
}

/**
 * Why `wanted` items of a product cannot be ordered, or null when they can: the cart, the checkout and
 * the server's hold all say it in these words.
 */
export function notEnoughStock(product: CountedStock & { name: string }, wanted: number): string | null {
  const items = itemsAvailable(product);
  if (items === null || wanted <= items) return null;
  if (items === 0) return `${product.name} is out of stock. Please remove it from your cart.`;
  const left = product.stockUnit === 'kg' ? formatWeight(product.stockAvailable) : items;
  return `Only ${left} of ${product.name} left: you can order at most ${items}.`;
}

/* Batches: what was caught (or smoked, dried, made) when, and until when it sells. */

export { BATCH_DATE_KINDS, STOCK_ADJUST_REASONS, type BatchDateKind, type StockAdjustReason };

export const BATCH_DATE_KIND_LABELS: Record<BatchDateKind, string> = {
  caught: 'Caught',
  smoked: 'Smoked',
  dried: 'Dried',
  made: 'Made',
};

export const STOCK_ADJUST_REASON_LABELS: Record<StockAdjustReason, string> = {
  spoiled: 'Spoiled',
  weighed_short: 'Weighed short',
  eaten: 'Eaten by the cat',
  recount: 'Counted more than recorded',
  other: 'Other',
};

/** Each reason takes stock off, except a recount that found more. */
export function adjustSign(reason: StockAdjustReason): 1 | -1 {
  return reason === 'recount' ? 1 : -1;
}

/** "Caught today", "Smoked 3 days ago", "Caught 27 Nov" (a week or more ago). */
export function batchAge(batch: { dateKind: BatchDateKind; preparedOn: string }, today: string): string {
  const label = BATCH_DATE_KIND_LABELS[batch.dateKind];
  const days = daysBetween(batch.preparedOn, today);
  if (days <= 0) return `${label} today`;
  if (days === 1) return `${label} yesterday`;
  if (days < 7) return `${label} ${days} days ago`;
  return `${label} ${dayMonth(batch.preparedOn)}`;
}

/** A batch sells through its best-before day (Lagos) and stops the day after. */
export function isPastBestBefore(bestBefore: string | null, today: string): boolean {
  return bestBefore !== null && bestBefore < today;
}

/** The stock page lists batches whose best-before falls within this many days. */
export const EXPIRING_WITHIN_DAYS = 2;
