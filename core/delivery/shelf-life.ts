import type { ProductCategory } from '../../db/schema/enums';
import type { DeliveryMethod } from './methods';

/**
 * How long goods keep, and which delivery methods reach the buyer within it (issue 48), as plain rules
 * (browser-safe: checkout greys out a method with the same sentence the server refuses it with).
 *
 * A product keeps for its own number of days when the owner set one on the product form (frozen Titus
 * keeps longer than live catfish), else its category's: fresh fish and shellfish a day, the rest keep
 * (smoked, dried, equipment, feeds). The days count after the day of the order: 0 means it must reach
 * the buyer the same day, 1 today or tomorrow. An order keeps as long as its shortest-lived line.
 */

export const CATEGORY_SHELF_LIFE_DAYS: Partial<Record<ProductCategory, number>> = { fresh: 1, shellfish: 1 };

/** The product form's bounds: 0 (the same day) to a year. */
export const MAX_SHELF_LIFE_DAYS = 365;

/** What the product form says under the field. */
export const SHELF_LIFE_HINT =
  "Days after the order it can still reach the buyer (0: the same day). Empty: its category's — fresh fish and shellfish 1 day, other goods keep. Slower delivery methods are refused for it.";

export interface KeepingFacts {
  category: ProductCategory;
  /** The owner's own figure for the product, or null for its category's. */
  shelfLifeDays: number | null;
}

/** Days a product keeps after the order's day; null when it keeps (any delivery will do). */
export function shelfLifeOf(product: KeepingFacts): number | null {
  return product.shelfLifeDays ?? CATEGORY_SHELF_LIFE_DAYS[product.category] ?? null;
}

/** Days an order of these products keeps: its shortest-lived line's; null when none spoils. */
export function orderShelfLife(products: readonly KeepingFacts[]): number | null {
  const limits = products.flatMap((p) => {
    const days = shelfLifeOf(p);
    return days === null ? [] : [days];
  });
  return limits.length === 0 ? null : Math.min(...limits);
}

/**
 * The most days each method takes to reach the buyer, from the times checkout shows (standard 2-3
 * days, express 24 hours, joint 3-5 days); pickup is collected from the hub the day it is ready.
 */
export const METHOD_DAYS: Record<DeliveryMethod, number> = { pickup: 0, express: 1, standard: 3, joint: 5 };

/** How long a method takes, as the refusal says it. */
const METHOD_WAIT: Record<DeliveryMethod, string> = {
  pickup: 'a day',
  express: '24 hours',
  standard: '2–3 days',
  joint: '3–5 days',
};

/** The methods by name, shortest first, as the refusal lists what to choose instead. */
const METHOD_SHORT_NAMES: Record<DeliveryMethod, string> = {
  express: 'Express',
  standard: 'Standard',
  joint: 'Joint',
  pickup: 'Pickup',
};

/** The methods from the fastest delivery to the slowest, then pickup: the order they are offered in. */
export const METHODS_FASTEST_FIRST: readonly DeliveryMethod[] = ['express', 'standard', 'joint', 'pickup'];

/** Whether goods that keep `shelfLife` days can go by `method`. */
export function methodKeeps(method: DeliveryMethod, shelfLife: number | null): boolean {
  return shelfLife === null || METHOD_DAYS[method] <= shelfLife;
}

/** The methods that reach the buyer within the shelf life, fastest first. */
export function methodsWithinShelfLife(shelfLife: number | null): DeliveryMethod[] {
  return METHODS_FASTEST_FIRST.filter((m) => methodKeeps(m, shelfLife));
}

/**
 * Why `method` cannot carry goods that keep `shelfLife` days, or null when it can:
 * "Fresh fish can't wait 2–3 days: choose Express or Pickup". The same words grey the method out at
 * checkout and refuse it on the server.
 */
export function methodRefusal(method: DeliveryMethod, shelfLife: number | null): string | null {
  if (methodKeeps(method, shelfLife)) return null;
  const instead = methodsWithinShelfLife(shelfLife).map((m) => METHOD_SHORT_NAMES[m]);
  const choose = instead.length > 1 ? `${instead.slice(0, -1).join(', ')} or ${instead.at(-1)}` : instead[0];
  return `Fresh fish can't wait ${METHOD_WAIT[method]}: choose ${choose}`;
}

export const METHOD_REFUSED_TITLE = 'Delivery method unavailable';

/**
 * The method checkout starts with: the one asked for (the spec's default, Standard, or the order being
 * resumed) when the goods keep for it, else the fastest that reaches the buyer in time.
 */
export function methodForShelfLife(wanted: DeliveryMethod, shelfLife: number | null): DeliveryMethod {
  return methodKeeps(wanted, shelfLife) ? wanted : (methodsWithinShelfLife(shelfLife)[0] ?? 'pickup');
}
