import { and, asc, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { discountCodes, notifications, orderEvents, orderItems, orders, user } from '../../db/schema';
import { findOwnOrder } from '../orders/service';
import { DELIVERY_METHOD_LABELS } from '../delivery/methods';
import { NotFound } from '../errors';
import { orderReceiptEmail } from '../mail/templates';
import { orderReceivedMessage } from '../notifications/messages';
import { recordOrderEvent } from '../orders/events';
import type { OrderEventKind } from '../orders/statuses';
import { PaymentProviderError, type PaymentOutcome } from '../payments/provider';
import { PENDING_ORDER_LIFETIME_MS, type CheckoutDeps, type LogLike, CAPPED_CODE_HOLD_MS } from './deps';

type OrderRow = typeof orders.$inferSelect;

/** Settling payments: marking paid once, releasing unpaid orders and their code uses, expiring them. */

/**
 * Ends the unpaid order `which` as failed (declined) or expired (abandoned or superseded): it is
 * cancelled, and its code use released if it still held one. Only a pending order changes, so the
 * release happens once however often this runs.
 */
export async function releaseOrderIn(
  tx: Tx,
  logger: LogLike,
  which: SQL | undefined,
  outcome: 'failed' | 'expired',
  event: OrderEventKind = outcome === 'failed' ? 'payment_failed' : 'expired',
): Promise<boolean> {
  const [before] = await tx
    .select({ held: orders.discountUseHeld })
    .from(orders)
    .where(and(which, eq(orders.paymentStatus, 'pending')))
    .for('update');
  if (!before) return false;
  const [released] = await tx
    .update(orders)
    .set({ paymentStatus: outcome, status: 'cancelled', discountUseHeld: false })
    .where(and(which, eq(orders.paymentStatus, 'pending')))
    .returning({
      id: orders.id,
      reference: orders.paymentReference,
      discountCodeId: orders.discountCodeId,
    });
  if (!released) return false;
  await recordOrderEvent(tx, released.id, event);
  if (before.held && released.discountCodeId !== null) {
    await tx
      .update(discountCodes)
      .set({ usedCount: sql`greatest(${discountCodes.usedCount} - 1, 0)` })
      .where(eq(discountCodes.id, released.discountCodeId));
  }
  logger.info({ reference: released.reference, outcome }, 'order released');
  return true;
}

/** Ends an unpaid order as failed or expired (releaseOrderIn), by its payment reference. */
export async function releaseOrder(
  deps: Pick<CheckoutDeps, 'db' | 'logger'>,
  reference: string,
  outcome: 'failed' | 'expired',
): Promise<boolean> {
  return deps.db.transaction((tx) =>
    releaseOrderIn(tx, deps.logger, eq(orders.paymentReference, reference), outcome),
  );
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
  return deps.db.transaction(async (tx) => {
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
            tx
              .select({ id: discountCodes.id })
              .from(discountCodes)
              .where(isNotNull(discountCodes.usageLimit)),
          ),
        ),
      )
      .returning({ reference: orders.paymentReference, discountCodeId: orders.discountCodeId });
    const perCode = new Map<number, number>();
    for (const { discountCodeId } of released)
      if (discountCodeId !== null) perCode.set(discountCodeId, (perCode.get(discountCodeId) ?? 0) + 1);
    for (const [codeId, uses] of perCode) {
      await tx
        .update(discountCodes)
        .set({ usedCount: sql`greatest(${discountCodes.usedCount} - ${uses}, 0)` })
        .where(eq(discountCodes.id, codeId));
    }
    for (const { reference } of released)
      deps.logger.info({ reference }, 'unpaid order released its use of a capped discount code');
    return released.length;
  });
}

/** What marking paid tells the rest of markPaid: the code use, and who gets the receipt of what. */
interface PaidOrder {
  discountCodeId: number | null;
  discountUseHeld: boolean;
  email: string | null;
  name: string | null;
  items: { name: string; quantity: number; totalKobo: number }[];
}

/**
 * The order becomes paid, unless it already is, in one statement (a round trip to PostgreSQL costs
 * more than the work here; decision 029): the update also takes the row's lock, so a second
 * settlement of the same payment (callback, webhook and expiry job may race) finds it paid and
 * changes nothing. With it, the order's 'paid' event (core/orders/events.ts) and the customer's
 * notification are written, and the owner and items for the receipt are read. An order whose
 * customer deleted their account meanwhile is still paid; there is nobody to tell.
 */
function markPaidStatement(orderId: string, paidAt: Date, message: string): SQL {
  return sql`
    with paid as (
      update ${orders}
      set payment_status = 'success', paid_at = ${paidAt.toISOString()}::timestamptz,
        -- A late payment revives an order that had been cancelled for want of one.
        status = 'pending', updated_at = now()
      where id = ${orderId} and payment_status <> 'success'
      returning id, user_id, discount_code_id, discount_use_held
    ), paid_event as (
      insert into ${orderEvents} (order_id, kind) select id, 'paid' from paid
    ), notified as (
      insert into ${notifications} (user_id, order_id, message)
      select user_id, id, ${message} from paid where user_id is not null
    )
    select paid.discount_code_id as "discountCodeId", paid.discount_use_held as "discountUseHeld",
      owner.email, owner.name,
      coalesce((
        select json_agg(json_build_object(
          'name', item.product_name, 'quantity', item.quantity, 'totalKobo', item.total_price_kobo
        ) order by item.id)
        from ${orderItems} item where item.order_id = paid.id
      ), '[]') as items
    from paid left join ${user} owner on owner.id = paid.user_id`;
}

const orderHoldsItsCodeUse = preparedPerDb((db) =>
  db
    .update(orders)
    .set({ discountUseHeld: true, updatedAt: sql`now()` })
    .where(eq(orders.id, sql.placeholder('orderId'))),
);

/**
 * Marks an order paid, once (DESIGN §1): in one transaction the order becomes paid, its notification
 * is written, its code's use stays counted and its receipt is queued (the job queue mails it, with
 * retries; no payment waits for SMTP). A payment that arrives after the order expired still settles
 * it (the money moved); its code use is counted again if the limit still allows.
 */
async function markPaid(deps: CheckoutDeps, order: OrderRow, paidAt: Date | null): Promise<boolean> {
  const reference = order.paymentReference;
  return deps.db.transaction(async (tx) => {
    const [paid] = await queryRows<PaidOrder>(
      tx,
      markPaidStatement(order.id, paidAt ?? new Date(), orderReceivedMessage(order.id)),
    );
    if (!paid) return false;
    // A payment for an order whose code use was released (expired, or held past CAPPED_CODE_HOLD_MS)
    // is honoured: the money moved. The use is counted again if the limit still allows.
    if (paid.discountCodeId !== null && !paid.discountUseHeld) {
      const recounted = await tx
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
        .where(
          and(
            eq(discountCodes.id, paid.discountCodeId),
            sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
          ),
        )
        .returning({ id: discountCodes.id });
      if (recounted.length > 0) {
        await orderHoldsItsCodeUse(tx).execute({ orderId: order.id });
        deps.logger.info({ reference }, 'late payment: its released discount code use is counted again');
      } else deps.logger.warn({ reference }, 'late payment: the discount code had reached its limit again');
    }
    if (paid.email === null || paid.name === null) return true;
    await deps.jobs.send(
      tx,
      'mail',
      receiptFor(deps, { email: paid.email, name: paid.name }, order, paid.items),
    );
    return true;
  });
}

function receiptFor(
  deps: Pick<CheckoutDeps, 'publicUrl' | 'formatMoney'>,
  owner: { email: string; name: string },
  paid: OrderRow,
  items: PaidOrder['items'],
) {
  return orderReceiptEmail({
    to: owner.email,
    name: owner.name,
    orderId: paid.id,
    items,
    subtotalKobo: paid.subtotalKobo,
    deliveryFeeKobo: paid.deliveryFeeKobo,
    discountKobo: paid.discountKobo,
    freeDelivery: paid.discountType === 'free_delivery',
    totalKobo: paid.totalKobo,
    delivery: `${DELIVERY_METHOD_LABELS[paid.deliveryMethod]}, ${paid.pickupLocation ?? paid.deliveryLocation}`,
    accountUrl: `${deps.publicUrl}/account?tab=orders`,
    formatMoney: deps.formatMoney,
  });
}

/**
 * 'unverified': the provider could not be asked just now; nothing changed. 'mismatch': the provider
 * reports a payment that is not this order's amount or currency; the order is not paid and a person
 * must refund the payment (logged as an error).
 */
export type Settlement = 'paid' | 'failed' | 'pending' | 'unverified' | 'mismatch';

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
