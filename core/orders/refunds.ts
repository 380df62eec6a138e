import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orders } from '../../db/schema';
import type { AdminActor } from '../accounts/roles';
import { recordAdminChange } from '../audit/log';
import { recordOrderEvent } from './events';
import { Conflict, type DomainError, NotFound } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { shortOrderId } from '../notifications/messages';
import { PaymentProviderError, type PaymentProvider, type RefundStarted } from '../payments/provider';
import { ORDER_NOT_FOUND, tellOrderOwner } from './management';

/**
 * Refunds of paid orders (beyond the spec: perishables get cancelled). An admin asks; one transaction
 * claims the order (`refund_status = 'requested'` by one conditional UPDATE, so a double click, two
 * admins or a webhook racing the button can never refund twice), records the request in the audit log
 * and enqueues the call to the provider as a job (issue 15): a provider that cannot be reached is asked
 * again by the queue, with backoff, and the request is never lost. The job tells the customer once, by
 * notification and e-mail; the provider's webhook settles the outcome.
 */

export const REFUND_REFUSED = {
  notPaid: 'Only a paid order can be refunded.',
  inProgress: 'A refund of this order is already under way.',
  done: 'This order has already been refunded.',
  otherProvider: 'This order was paid through another payment provider, which is not configured now.',
};

export const REFUND_FAILED = {
  title: 'Refund Failed',
  refused: 'The payment provider refused this refund, so nothing was refunded',
};

/** The admin's answer while the provider cannot be reached: the queue keeps asking. */
export const REFUND_WAITING =
  'The payment provider could not be reached yet. The refund is asked for again automatically, and this order shows the outcome.';

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

/** What the refund job carries. */
export interface RefundJob {
  orderId: string;
  amountKobo: number;
}

/**
 * How far a refund got while the admin's request waited for it: done ('processed'), with the provider
 * ('pending'), or still being asked for ('requested': the provider could not be reached yet).
 */
export type RefundOutcome = RefundStarted['status'] | 'requested';

/** Claims the order for a refund and enqueues the call to the provider, in one transaction. */
export async function requestRefund(
  deps: RefundDeps,
  admin: AdminActor,
  orderId: string,
): Promise<{ jobId: string }> {
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orders)
      .set({ refundStatus: 'requested', refundRequestedAt: new Date(), refundFailure: null })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.paymentStatus, 'success'),
          eq(orders.paymentProvider, deps.payments.name),
          or(isNull(orders.refundStatus), eq(orders.refundStatus, 'failed')),
        ),
      )
      .returning();
    if (!claimed) throw await whyNotRefundable(tx, orderId);
    const job: RefundJob = { orderId, amountKobo: claimed.totalKobo };
    const jobId = await deps.jobs.send(tx, 'refund', job);
    await recordAdminChange(tx, admin, {
      kind: 'order',
      action: 'refunded',
      subjectId: orderId,
      subjectLabel: `#${shortOrderId(orderId)}`,
      before: { refundedKobo: claimed.refundedKobo, refundReference: claimed.refundReference },
      after: { refundStatus: 'requested', refundedKobo: job.amountKobo },
    });
    return { jobId };
  });
}

/**
 * The refund job: asks the provider for the refund of a claimed order. A provider that cannot be
 * reached throws (the queue asks again later); one that refuses for good leaves the order
 * 'failed' with its reason, and the admin may try again.
 *
 * If this process dies after the provider accepted and before the transaction below commits, the job
 * runs again and Paystack refuses the second refund ("fully reversed"): the order reads 'failed' until
 * the provider's refund.processed event arrives, which settleRefund then records as refunded.
 */
export async function carryOutRefund(deps: RefundDeps, { orderId, amountKobo }: RefundJob): Promise<void> {
  const { db } = deps;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.refundStatus, 'requested')));
  if (!order) return; // settled already (a webhook came first), or no longer asked for

  let started: RefundStarted;
  try {
    started = await deps.payments.refund(order.paymentReference, amountKobo);
  } catch (error) {
    if (!PaymentProviderError.is(error) || error.retryable) throw error; // the queue asks again
    deps.logger.error({ err: error, orderId }, 'refund refused by the payment provider');
    await db
      .update(orders)
      .set({ refundStatus: 'failed', refundFailure: error.message.replace(/^.*?: /, '') })
      .where(and(eq(orders.id, orderId), eq(orders.refundStatus, 'requested')));
    return;
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
    await tellOrderOwner(tx, deps, order.userId, orderId, message);
    await recordOrderEvent(tx, orderId, 'refunded');
  });
  deps.logger.info({ orderId, status: started.status }, 'order refunded');
}

/**
 * The admin's Refund button: requests the refund, then waits (up to `waitMs`) for the job's first
 * answer, so that the common case reads as done at once. A refusal for good is a Conflict with the
 * provider's reason; a provider that cannot be reached answers 'requested' (the queue keeps asking).
 */
export async function refundOrder(
  deps: RefundDeps,
  admin: AdminActor,
  orderId: string,
  options: { waitMs?: number } = {},
): Promise<RefundOutcome> {
  const { jobId } = await requestRefund(deps, admin, orderId);
  const deadline = Date.now() + (options.waitMs ?? 10_000);
  for (;;) {
    const [order] = await deps.db
      .select({ refundStatus: orders.refundStatus, refundFailure: orders.refundFailure })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (order?.refundStatus === 'failed')
      throw new Conflict(
        order.refundFailure ? `${REFUND_FAILED.refused}: ${order.refundFailure}` : REFUND_FAILED.refused,
        REFUND_FAILED.title,
      );
    if (order?.refundStatus === 'processed' || order?.refundStatus === 'pending') return order.refundStatus;
    const state = await deps.jobs.state('refund', jobId);
    if (state === 'retry' || state === 'failed' || state === null || Date.now() > deadline)
      return 'requested';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function whyNotRefundable(db: Db | Tx, orderId: string): Promise<DomainError> {
  const [order] = await db
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
 *
 * One more case settles: a refund the provider processed for an order whose own attempt reads failed
 * without any refund of ours on record. That is the crash gap of carryOutRefund (the provider accepted,
 * the process died before recording it, the retry was refused as "fully reversed"), or a refund made
 * in the provider's dashboard: either way the money went back, so the order reads refunded and the
 * customer, who was never told, is told now, once.
 */
export async function settleRefund(
  deps: Pick<RefundDeps, 'db' | 'jobs' | 'publicUrl' | 'formatMoney' | 'logger'>,
  transactionReference: string,
  outcome: 'processed' | 'failed',
  refund: { id?: string; amountKobo?: number } = {},
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const settled = await tx
      .update(orders)
      .set({ refundStatus: outcome })
      .where(
        and(
          eq(orders.paymentReference, transactionReference),
          inArray(orders.refundStatus, ['requested', 'pending']),
          // A late event about an earlier attempt (it failed, the admin tried again) is not this refund's.
          refund.id === undefined
            ? undefined
            : or(isNull(orders.refundReference), eq(orders.refundReference, refund.id)),
        ),
      )
      .returning({ id: orders.id });
    if (settled.length > 0) return true;
    if (outcome !== 'processed') return false;
    const [lost] = await tx
      .update(orders)
      .set({
        refundStatus: 'processed',
        refundFailure: null,
        refundReference: refund.id ?? null,
        refundedKobo: refund.amountKobo ?? sql`${orders.totalKobo}`,
      })
      .where(
        and(
          eq(orders.paymentReference, transactionReference),
          eq(orders.refundStatus, 'failed'),
          isNull(orders.refundReference),
        ),
      )
      .returning({ id: orders.id, userId: orders.userId, refundedKobo: orders.refundedKobo });
    if (!lost) return false;
    const amount = deps.formatMoney(lost.refundedKobo ?? 0);
    await tellOrderOwner(tx, deps, lost.userId, lost.id, refundMessage(lost.id, amount));
    await recordOrderEvent(tx, lost.id, 'refunded');
    deps.logger.info({ orderId: lost.id }, 'a refund whose own attempt read failed was processed: recorded');
    return true;
  });
}
