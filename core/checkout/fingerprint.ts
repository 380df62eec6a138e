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
  const farms = new Map<number, number>();
  for (const item of input.items) {
    quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
    if (item.batchId) farms.set(item.productId, item.batchId);
  }
  const canonical = {
    // A line that names a farm says which; one that does not keeps the fingerprint it always had.
    items: [...quantities]
      .sort(([a], [b]) => a - b)
      .map(([id, quantity]) => (farms.has(id) ? [id, quantity, farms.get(id)] : [id, quantity])),
    method: input.deliveryMethod,
    location: input.deliveryLocation.trim().toLowerCase(),
    pickup: input.deliveryMethod === 'pickup' ? (input.pickupLocation?.trim() ?? '') : '',
    code: input.discountCode ? normalizeDiscountCode(input.discountCode) : '',
    // Only when one is chosen, so an order placed without slots keeps the fingerprint it had.
    ...(input.deliverySlot ? { slot: `${input.deliverySlot.slotId}:${input.deliverySlot.day}` } : {}),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}
