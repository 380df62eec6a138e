import { and, asc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import { preparedPerDb } from '../../db/prepared';
import { orders } from '../../db/schema';
import { NotFound } from '../errors';
import { releaseStaleCodeHolds } from '../orders/code-holds';
import { changeOrder } from '../orders/lifecycle';
import { findOwnOrder } from '../orders/service';
import { PaymentProviderError, type PaymentOutcome } from '../payments/provider';
import {
  PAYMENT_REMINDER_AFTER_MS,
  PAYMENT_REMINDER_LAST_MS,
  PENDING_ORDER_LIFETIME_MS,
} from '../orders/payment-state';
import { type CheckoutDeps, CAPPED_CODE_HOLD_MS } from './deps';

type OrderRow = typeof orders.$inferSelect;

/** Settling payments: marking paid once, ending unpaid orders, expiring them. */

/** Ends an unpaid order, by its payment reference, as declined or not paid in time (core/orders/lifecycle.ts). */
export async function releaseOrder(
  deps: Pick<CheckoutDeps, 'db' | 'logger' | 'jobs' | 'publicUrl'>,
  reference: string,
  outcome: 'failed' | 'expired',
): Promise<boolean> {
  const changed = await deps.db.transaction((tx) =>
    changeOrder(tx, deps, { reference }, { kind: outcome === 'failed' ? 'decline' : 'expire' }),
  );
  if (changed) deps.logger.info({ reference, outcome }, 'order released');
  return changed !== null;
}

/**
 * Unpaid orders placed more than CAPPED_CODE_HOLD_MS ago give back their use of a code that has a
 * usage limit, so the next buyer can have it. The order itself stays payable until it expires; a
 * payment that still comes is honoured (markPaid counts the use again if the limit allows).
 */
export async function releaseHeldCodeUses(
  deps: Pick<CheckoutDeps, 'db' | 'logger' | 'now'>,
): Promise<number> {
  const cutoff = new Date((deps.now?.() ?? new Date()).getTime() - CAPPED_CODE_HOLD_MS);
  const released = await deps.db.transaction((tx) => releaseStaleCodeHolds(tx, cutoff));
  for (const reference of released)
    deps.logger.info({ reference }, 'unpaid order released its use of a capped discount code');
  return released.length;
}

/**
 * Marks an order paid, once (DESIGN §1), through the order's lifecycle: in one transaction the order
 * becomes paid, its event and notification are written, its code's use stays counted and its receipt
 * is queued (the job queue mails it, with retries; no payment waits for SMTP). A payment that arrives
 * after the order ended unpaid still settles it (the money moved).
 */
async function markPaid(deps: CheckoutDeps, order: OrderRow, paidAt: Date | null): Promise<boolean> {
  const changed = await deps.db.transaction((tx) =>
    changeOrder(tx, deps, { id: order.id }, { kind: 'pay', paidAt }),
  );
  return changed !== null;
}

/**
 * 'unverified': the provider could not be asked just now; nothing changed. 'mismatch': the provider
 * reports a payment that is not this order's amount or currency; the order is not paid and a person
 * must refund the payment (logged as an error).
 */
export type Settlement = 'paid' | 'failed' | 'pending' | 'unverified' | 'mismatch';

/** Checkout runs the verify-payment queue (settlePayment), so it says what its job carries. */
declare module '../jobs/queue' {
  interface JobData {
    'verify-payment': { reference: string };
  }
}

const orderByReference = preparedPerDb((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.paymentReference, sql.placeholder('reference'))),
);

/**
 * Asks the provider what happened to a payment and settles the order accordingly. Callback, popup,
 * webhook and the expiry job all come here, in any order and any number of times.
 */
export async function settlePayment(deps: CheckoutDeps, reference: string): Promise<Settlement> {
  const [order] = await orderByReference(deps.db).execute({ reference });
  if (!order) throw new NotFound('We could not find this order.');
  return settle(deps, order);
}

/**
 * settlePayment for the shopper who returns from paying: only their own order (someone else's is as
 * unknown as a made-up reference, NotFound), read once for both the check and the settling.
 */
export async function settleOwnPayment(
  deps: CheckoutDeps,
  userId: string,
  reference: string,
): Promise<Settlement> {
  return settle(deps, await findOwnOrder(deps.db, userId, reference));
}

async function settle(deps: CheckoutDeps, order: typeof orders.$inferSelect): Promise<Settlement> {
  const reference = order.paymentReference;
  if (order.paymentStatus === 'success') return 'paid';
  if (order.paymentProvider !== deps.payments.name) {
    // Only the provider that took the order can say what happened to it.
    deps.logger.warn(
      { reference, placedWith: order.paymentProvider, configured: deps.payments.name },
      'payment provider of the order is not configured: not settled',
    );
    return 'unverified';
  }

  let outcome: PaymentOutcome;
  try {
    outcome = await deps.payments.verify(reference);
  } catch (error) {
    if (PaymentProviderError.is(error)) {
      deps.logger.warn({ err: error, reference }, 'payment verification unavailable');
      return 'unverified';
    }
    throw error;
  }

  if (outcome.status === 'success') {
    if (outcome.amountKobo !== order.totalKobo || outcome.currency !== 'NGN') {
      deps.logger.error(
        { reference, paid: outcome.amountKobo, currency: outcome.currency, expected: order.totalKobo },
        'payment does not match the order: not marked paid, refund it',
      );
      await releaseOrder(deps, reference, 'failed');
      return 'mismatch';
    }
    await markPaid(deps, order, outcome.paidAt);
    return 'paid';
  }
  if (outcome.status === 'failed') {
    await releaseOrder(deps, reference, 'failed');
    return 'failed';
  }
  const [current] = await deps.db
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.paymentReference, reference));
  return current?.paymentStatus === 'pending'
    ? 'pending'
    : current?.paymentStatus === 'success'
      ? 'paid'
      : 'failed';
}

/**
 * Unpaid orders due their payment reminder (issue 35): placed 10 or more minutes ago and not yet
 * reminded. Each is asked about once more (a payment may have gone through without its callback), and
 * only one the provider says is still unpaid is proposed to the lifecycle, which decides under the
 * order's lock whether the reminder is still due (transitions.ts `remind`): a payment, a cancel or an
 * expiry that got there first wins.
 */
export async function remindUnpaidOrders(deps: CheckoutDeps, limit = 50): Promise<number> {
  const at = () => deps.now?.() ?? new Date();
  const now = at();
  const due = await deps.db
    .select({ id: orders.id, reference: orders.paymentReference })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'pending'),
        eq(orders.paymentProvider, deps.payments.name),
        isNull(orders.paymentRemindedAt),
        lte(orders.createdAt, new Date(now.getTime() - PAYMENT_REMINDER_AFTER_MS)),
        gt(orders.createdAt, new Date(now.getTime() - PENDING_ORDER_LIFETIME_MS + PAYMENT_REMINDER_LAST_MS)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
  let reminded = 0;
  for (const { id, reference } of due) {
    try {
      if ((await settlePayment(deps, reference)) !== 'pending') continue;
      // The time of the decision, after the provider was asked.
      const changed = await deps.db.transaction((tx) =>
        changeOrder(tx, deps, { id }, { kind: 'remind', now: at() }),
      );
      if (changed) reminded++;
    } catch (error) {
      deps.logger.error({ err: error, reference }, 'could not remind an unpaid order');
    }
  }
  return reminded;
}

/**
 * Unpaid orders older than 30 minutes: asked about once more (a payment may have gone through
 * without its callback or webhook), then expired, which releases their code reservations.
 */
export async function expireStaleOrders(deps: CheckoutDeps, limit = 50): Promise<number> {
  const cutoff = new Date((deps.now?.() ?? new Date()).getTime() - PENDING_ORDER_LIFETIME_MS);
  const stale = await deps.db
    .select({ reference: orders.paymentReference })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'pending'),
        eq(orders.paymentProvider, deps.payments.name),
        lt(orders.createdAt, cutoff),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
  let expired = 0;
  for (const { reference } of stale) {
    try {
      const settled = await settlePayment(deps, reference);
      // Only when the provider answered that it is still unpaid; 'unverified' waits for the next run.
      if (settled === 'pending' && (await releaseOrder(deps, reference, 'expired'))) expired++;
    } catch (error) {
      deps.logger.error({ err: error, reference }, 'could not expire a stale order');
    }
  }
  return expired;
}
