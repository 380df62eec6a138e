import { STOCK_UNITS, type StockUnit } from '../../db/schema/enums';
import { formatWeight } from '../money';

/**
 * Counted stock, as plain rules: how much one of a product takes, how many can still be bought, and
 * the words a buyer reads. Goods sold by weight are counted in grams (a product of 500 g takes 500 g of
 * its stock per item), equipment and feed bags in units. Browser-safe: the product page and the cart
 * read the same words the server refuses with.
 */

export { STOCK_UNITS, type StockUnit };

export interface CountedStock {
  stockUnit: StockUnit | null;
  stockOnHand: number;
  stockHeld: number;
  weightGrams: number;
}

export const STOCK_UNIT_LABELS: Record<StockUnit, string> = { kg: 'Kilograms', unit: 'Units' };

/** At most this many left, a product page says how many ("Only 4 kg left"). */
export const FEW_LEFT = 5;

export const NOT_ENOUGH_STOCK_TITLE = 'Not enough stock';

/** What one item of the product takes of its stock: its weight in grams, or one unit. */
export function stockPerItem(product: Pick<CountedStock, 'stockUnit' | 'weightGrams'>): number {
  return product.stockUnit === 'kg' ? product.weightGrams : 1;
}

/** What `quantity` items take of the product's stock; 0 when it is not counted. */
export function stockFor(product: Pick<CountedStock, 'stockUnit' | 'weightGrams'>, quantity: number): number {
  return product.stockUnit === null ? 0 : stockPerItem(product) * quantity;
}

/** What can still be held: on hand less what unpaid orders hold. */
export function stockAvailable(product: Pick<CountedStock, 'stockOnHand' | 'stockHeld'>): number {
  return Math.max(0, product.stockOnHand - product.stockHeld);
}

/** How many items can still be bought; null when the product's stock is not counted. */
export function itemsAvailable(product: CountedStock): number | null {
  if (product.stockUnit === null) return null;
  return Math.floor(stockAvailable(product) / stockPerItem(product));
}

/** An amount of stock in its unit: "4 kg", "750 g", "3 units". */
export function formatStock(amount: number, unit: StockUnit): string {
  if (unit === 'kg') return formatWeight(amount);
  return `${amount} ${amount === 1 ? 'unit' : 'units'}`;
}

/** "Only 4 kg left" / "Only 3 left" when few remain; null when plenty do, none do, or none are counted. */
export function fewLeftNote(product: CountedStock): string | null {
  const items = itemsAvailable(product);
  if (items === null || items === 0 || items > FEW_LEFT) return null;
  return product.stockUnit === 'kg'
    ? `Only ${formatWeight(stockAvailable(product))} left`
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
  const left = product.stockUnit === 'kg' ? formatWeight(stockAvailable(product)) : items;
  return `Only ${left} of ${product.name} left: you can order at most ${items}.`;
}
