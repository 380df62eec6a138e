import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  notifications,
  orderClaims,
  orderEvents,
  orderItems,
  orderRefunds,
  orders,
  user,
} from '../../db/schema';
import type { AdminActor } from '../roles';
import { recordAdminChange } from '../audit/log';
import { DELIVERY_METHOD_LABELS } from '../delivery/methods';
import { countCodeUseAgain, releaseCodeUses } from '../discounts/uses';
import { moveOrderStock, type HoldMove } from '../stock/holds';
import { moveSlotBooking } from '../delivery/slot-bookings';
import { slotDateLabel } from '../delivery/slots';
import { Conflict, NotFound } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { orderReceiptEmail, orderStatusEmail } from '../mail/templates';
import { formatNaira } from '../money';
import { shopMoment, shopTime } from '../calendar';
import { queueOrderMessage } from '../messages/queue';
import { itemsLine, type MessageKind } from '../messages/templates';
import { postOrderLedger } from '../sellers/ledger';
import {
  claimDecidedMessage,
  claimPossibleMessage,
  orderReceivedMessage,
  orderStatusMessage,
  paymentReminderMessage,
  refundMessage,
  shortOrderId,
} from '../notifications/messages';
import { claimableLines } from './claim-lines';
import { openClaimLines } from './claim-window';
import type { OrderEventKind, OrderStatus, RefundedLine, RefundReason } from './statuses';
import { decide, type HoldChange, type Notice, type OrderChange, type OrderFacts } from './transitions';

/**
 * The one writer of an order's state. Every change — pay, decline,
 * expire, replace, shopper cancel, the shop's status changes and cancels, refunds asked, accepted,
 * failed or found — comes through `changeOrder`, which in the caller's transaction locks the order,
 * asks the transition table (transitions.ts) what the change does, and writes the new state, the
 * order's event, the discount code's use, the customer's notification and e-mail (a job of the
 * queue) and the admin's audit row. It returns what changed. Placing an order is `placeOrderRows`.
 */

export interface LifecycleDeps {
  jobs: JobQueue;
  publicUrl: string;
  logger: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

/** What a change records beside the facts of the table. */
export type AppliedChange =
  | (Extract<OrderChange, { kind: 'pay' }> & { paidAt?: Date | null })
  | (Extract<OrderChange, { kind: 'refund-request' }> & {
      reason: RefundReason;
      /** The lines given back, for a refund by line. */
      lines?: RefundedLine[];
      note?: string | null;
      /** The freshness claim this refund settles (an approved claim's). */
      claimId?: number;
    })
  | (Extract<OrderChange, { kind: 'refund-accept' }> & { reference: string | null })
  | (Extract<OrderChange, { kind: 'refund-processed' }> & { reference?: string | null })
  | (Extract<OrderChange, { kind: 'claim-file' }> & {
      lines: RefundedLine[];
      description: string;
      photoUrl: string;
    })
  | Exclude<
      OrderChange,
      { kind: 'pay' | 'refund-request' | 'refund-accept' | 'refund-processed' | 'claim-file' }
    >;

export interface OrderChanged {
  orderId: string;
  reference: string;
  userId: string | null;
  before: OrderFacts;
  after: OrderFacts;
  event: OrderEventKind | null;
}

type OrderRow = typeof orders.$inferSelect;

/** The columns of an order core/orders/words.ts names its state from, for a query's select. */
export const ORDER_STATE_COLUMNS = {
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  cancelReason: orders.cancelReason,
  refundStatus: orders.refundStatus,
  refundedKobo: orders.refundedKobo,
  refundingKobo: orders.refundingKobo,
  totalKobo: orders.totalKobo,
  createdAt: orders.createdAt,
};

/** The page where the buyer follows an order: every message about an order links it. */
export function orderPageUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl}/account/orders/${orderId}`;
}

export function factsOf(order: OrderRow): OrderFacts {
  return {
    status: order.status,
    paymentStatus: order.paymentStatus,
    cancelReason: order.cancelReason,
    refundStatus: order.refundStatus,
    refundedKobo: order.refundedKobo ?? 0,
    refundingKobo: order.refundingKobo,
    totalKobo: order.totalKobo,
    holdsCodeUse: order.discountUseHeld,
    hasCode: order.discountCodeId !== null,
    holds: order.holds,
    claimStatus: order.claimStatus,
    placedAt: order.createdAt,
    paymentRemindedAt: order.paymentRemindedAt,
  };
}

/**
 * Applies `change` to the order `which` (by id or payment reference) in `tx`. Returns what changed, or
 * null when nothing did (already so: a repeated callback, a late webhook). A change the order's state
 * refuses throws Conflict with the table's reason and `refusedTitle`; an unknown order, NotFound.
 */
export async function changeOrder(
  tx: Tx,
  deps: LifecycleDeps,
  which: { id: string } | { reference: string },
  change: AppliedChange,
  options: { admin?: AdminActor; refusedTitle?: string; notFound?: string } = {},
): Promise<OrderChanged | null> {
  const where: SQL = 'id' in which ? eq(orders.id, which.id) : eq(orders.paymentReference, which.reference);
  const [row] = await tx
    .select({ order: orders, email: user.email, name: user.name })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(where)
    .for('update', { of: orders });
  if (!row) throw new NotFound(options.notFound ?? 'This order no longer exists.');
  const { order } = row;
  const before = factsOf(order);
  const decision = decide(before, change);
  if (decision.outcome === 'unchanged') {
    // A replaced order gives its Pay key to the order that replaces it, even one that ended unpaid.
    if (change.kind === 'replace')
      await tx.update(orders).set({ idempotencyKey: null }).where(eq(orders.id, order.id));
    return null;
  }
  if (decision.outcome === 'refused')
    throw new Conflict(decision.message, options.refusedTitle ?? 'Update Failed');

  const set: Partial<typeof orders.$inferInsert> = { ...decision.to, updatedAt: new Date() };
  if (change.kind === 'pay') set.paidAt = change.paidAt ?? new Date();
  if (change.kind === 'replace') set.idempotencyKey = null;
  if (change.kind === 'refund-request')
    Object.assign(set, { refundRequestedAt: new Date(), refundFailure: null });
  if (change.kind === 'refund-accept') set.refundReference = change.reference;
  if (change.kind === 'refund-fail') set.refundFailure = change.failure;
  if (
    change.kind === 'refund-processed' &&
    before.refundStatus !== 'pending' &&
    before.refundStatus !== 'requested'
  )
    Object.assign(set, { refundReference: change.reference ?? null, refundFailure: null });
  if (decision.codeUse === 'release' && order.discountCodeId !== null) {
    await releaseCodeUses(tx, order.discountCodeId);
    set.discountUseHeld = false;
  }
  if (decision.codeUse === 'count-again' && order.discountCodeId !== null) {
    if (await countCodeUseAgain(tx, order.discountCodeId)) {
      set.discountUseHeld = true;
      deps.logger.info(
        { reference: order.paymentReference },
        'late payment: its discount code use is counted again',
      );
    } else
      deps.logger.warn(
        { reference: order.paymentReference },
        'late payment: the discount code had reached its limit',
      );
  }
  if (decision.holds) set.holds = decision.holds === 'release' ? 'released' : 'kept';
  const [updated] = await tx.update(orders).set(set).where(eq(orders.id, order.id)).returning();
  const after = factsOf(updated!);
  await recordRefund(tx, order.id, before, after, change, options.admin);
  await recordClaim(tx, order.id, change, options.admin);
  const [event] = decision.event
    ? await tx
        .insert(orderEvents)
        .values({ orderId: order.id, kind: decision.event })
        .returning({ id: orderEvents.id, kind: orderEvents.kind, createdAt: orderEvents.createdAt })
    : [];
  if (decision.notice && event && order.userId && row.email !== null && row.name !== null)
    await tell(tx, deps, updated!, { email: row.email, name: row.name }, decision.notice, event);
  if (options.admin) await audit(tx, options.admin, order, updated!, change);
  // A delivered order's sellers are credited, and a refund of their lines taken back (core/sellers/ledger.ts).
  if (updated!.status === 'delivered') await postOrderLedger(tx, order.id);
  // Last: a hot product's row is locked from here to the commit only.
  if (decision.holds) await moveHolds(tx, deps, order, decision.holds);
  return {
    orderId: order.id,
    reference: order.paymentReference,
    userId: order.userId,
    before,
    after,
    event: decision.event,
  };
}

/** The order's held stock follows the table's hold change (`order` as it was before it). */
async function moveHolds(tx: Tx, deps: LifecycleDeps, order: OrderRow, change: HoldChange) {
  const move: HoldMove =
    change === 'release' ? (order.holds === 'kept' ? 'release-kept' : 'release-held') : change;
  const short = await moveOrderStock(tx, order.id, move);
  if (short.length > 0)
    deps.logger.warn(
      { reference: order.paymentReference, products: short },
      'late payment: the shop has less of these products than the order takes',
    );
  // The order's delivery slot goes with its stock: given back when released, taken again when paid late.
  if (order.deliverySlotDayId !== null && change !== 'keep') {
    const over = await moveSlotBooking(tx, order.deliverySlotDayId, change);
    if (over)
      deps.logger.warn(
        { reference: order.paymentReference, slotDay: order.deliverySlotDayId },
        'late payment: its delivery slot now holds more orders than its capacity',
      );
  }
}

const isOpen = (status: OrderFacts['refundStatus']) => status === 'requested' || status === 'pending';

/**
 * The order's refund rows, kept with its refund state: a refund asked for is a new row; the one under
 * way follows the provider's answers; a refund found at the provider that was never asked for here is
 * a row of its own.
 */
async function recordRefund(
  tx: Tx,
  orderId: string,
  before: OrderFacts,
  after: OrderFacts,
  change: AppliedChange,
  admin: AdminActor | undefined,
): Promise<void> {
  if (change.kind === 'refund-request') {
    await tx.insert(orderRefunds).values({
      orderId,
      amountKobo: after.refundingKobo,
      reason: change.reason,
      lines: change.lines ?? [],
      note: change.note?.trim() || null,
      status: 'requested',
      requestedBy: admin?.id ?? null,
      claimId: change.claimId ?? null,
    });
    return;
  }
  if (isOpen(before.refundStatus)) {
    if (after.refundStatus === before.refundStatus) return;
    await tx
      .update(orderRefunds)
      .set({
        status: after.refundStatus!,
        ...(providerReference(change) ? { providerReference: providerReference(change) } : {}),
        ...(change.kind === 'refund-fail' ? { failure: change.failure } : {}),
      })
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, before.refundStatus!)));
    return;
  }
  if (change.kind === 'refund-processed' && after.refundedKobo > before.refundedKobo)
    await tx.insert(orderRefunds).values({
      orderId,
      amountKobo: after.refundedKobo - before.refundedKobo,
      reason: 'provider',
      status: 'processed',
      providerReference: providerReference(change),
    });
}

/** The order's claim rows, kept with its `claim_status`: a claim filed is a row; a decision closes the open one. */
async function recordClaim(tx: Tx, orderId: string, change: AppliedChange, admin: AdminActor | undefined) {
  if (change.kind === 'claim-file')
    await tx.insert(orderClaims).values({
      orderId,
      lines: change.lines,
      description: change.description,
      photoUrl: change.photoUrl,
    });
  if (change.kind === 'claim-decide')
    await tx
      .update(orderClaims)
      .set({
        status: change.outcome,
        decisionNote: change.note?.trim() || null,
        decidedBy: admin?.id ?? null,
        decidedAt: new Date(),
      })
      .where(and(eq(orderClaims.orderId, orderId), eq(orderClaims.status, 'open')));
}

/** The provider's id of the refund a change reports, when it reports one. */
function providerReference(change: AppliedChange): string | null {
  return change.kind === 'refund-accept' || change.kind === 'refund-processed'
    ? (change.reference ?? null)
    : null;
}

/**
 * The customer's notification (the spec's sentence, linked to the order), the same news by e-mail, and
 * on WhatsApp or by SMS as the buyer chose (core/messages/): one message per event of the order.
 */
async function tell(
  tx: Tx,
  deps: LifecycleDeps,
  order: OrderRow,
  owner: { email: string; name: string },
  notice: Notice,
  event: { id: number; kind: OrderEventKind; createdAt: Date },
): Promise<void> {
  const orderUrl = orderPageUrl(deps.publicUrl, order.id);
  const short = shortOrderId(order.id);
  const sendMessage = (kind: MessageKind, params: string[]) =>
    queueOrderMessage(tx, deps.jobs, {
      orderId: order.id,
      userId: order.userId!,
      phone: order.shippingPhone,
      kind,
      params,
      dedupeKey: `order:${order.id}:${event.kind}:${event.id}`,
    });
  if (notice.kind === 'payment-reminder') {
    // On the buyer's channel only: by WhatsApp or SMS, or by e-mail for a buyer who chose e-mail only.
    const until = shopTime(notice.payableUntil);
    const total = formatNaira(order.totalKobo);
    if (!(await sendMessage('payment_reminder', [short, total, until, orderUrl])))
      await deps.jobs.send(
        tx,
        'mail',
        orderStatusEmail({
          to: owner.email,
          name: owner.name,
          orderId: order.id,
          message: paymentReminderMessage(total, until),
          orderUrl,
          action: 'Pay now',
        }),
      );
    return;
  }
  const message =
    notice.kind === 'received'
      ? orderReceivedMessage(order.id)
      : notice.kind === 'status'
        ? await statusMessage(tx, order, notice.status, event.createdAt)
        : notice.kind === 'claim'
          ? claimDecidedMessage(notice.outcome, notice.note)
          : refundMessage(order.id, formatNaira(notice.amountKobo));
  await tx.insert(notifications).values({ userId: order.userId!, orderId: order.id, message });
  if (notice.kind === 'received') {
    const items = await tx
      .select({
        name: orderItems.productName,
        quantity: orderItems.quantity,
        totalKobo: orderItems.totalPriceKobo,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    const delivery = `${DELIVERY_METHOD_LABELS[order.deliveryMethod]}, ${order.pickupLocation ?? order.deliveryLocation}${
      order.deliverySlotStartsAt && order.deliverySlotEndsAt
        ? `, ${slotDateLabel(order.deliverySlotStartsAt, order.deliverySlotEndsAt)}`
        : ''
    }`;
    await deps.jobs.send(
      tx,
      'mail',
      orderReceiptEmail({
        to: owner.email,
        name: owner.name,
        orderId: order.id,
        items,
        subtotalKobo: order.subtotalKobo,
        deliveryFeeKobo: order.deliveryFeeKobo,
        discountKobo: order.discountKobo,
        freeDelivery: order.discountType === 'free_delivery',
        totalKobo: order.totalKobo,
        delivery,
        orderUrl,
        formatMoney: formatNaira,
      }),
    );
    await sendMessage('order_confirmed', [
      short,
      formatNaira(order.totalKobo),
      itemsLine(items),
      delivery,
      orderUrl,
    ]);
    return;
  }
  await deps.jobs.send(
    tx,
    'mail',
    orderStatusEmail({ to: owner.email, name: owner.name, orderId: order.id, message, orderUrl }),
  );
  // A status, or a freshness claim's outcome: the sentence the buyer reads in the app, on their channel.
  if (notice.kind === 'status' || notice.kind === 'claim')
    await sendMessage('order_update', [short, message, orderUrl]);
  if (notice.kind === 'refunded')
    await sendMessage('order_refunded', [short, formatNaira(notice.amountKobo), orderUrl]);
}

/**
 * A status's sentence (the spec's). "Delivered" starts the freshness claim window (decision 043): while
 * the order has something a claim can be made for, it adds when the first of its lines' windows ends,
 * so the buyer knows to look now ("Something wrong? Report it before 02:00.").
 */
async function statusMessage(tx: Tx, order: OrderRow, status: OrderStatus, deliveredAt: Date) {
  const sentence = orderStatusMessage(status);
  if (status !== 'delivered') return sentence;
  const now = new Date();
  const open = openClaimLines(await claimableLines(tx, order.id), deliveredAt, now);
  if (open.length === 0) return sentence;
  const closesAt = new Date(Math.min(...open.map((line) => line.until.getTime())));
  if (decide(factsOf(order), { kind: 'claim-file', now, closesAt }).outcome !== 'changed') return sentence;
  return `${sentence} ${claimPossibleMessage(shopMoment(closesAt, now))}`;
}

async function audit(tx: Tx, admin: AdminActor, before: OrderRow, after: OrderRow, change: AppliedChange) {
  const subject = {
    kind: 'order' as const,
    subjectId: before.id,
    subjectLabel: `#${shortOrderId(before.id)}`,
  };
  if (change.kind === 'refund-request')
    await recordAdminChange(tx, admin, {
      ...subject,
      action: 'refunded',
      before: { status: before.status, refundedKobo: before.refundedKobo ?? 0 },
      after: { status: after.status, refundStatus: after.refundStatus, refundingKobo: after.refundingKobo },
    });
  else if (change.kind === 'claim-decide')
    await recordAdminChange(tx, admin, {
      ...subject,
      action: 'updated',
      before: { claimStatus: before.claimStatus },
      after: { claimStatus: after.claimStatus, claimNote: change.note },
    });
  else
    await recordAdminChange(tx, admin, {
      ...subject,
      action: 'status_changed',
      before: { status: before.status },
      after: { status: after.status },
    });
}
