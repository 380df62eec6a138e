import { createHash } from 'node:crypto';
import { normalizeDiscountCode } from '../discounts/rules';
import type { QuoteInput } from './schemas';

/**
 * What a checkout submission asks for, as one string: the same cart, delivery and code give the same
 * fingerprint whatever the order of the lines, the case of the code or the spacing of the location.
 * An idempotency key sent again with another fingerprint is a changed cart, not a repeat.
 */
export function orderFingerprint(
  input: QuoteInput & { deliverySlot?: { slotId: number; day: string } },
): string {
  const quantities = new Map<number, number>();
  for (const item of input.items)
    quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  const canonical = {
    items: [...quantities].sort(([a], [b]) => a - b),
    method: input.deliveryMethod,
    location: input.deliveryLocation.trim().toLowerCase(),
    pickup: input.deliveryMethod === 'pickup' ? (input.pickupLocation?.trim() ?? '') : '',
    code: input.discountCode ? normalizeDiscountCode(input.discountCode) : '',
    // Only when one is chosen, so an order placed without slots keeps the fingerprint it had.
    ...(input.deliverySlot ? { slot: `${input.deliverySlot.slotId}:${input.deliverySlot.day}` } : {}),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}
