import { and, eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { Conflict, NotFound } from '../errors';
import { isOrderId } from '../ids';
import { changeOrder } from '../orders/lifecycle';
import { LIFECYCLE_REFUSALS } from '../orders/transitions';
import type { CheckoutDeps } from './deps';
import { settlePayment } from './settle';

export const CANCEL_MESSAGES = {
  notFound: 'This order does not exist.',
  notAwaiting: LIFECYCLE_REFUSALS.notAwaiting,
  paid: LIFECYCLE_REFUSALS.paidNotCancelled,
  cancelled: 'Your order has been cancelled.',
};

/**
 * The shopper cancels their own unpaid order. The payment provider is asked first: a payment
 * that went through is kept and the order stays (paid). Otherwise the order ends, cancelled by the
 * shopper, and its discount code use is given back (core/orders/lifecycle.ts). A payment that still
 * arrives later is honoured, as for any order that ended unpaid.
 */
export async function cancelUnpaidOrder(deps: CheckoutDeps, userId: string, orderId: string): Promise<void> {
  if (!isOrderId(orderId)) throw new NotFound(CANCEL_MESSAGES.notFound);
  const [order] = await deps.db
    .select({ reference: orders.paymentReference, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new NotFound(CANCEL_MESSAGES.notFound);
  if (order.paymentStatus !== 'pending') throw new Conflict(CANCEL_MESSAGES.notAwaiting, 'Cannot cancel');
  const settled = await settlePayment(deps, order.reference);
  if (settled === 'paid') throw new Conflict(CANCEL_MESSAGES.paid, 'Already paid');
  // Declined (or not this order's amount): it has just ended unpaid, which is what was asked.
  if (settled === 'failed' || settled === 'mismatch') return;
  await deps.db.transaction((tx) =>
    changeOrder(tx, deps, { id: orderId }, { kind: 'shopper-cancel' }, { refusedTitle: 'Cannot cancel' }),
  );
}
