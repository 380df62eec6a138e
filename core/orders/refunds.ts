import { and, asc, desc, eq, lt, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderItems, orderRefunds, orders } from '../../db/schema';
import { assertOwner, type AdminActor } from '../roles';
import { Conflict, NotFound } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { PaymentProviderError, type PaymentProvider, type RefundStarted } from '../payments/provider';
import { changeOrder, factsOf, type LifecycleDeps } from './lifecycle';
import { ORDER_NOT_FOUND } from './management';
import { lineRefund, refundedQuantities } from './refund-lines';
import type { RefundRequest } from './schemas';
import type { RefundedLine } from './statuses';
import { keptKobo, LIFECYCLE_REFUSALS } from './transitions';

/**
 * Refunds of paid orders (beyond the spec: perishables get cancelled). An admin asks; one transaction
 * claims the order (the lifecycle locks it and sets `refund_status = 'requested'`, so a double click, two
 * admins or a webhook racing the button can never refund twice), records the request in the audit log
 * and enqueues the call to the provider as a job: a provider that cannot be reached is asked
 * again by the queue, with backoff, and the request is never lost. The job tells the customer once, by
 * notification and e-mail; the provider's webhook settles the outcome.
 */

export const REFUND_REFUSED = {
  notPaid: LIFECYCLE_REFUSALS.refundNotPaid,
  inProgress: LIFECYCLE_REFUSALS.refundInProgress,
  done: LIFECYCLE_REFUSALS.refundDone,
  otherProvider: 'This order was paid through another payment provider, which is not configured now.',
};

export const REFUND_FAILED = {
  title: 'Refund Failed',
  refused: 'The payment provider refused this refund, so nothing was refunded',
};

/**
 * The title of a refund refused before anything was asked of the provider (the order is not paid, is
 * refunded already, or the lines ask for more than is left): nothing failed, so not "Refund Failed".
 */
export const REFUND_NOT_MADE = 'Refund not made';

/** The admin's answer while the provider has not answered (not reached, or a worker is asking it). */
export const REFUND_WAITING =
  'The payment provider has not answered yet. The refund is asked for again automatically, and this order shows the outcome.';

export { refundMessage } from '../notifications/messages';

export interface RefundDeps {
  db: Db;
  payments: PaymentProvider;
  jobs: JobQueue;
  logger: LifecycleDeps['logger'] & { error(obj: object, msg?: string): void };
  publicUrl: string;
}

/** What the refund job carries. */
export interface RefundJob {
  orderId: string;
  amountKobo: number;
  /**
   * The refund (order_refunds row) this job asks for. A job retried after its refund was settled another
   * way (a webhook, the reconciler) must not carry out the order's next refund with its own amount. Jobs
   * queued before the id was carried have none, and act on the order's open refund as they did.
   */
  refundId?: number;
}

/** Orders run the refund queue, so they say what its job carries (core/jobs/queue.ts imports no domain). */
declare module '../jobs/queue' {
  interface JobData {
    refund: RefundJob;
  }
}

/**
 * How far a refund got by the time the admin's request answers: done ('processed'), with the provider
 * ('pending'), or still being asked for ('requested': the provider has not answered yet).
 */
export type RefundOutcome = RefundStarted['status'] | 'requested';

/**
 * Claims the order for a refund and enqueues the call to the provider, in one transaction. A refund by
 * line gives back what was paid for those lines (refund-lines.ts); by amount, that amount; otherwise all
 * that is kept. The lifecycle (transitions.ts) refuses what cannot be refunded; refunding all that is
 * kept cancels an order not yet delivered once the provider accepts.
 */
export async function requestRefund(
  deps: RefundDeps,
  admin: AdminActor,
  orderId: string,
  request: RefundRequest,
): Promise<RefundAsked> {
  return deps.db.transaction((tx) => requestRefundIn(tx, deps, admin, orderId, request));
}

/** A refund asked for: its job, and what the job carries. */
export interface RefundAsked {
  jobId: string;
  job: RefundJob;
}

/**
 * How long a refund job waits for a worker. The request that asked runs it at once (refundNow); a worker
 * poked at once would race it for the job, and an admin whose worker won saw 'requested' while Paystack
 * had already answered. A minute is the fallback's wait when the request died before its run.
 */
export const REFUND_FALLBACK_SECONDS = 60;

/** `requestRefund` in the caller's transaction (an approved freshness claim asks in its own). */
export async function requestRefundIn(
  tx: Tx,
  deps: RefundDeps,
  admin: AdminActor,
  orderId: string,
  request: RefundRequest & { claimId?: number },
): Promise<RefundAsked> {
  assertOwner(admin);
  // Locked first: what its lines have given back is read under the same lock the change takes.
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  if (order.paymentStatus === 'success' && order.paymentProvider !== deps.payments.name)
    throw new Conflict(REFUND_REFUSED.otherProvider, REFUND_NOT_MADE);
  let amountKobo = request.amountKobo ?? keptKobo(factsOf(order));
  let lines: RefundedLine[] = [];
  if (request.lines) {
    const byLine = await refundOfLines(tx, order, request.lines);
    if ('refused' in byLine) throw new Conflict(byLine.refused, REFUND_NOT_MADE);
    ({ amountKobo, lines } = byLine);
  }
  const changed = await changeOrder(
    tx,
    deps,
    { id: orderId },
    {
      kind: 'refund-request',
      amountKobo,
      reason: request.reason,
      lines,
      note: request.note ?? null,
      ...(request.claimId ? { claimId: request.claimId } : {}),
    },
    { admin, refusedTitle: REFUND_NOT_MADE, notFound: ORDER_NOT_FOUND },
  );
  // The row changeOrder just wrote: the order's one open refund (the order is locked).
  const [asked] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'requested')))
    .orderBy(desc(orderRefunds.id))
    .limit(1);
  const job: RefundJob = { orderId, amountKobo: changed!.after.refundingKobo, refundId: asked!.id };
  // The request carries it out at once (refundNow); a worker takes it only if the request never did.
  const jobId = await deps.jobs.send(tx, 'refund', job, { startAfterSeconds: REFUND_FALLBACK_SECONDS });
  return { jobId, job };
}

async function refundOfLines(tx: Tx, order: typeof orders.$inferSelect, chosen: RefundedLine[]) {
  const [items, earlier] = await Promise.all([
    tx
      .select({
        id: orderItems.id,
        productName: orderItems.productName,
        quantity: orderItems.quantity,
        totalPriceKobo: orderItems.totalPriceKobo,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id)),
    tx
      .select({ lines: orderRefunds.lines })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), ne(orderRefunds.status, 'failed'))),
  ]);
  return lineRefund(order, items, chosen, refundedQuantities(earlier));
}

/**
 * The refund job: asks the provider for the refund of a claimed order. It first asks what refunds the
 * provider already has of the payment: one it made that we never recorded (the process died between
 * its answer and ours) is recorded, not asked for again. A provider that
 * cannot be reached throws (the queue asks again later); one that refuses for good leaves the refund
 * 'failed' with its reason, and the admin may try again.
 */
export async function carryOutRefund(
  deps: RefundDeps,
  { orderId, amountKobo, refundId }: RefundJob,
): Promise<void> {
  const { db } = deps;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.refundStatus, 'requested')));
  if (!order) return; // settled already (a webhook came first), or no longer asked for
  if (refundId !== undefined) {
    // Still this job's refund that is asked for, not a later one (this one settled while the job waited).
    const [mine] = await db
      .select({ status: orderRefunds.status })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.orderId, orderId)));
    if (mine?.status !== 'requested') return;
  }
  if (await recordUnrecordedRefund(deps, order, amountKobo)) return;

  let started: RefundStarted;
  try {
    started = await deps.payments.refund(order.paymentReference, amountKobo);
  } catch (error) {
    if (!PaymentProviderError.is(error) || error.retryable) throw error; // the queue asks again
    deps.logger.error({ err: error, orderId }, 'refund refused by the payment provider');
    await db.transaction((tx) =>
      changeOrder(
        tx,
        deps,
        { id: orderId },
        { kind: 'refund-fail', failure: error.message.replace(/^.*?: /, '') },
      ),
    );
    return;
  }
  await db.transaction((tx) =>
    changeOrder(
      tx,
      deps,
      { id: orderId },
      { kind: 'refund-accept', amountKobo, status: started.status, reference: started.refundReference },
    ),
  );
  deps.logger.info({ orderId, status: started.status }, 'order refunded');
}

/**
 * Asks the provider what it has refunded of the order's payment; when that is more than the order has
 * recorded by at least the refund asked for, the refund was made already: it is recorded (the customer
 * told once) and true is returned.
 */
async function recordUnrecordedRefund(
  deps: RefundDeps,
  order: typeof orders.$inferSelect,
  amountKobo: number,
): Promise<boolean> {
  if (amountKobo <= 0) return false;
  const known = (await deps.payments.refundsOf(order.paymentReference)).filter((r) => r.status !== 'failed');
  const theirs = known.reduce((sum, refund) => sum + refund.amountKobo, 0);
  if (theirs - (order.refundedKobo ?? 0) < amountKobo) return false;
  // The newest of them (Paystack lists newest first; its ids grow): the one this request made.
  const latest = known.reduce((a, b) => (Number(b.id) > Number(a.id) ? b : a));
  await deps.db.transaction((tx) =>
    changeOrder(
      tx,
      deps,
      { id: order.id },
      {
        kind: 'refund-accept',
        amountKobo,
        status: latest.status === 'processed' ? 'processed' : 'pending',
        reference: latest.id,
      },
    ),
  );
  deps.logger.info({ orderId: order.id }, 'the provider had made this refund already: recorded');
  return true;
}

/** How long a refund may stay 'requested' before the reconciling job asks the provider about it. */
export const REFUND_RECONCILE_AFTER_MS = 5 * 60 * 1000;

/**
 * The periodic job that reconciles refunds left 'requested': for each
 * one older than REFUND_RECONCILE_AFTER_MS it asks the provider, and records a refund the provider made.
 * It never asks for a refund itself: that is the refund job's, which the queue retries (and which an
 * admin can retry from the dashboard once it has failed for good).
 */
export async function reconcileRefunds(deps: RefundDeps, now = new Date(), limit = 20): Promise<number> {
  const stale = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.refundStatus, 'requested'),
        eq(orders.paymentProvider, deps.payments.name),
        lt(orders.refundRequestedAt, new Date(now.getTime() - REFUND_RECONCILE_AFTER_MS)),
      ),
    )
    // The longest waiting first, and the oldest asked again only after the rest: each run takes the
    // next `limit` by the time they were last asked for.
    .orderBy(asc(orders.refundRequestedAt))
    .limit(limit);
  let recorded = 0;
  for (const order of stale) {
    try {
      if (await recordUnrecordedRefund(deps, order, order.refundingKobo)) recorded++;
    } catch (error) {
      deps.logger.error({ err: error, orderId: order.id }, 'could not reconcile a requested refund');
    }
  }
  return recorded;
}

/**
 * The admin's Refund button: requests the refund (committed with its job), then asks the provider at
 * once, in this request, as the job would: so the common case reads as done at once and no request
 * waits on the queue. The job stays the fallback: a provider that cannot be reached leaves it to the
 * queue's retries ('requested'), and a job a worker took first is that worker's alone (jobs.runNow),
 * so the provider is asked once. A refusal for good is a Conflict with the provider's reason.
 */
export async function refundOrder(
  deps: RefundDeps,
  admin: AdminActor,
  orderId: string,
  request: RefundRequest,
): Promise<RefundOutcome> {
  return refundNow(deps, await requestRefund(deps, admin, orderId, request));
}

/** Carries out a refund just asked for, here and now unless a worker has it; see refundOrder. */
export async function refundNow(deps: RefundDeps, { jobId, job }: RefundAsked): Promise<RefundOutcome> {
  await deps.jobs.runNow(deps.db, 'refund', jobId, () => carryOutRefund(deps, job));
  const [order] = await deps.db
    .select({ refundStatus: orders.refundStatus, refundFailure: orders.refundFailure })
    .from(orders)
    .where(eq(orders.id, job.orderId));
  if (order?.refundStatus === 'failed')
    throw new Conflict(
      order.refundFailure ? `${REFUND_FAILED.refused}: ${order.refundFailure}` : REFUND_FAILED.refused,
      REFUND_FAILED.title,
    );
  if (order?.refundStatus === 'processed' || order?.refundStatus === 'pending') return order.refundStatus;
  return 'requested';
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
  deps: RefundDeps,
  transactionReference: string,
  outcome: 'processed' | 'failed',
  refund: { id?: string; amountKobo?: number } = {},
): Promise<boolean> {
  const [asked] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentReference, transactionReference), eq(orders.refundStatus, 'requested')));
  // Our request has no answer yet, so its refund has no id here to match the event's: a repeated or late
  // event about an earlier refund must not close it. The provider's own list decides (it throws while
  // the provider cannot be asked: the webhook answers 5xx and Paystack sends the event again).
  if (asked && outcome === 'processed') return recordUnrecordedRefund(deps, asked, asked.refundingKobo);
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ refundReference: orders.refundReference, refundStatus: orders.refundStatus })
      .from(orders)
      .where(eq(orders.paymentReference, transactionReference));
    if (!order) return false;
    // A late event about an earlier attempt (it failed, the admin tried again) is not this refund's.
    const open = order.refundStatus === 'requested' || order.refundStatus === 'pending';
    if (
      open &&
      refund.id !== undefined &&
      order.refundReference !== null &&
      order.refundReference !== refund.id
    )
      return false;
    if (outcome === 'failed')
      return (
        open &&
        (await changeOrder(
          tx,
          deps,
          { reference: transactionReference },
          { kind: 'refund-fail', failure: null },
        )) !== null
      );
    // A processed refund for an order whose own attempt reads failed is recorded only if no refund of
    // ours is on record for it (the crash gap above, or a refund made in the provider's dashboard).
    if (order.refundStatus === 'failed' && order.refundReference !== null) return false;
    const changed = await changeOrder(
      tx,
      deps,
      { reference: transactionReference },
      { kind: 'refund-processed', amountKobo: refund.amountKobo ?? null, reference: refund.id ?? null },
    );
    if (changed && !open)
      deps.logger.info({ orderId: changed.orderId }, 'a refund never recorded here was processed: recorded');
    return changed !== null;
  });
}
