import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { releaseCodeUses } from '../discounts/uses';
import { forgetRecipient } from '../messages/queue';

/** The name a paid order keeps once its customer's account is deleted. */
export const DELETED_CUSTOMER = 'Deleted customer';

export type CustomerOrders =
  /** An order of theirs still waits for its payment: its link works, so they cannot be forgotten yet. */
  { awaitingPayment: true } | { awaitingPayment: false; paidKept: number; unpaidDeleted: number };

/**
 * A customer whose account is deleted is forgotten by their orders, in the caller's transaction:
 * unpaid orders go (a use of a capped code they still held is given back); paid ones stay as the
 * shop's financial records, with no customer and the recipient's name, phone and address cleared; their
 * messages keep what they said, not the number they went to. Nothing is changed while an order still
 * waits for its payment (a payment must never arrive for a deleted order): the caller refuses.
 */
export async function forgetCustomerOrders(tx: Tx, userId: string): Promise<CustomerOrders> {
  const theirs = await tx
    .select({
      id: orders.id,
      paymentStatus: orders.paymentStatus,
      held: orders.discountUseHeld,
      codeId: orders.discountCodeId,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .for('update');
  if (theirs.some((o) => o.paymentStatus === 'pending')) return { awaitingPayment: true };
  const paid = theirs.filter((o) => o.paymentStatus === 'success').map((o) => o.id);
  const unpaid = theirs.filter((o) => o.paymentStatus !== 'success');

  if (unpaid.length) {
    await tx.delete(orders).where(
      inArray(
        orders.id,
        unpaid.map((o) => o.id),
      ),
    );
    for (const order of unpaid)
      if (order.held && order.codeId !== null) await releaseCodeUses(tx, order.codeId);
  }
  await forgetRecipient(tx, userId);
  if (paid.length)
    await tx
      .update(orders)
      .set({ userId: null, shippingName: DELETED_CUSTOMER, shippingPhone: '', shippingAddress: '' })
      .where(and(eq(orders.userId, userId), inArray(orders.id, paid)));
  return { awaitingPayment: false, paidKept: paid.length, unpaidDeleted: unpaid.length };
}
