import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { discountCodes, orders } from '../../db/schema';
import { releaseCodeUses } from '../discounts/uses';

/**
 * Unpaid orders placed before `cutoff` give back their use of a code that has a usage limit, in the
 * caller's transaction, so the next buyer can have it: each order stops holding it and each code counts
 * its uses back. The orders stay payable; a payment that still comes counts the use again if the limit
 * allows (the lifecycle's late payment). Returns the references of the orders that let go.
 */
export async function releaseStaleCodeHolds(tx: Tx, cutoff: Date): Promise<string[]> {
  const released = await tx
    .update(orders)
    .set({ discountUseHeld: false })
    .where(
      and(
        eq(orders.paymentStatus, 'pending'),
        eq(orders.discountUseHeld, true),
        lt(orders.createdAt, cutoff),
        inArray(
          orders.discountCodeId,
          tx.select({ id: discountCodes.id }).from(discountCodes).where(isNotNull(discountCodes.usageLimit)),
        ),
      ),
    )
    .returning({ reference: orders.paymentReference, discountCodeId: orders.discountCodeId });
  const perCode = new Map<number, number>();
  for (const { discountCodeId } of released)
    if (discountCodeId !== null) perCode.set(discountCodeId, (perCode.get(discountCodeId) ?? 0) + 1);
  for (const [codeId, uses] of perCode) await releaseCodeUses(tx, codeId, uses);
  return released.map((order) => order.reference);
}
