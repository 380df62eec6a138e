import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import type { AdminActor } from '../accounts/roles';
import { recordAdminChange } from '../audit/log';
import { recordOrderEvent } from './events';
import { Conflict, DomainError, NotFound } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { shortOrderId } from '../notifications/messages';
import { PaymentProviderError, type PaymentProvider, type RefundStarted } from '../payments/provider';
import { ORDER_NOT_FOUND, tellOrderOwner } from './management';

/**
 * Refunds of paid orders (beyond the spec: perishables get cancelled). An admin asks; the order is
 * claimed first (`refund_status = 'requested'` by one conditional UPDATE), so a double click, two
 * admins or a webhook racing the button can never refund twice; then the provider is asked; the
 * customer is told once, by notification and e-mail; the provider's webhook settles the outcome.
 */

export const REFUND_REFUSED = {
  notPaid: 'Only a paid order can be refunded.',
  inProgress: 'A refund of this order is already under way.',
  done: 'This order has already been refunded.',
  otherProvider: 'This order was paid through another payment provider, which is not configured now.',
};

export const REFUND_FAILED = {
  title: 'Refund Failed',
  message: 'The payment provider did not accept the refund. Nothing was refunded; please try again later.',
  refused: 'The payment provider refused this refund, so nothing was refunded',
};

export function refundMessage(orderId: string, amount: string): string {
  return `Your order #${shortOrderId(orderId)} has been refunded: ${amount} is on its way back to you.`;
}

export interface RefundDeps {
  db: Db;
  payments: PaymentProvider;
  jobs: JobQueue;
  logger: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  publicUrl: string;
  formatMoney: (kobo: number) => string;
}

export async function refundOrder(
  deps: RefundDeps,
  admin: AdminActor,
  orderId: string,
): Promise<RefundStarted['status']> {
  const { db } = deps;
  const [claimed] = await db
    .update(orders)
    .set({ refundStatus: 'requested', refundRequestedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentStatus, 'success'),
        eq(orders.paymentProvider, deps.payments.name),
        or(isNull(orders.refundStatus), eq(orders.refundStatus, 'failed')),
      ),
    )
    .returning();
  if (!claimed) throw await whyNotRefundable(deps, orderId);

  const amountKobo = claimed.totalKobo;
  let started: RefundStarted;
  try {
    started = await deps.payments.refund(claimed.paymentReference, amountKobo);
  } catch (error) {
    deps.logger.error({ err: error, orderId, admin: admin.id }, 'refund refused by the payment provider');
    await db
      .update(orders)
      .set({ refundStatus: 'failed' })
      .where(and(eq(orders.id, orderId), eq(orders.refundStatus, 'requested')));
    // Unreachable or failing (retryable): try later. Refused for good (already reversed, …): say so.
    if (PaymentProviderError.is(error) && !error.retryable)
      throw new Conflict(
        `${REFUND_FAILED.refused}: ${error.message.replace(/^.*?: /, '')}`,
        REFUND_FAILED.title,
      );
    throw new DomainError(REFUND_FAILED.message, 503, REFUND_FAILED.title);
  }

  const message = refundMessage(orderId, deps.formatMoney(amountKobo));
  await db.transaction(async (tx) => {
    // A webhook may have settled it already; the claim is ours either way, so the customer is told here.
    await tx
      .update(orders)
      .set({ refundedKobo: amountKobo, refundReference: started.refundReference })
      .where(eq(orders.id, orderId));
    await tx
      .update(orders)
      .set({ refundStatus: started.status })
      .where(and(eq(orders.id, orderId), eq(orders.refundStatus, 'requested')));
    await tellOrderOwner(tx, deps, claimed.userId, orderId, message);
    await recordOrderEvent(tx, orderId, 'refunded');
    await recordAdminChange(tx, admin, {
      kind: 'order',
      action: 'refunded',
      subjectId: orderId,
      subjectLabel: `#${shortOrderId(orderId)}`,
      before: { refundedKobo: claimed.refundedKobo, refundReference: claimed.refundReference },
      after: {
        refundStatus: started.status,
        refundedKobo: amountKobo,
        refundReference: started.refundReference,
      },
    });
  });
  deps.logger.info({ orderId, admin: admin.id, status: started.status }, 'order refunded');
  return started.status;
}

async function whyNotRefundable(deps: RefundDeps, orderId: string): Promise<DomainError> {
  const [order] = await deps.db
    .select({
      paymentStatus: orders.paymentStatus,
      refundStatus: orders.refundStatus,
      provider: orders.paymentProvider,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return new NotFound(ORDER_NOT_FOUND);
  if (order.paymentStatus !== 'success') return new Conflict(REFUND_REFUSED.notPaid, REFUND_FAILED.title);
  if (order.refundStatus === 'processed') return new Conflict(REFUND_REFUSED.done, REFUND_FAILED.title);
  if (order.refundStatus === 'requested' || order.refundStatus === 'pending')
    return new Conflict(REFUND_REFUSED.inProgress, REFUND_FAILED.title);
  return new Conflict(REFUND_REFUSED.otherProvider, REFUND_FAILED.title);
}

/**
 * The provider's word on a refund (Paystack's refund.processed / refund.failed webhook). Only an open
 * refund changes, so duplicates and late arrivals change nothing.
 */
export async function settleRefund(
  db: Db,
  transactionReference: string,
  outcome: 'processed' | 'failed',
  refundId?: string,
): Promise<boolean> {
  const settled = await db
    .update(orders)
    .set({ refundStatus: outcome })
    .where(
      and(
        eq(orders.paymentReference, transactionReference),
        inArray(orders.refundStatus, ['requested', 'pending']),
        // A late event about an earlier attempt (it failed, the admin tried again) is not this refund's.
        refundId === undefined
          ? undefined
          : or(isNull(orders.refundReference), eq(orders.refundReference, refundId)),
      ),
    )
    .returning({ id: orders.id });
  return settled.length > 0;
}
