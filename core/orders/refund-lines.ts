import type { DiscountType } from '../discounts/types';
import type { RefundedLine } from './statuses';

/**
 * A refund by line: the owner gives back some of an order's lines
 * (two of the three catfish spoiled) and the shop works out what the buyer paid for them. Pure.
 *
 * A line gives back its share of what was paid for the goods: its price less its share of a product
 * discount (a percentage or fixed code lowers every line alike; a free-delivery code lowers only the
 * delivery, which a line refund does not touch). Each line's share is rounded down to the kobo, so a
 * line refund never gives back more than was paid for it.
 */

export interface RefundableLine {
  id: number;
  productName: string;
  quantity: number;
  totalPriceKobo: number;
}

export interface GoodsPaid {
  subtotalKobo: number;
  discountKobo: number;
  discountType: DiscountType | null;
}

export const REFUND_LINE_REFUSALS = {
  noLines: 'Choose how many of a line to refund, or refund an amount instead.',
  unknownLine: 'That line is not part of this order.',
  tooMany: (productName: string, left: number) =>
    left === 0
      ? `${productName} has been refunded already.`
      : `Only ${left} of ${productName} can still be refunded.`,
} as const;

/** How many of each line are given back already, by the refunds that did not fail. */
export function refundedQuantities(refunds: { lines: RefundedLine[] }[]): Map<number, number> {
  const given = new Map<number, number>();
  for (const refund of refunds)
    for (const line of refund.lines) given.set(line.itemId, (given.get(line.itemId) ?? 0) + line.quantity);
  return given;
}

/** What the chosen lines give back, or why they cannot be refunded. */
export function lineRefund(
  order: GoodsPaid,
  lines: RefundableLine[],
  chosen: RefundedLine[],
  refundedBefore: Map<number, number>,
): { amountKobo: number; lines: RefundedLine[] } | { refused: string } {
  const wanted = chosen.filter((line) => line.quantity > 0);
  if (wanted.length === 0) return { refused: REFUND_LINE_REFUSALS.noLines };
  const byId = new Map(lines.map((line) => [line.id, line]));
  const productDiscount = order.discountType === 'free_delivery' ? 0 : order.discountKobo;
  const goodsPaid = BigInt(Math.max(0, order.subtotalKobo - productDiscount));
  const subtotal = BigInt(order.subtotalKobo);
  let amountKobo = 0;
  const seen = new Set<number>();
  for (const { itemId, quantity } of wanted) {
    const line = byId.get(itemId);
    if (!line || seen.has(itemId) || !Number.isInteger(quantity))
      return { refused: REFUND_LINE_REFUSALS.unknownLine };
    seen.add(itemId);
    const left = line.quantity - (refundedBefore.get(itemId) ?? 0);
    if (quantity > left)
      return { refused: REFUND_LINE_REFUSALS.tooMany(line.productName, Math.max(0, left)) };
    if (subtotal === 0n) continue;
    // line total × quantity / line quantity × goods paid / subtotal, in whole kobo (rounded down).
    const share =
      (BigInt(line.totalPriceKobo) * BigInt(quantity) * goodsPaid) / (BigInt(line.quantity) * subtotal);
    amountKobo += Number(share);
  }
  return { amountKobo, lines: wanted };
}
