import { SLOT_REFUSED_TITLE } from '../delivery/slots';
import { METHOD_REFUSED_TITLE } from '../delivery/shelf-life';
import { NOT_ENOUGH_STOCK_TITLE } from '../stock/rules';

/** The part of the checkout page a refused order is about, where the page says why. */
export type RefusedPart = 'items' | 'delivery-method' | 'pickup-point' | 'delivery-slot' | 'discount-code';

/** Titles of the refusals about the cart's products (core/checkout/quote.ts, core/stock/holds.ts). */
const ITEM_TITLES: readonly string[] = [NOT_ENOUGH_STOCK_TITLE, 'Out of stock', 'Cart changed'];

/**
 * Where checkout shows a refused order (placeOrder's refusal: its title and the fields it marks): beside
 * the part the buyer must change, or null for a refusal about nothing on the page (a payment the provider
 * could not start, too many unpaid orders), which stays beside Pay. Stock that dropped and a slot whose
 * cut-off passed are Conflicts without fields: their titles say which part they are about.
 */
export function refusedPart(refusal: {
  title: string;
  fieldErrors: Record<string, unknown>;
}): RefusedPart | null {
  const { title, fieldErrors } = refusal;
  if (ITEM_TITLES.includes(title) || 'items' in fieldErrors) return 'items';
  if (title === SLOT_REFUSED_TITLE || 'deliverySlot' in fieldErrors) return 'delivery-slot';
  if (title === METHOD_REFUSED_TITLE || 'deliveryMethod' in fieldErrors) return 'delivery-method';
  if ('pickupLocation' in fieldErrors) return 'pickup-point';
  if (title.startsWith('Discount Code') || 'discountCode' in fieldErrors) return 'discount-code';
  return null;
}
