import { and, asc, desc, eq, gte, inArray, like, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders, user } from '../../db/schema';
import { assertOwner, type AdminActor, STAFF_ORDER_STATUSES } from '../roles';
import { recordAdminChange } from '../audit/log';
import { changeOrder, factsOf, ORDER_STATE_COLUMNS, type LifecycleDeps } from './lifecycle';
import { decide, keptKobo, statusChoices, type StatusChoice } from './transitions';
import { releaseCodeUses } from '../discounts/uses';
import { escapeLikePattern } from '../text';
import { Conflict, NotFound } from '../errors';
import { countedPage, countUpTo } from '../paging-queries';
import type { Counted } from '../paging';
import { shortOrderId } from '../notifications/messages';
import type { OrderListQuery, PaymentFilter } from './schemas';
import type { OrderStatus, PaymentStatus } from './statuses';
import { describeOrder, type OrderWords } from './words';
import { refundHistory } from './refund-history';
import { lineOrigins, type LineOrigin } from '../sellers/line-origins';
import { phoneSearchForm } from '../phone-display';

type RefundHistory = Awaited<ReturnType<typeof refundHistory>>;

/** The admin's orders screen (spec §2 "Orders", §4 "Orders (admin)"): every function takes the actor. */

export const ADMIN_ORDERS_PAGE_SIZE = 25;

/** Spec §9: at most 3 thumbnails in a row, then '+N'. */
const THUMBNAILS = 3;

const PAYMENT_STATUSES_OF: Record<PaymentFilter, PaymentStatus[]> = {
  paid: ['success'],
  awaiting: ['pending'],
  failed: ['failed', 'expired'],
};

export const ORDER_NOT_FOUND = 'This order no longer exists.';

export const ORDER_DELETE_REFUSED =
  'This order has been paid, and the books keep paid orders. Cancel and refund it first if it will not be fulfilled.';

export const ORDER_DELETE_UNREFUNDED =
  'This order was paid and has not been refunded: refund it first, so the books keep the money it took.';

export const ORDER_DELETE_AWAITING_PAYMENT =
  'This order may still be paid: it can be deleted once its payment has failed or expired (30 minutes after it was placed).';

export interface AdminOrderRow {
  id: string;
  createdAt: Date;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** What its state reads as, for the shop (core/orders/words.ts). */
  words: OrderWords;
  totalKobo: number;
  recipient: string;
  customerEmail: string | null;
  itemCount: number;
  thumbnails: { name: string; imageUrl: string | null }[];
}

export interface AdminOrderPage extends Counted {
  orders: AdminOrderRow[];
  page: number;
  pages: number;
}

/** The uuids that begin with `text` ("a5a92074", "A5A9-"), as an inclusive range; null if it cannot. */
export function orderIdPrefixRange(text: string): { from: string; to: string } | null {
  const hex = text.trim().toLowerCase().replace(/-/g, '');
  if (!/^[0-9a-f]{1,32}$/.test(hex)) return null;
  const shape = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return { from: shape(hex.padEnd(32, '0')), to: shape(hex.padEnd(32, 'f')) };
}

/** Spec §5 "Admin filters": id, recipient name, address or phone, case-insensitive. */
export function listConditions(query: OrderListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = `%${escapeLikePattern(query.q.toLowerCase())}%`;
    // The recipient's name, address and phone under their trigram index; an id by its beginning (the
    // 8 characters shown), as a range of the uuid index.
    // A phone typed as people write it ("0809 111") also finds the number stored as +234….
    const phone = phoneSearchForm(query.q);
    const recipient = phone
      ? or(
          like(orders.recipientSearch, pattern),
          like(orders.recipientSearch, `%${escapeLikePattern(phone)}%`),
        )!
      : like(orders.recipientSearch, pattern);
    const idPrefix = orderIdPrefixRange(query.q);
    conditions.push(
      idPrefix ? or(recipient, and(gte(orders.id, idPrefix.from), lte(orders.id, idPrefix.to))) : recipient,
    );
  }
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.payment) conditions.push(inArray(orders.paymentStatus, PAYMENT_STATUSES_OF[query.payment]));
  if (query.userId) conditions.push(eq(orders.userId, query.userId));
  if (query.slot) conditions.push(eq(orders.deliverySlotDayId, query.slot));
  return and(...conditions);
}

/** One page of orders, newest first, with what the table shows (spec §2). */
export async function listOrdersForAdmin(
  db: Db,
  _admin: AdminActor,
  query: OrderListQuery,
): Promise<AdminOrderPage> {
  const where = listConditions(query);
  const { rows, ...counted } = await countedPage(
    countUpTo(db, orders, where),
    query.page,
    ADMIN_ORDERS_PAGE_SIZE,
    (offset) =>
      db
        .select({
          id: orders.id,
          createdAt: orders.createdAt,
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          totalKobo: orders.totalKobo,
          state: ORDER_STATE_COLUMNS,
          recipient: orders.shippingName,
          customerEmail: user.email,
        })
        .from(orders)
        .leftJoin(user, eq(user.id, orders.userId))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(ADMIN_ORDERS_PAGE_SIZE)
        .offset(offset),
  );
  const ids = rows.map((r) => r.id);
  const now = new Date();
  const items = ids.length
    ? await db
        .select({
          orderId: orderItems.orderId,
          name: orderItems.productName,
          imageUrl: orderItems.productImageUrl,
        })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.id))
    : [];
  return {
    orders: rows.map(({ state, ...row }) => {
      const own = items.filter((i) => i.orderId === row.id);
      return {
        itemCount: own.length,
        thumbnails: own.slice(0, THUMBNAILS).map(({ name, imageUrl }) => ({ name, imageUrl })),
        words: describeOrder(state, 'shop', now),
        ...row,
      };
    }),
    ...counted,
  };
}

export interface AdminOrderDetails {
  order: typeof orders.$inferSelect;
  words: OrderWords;
  /** The status buttons, as the lifecycle allows them (a paid order is cancelled by a full refund). */
  choices: StatusChoice[];
  /** What is kept of the payment: what a refund may give back. */
  keptKobo: number;
  /** Whether the lifecycle takes a refund now (paid, something kept, no refund under way). */
  canRefund: boolean;
  items: (typeof orderItems.$inferSelect)[];
  /** The farm each line that named one is packed from, by its batch. */
  origins: Record<number, LineOrigin>;
  customerEmail: string | null;
  discountCode: string | null;
  freeDelivery: boolean;
  /** Spec §9: admin order views compute the subtotal as total − delivery fee + discount. */
  subtotalKobo: number;
  /** Its refunds, oldest first, and what each line has left to refund. */
  refunds: RefundHistory['refunds'];
  linesLeft: RefundHistory['linesLeft'];
}

/** Everything the details dialog shows (items, amounts, payment, delivery, recipient). */
export async function getOrderForAdmin(
  db: Db,
  _admin: AdminActor,
  orderId: string,
): Promise<AdminOrderDetails> {
  const [row] = await db
    .select({ order: orders, customerEmail: user.email })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) throw new NotFound(ORDER_NOT_FOUND);
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const { order } = row;
  const freeDelivery = order.discountType === 'free_delivery';
  const [{ refunds, linesLeft }, origins] = await Promise.all([
    refundHistory(db, orderId, items, 'shop'),
    lineOrigins(
      db,
      items.map((i) => i.batchId),
    ),
  ]);
  return {
    origins,
    refunds,
    linesLeft,
    order,
    words: describeOrder(order, 'shop'),
    choices: statusChoices(factsOf(order)),
    keptKobo: keptKobo(factsOf(order)),
    canRefund:
      decide(factsOf(order), { kind: 'refund-request', amountKobo: keptKobo(factsOf(order)) }).outcome ===
      'changed',
    items,
    customerEmail: row.customerEmail,
    discountCode: order.discountCode,
    freeDelivery,
    subtotalKobo: order.totalKobo - order.deliveryFeeKobo + (freeDelivery ? 0 : order.discountKobo),
  };
}

export type OrderStatusDeps = LifecycleDeps & { db: Db };

/**
 * Spec §4: an admin sets processing, shipped, delivered or cancelled. The order's lifecycle
 * (transitions.ts) guards it: nothing unpaid is processed, shipped or delivered, nothing cancelled or
 * refunded in full goes on, nothing delivered goes back; a paid order is cancelled by refunding it
 * (refunds.ts). The status, its event, the owner's notification and e-mail and the audit row are
 * written in one transaction.
 */
export async function updateOrderStatus(
  deps: OrderStatusDeps,
  admin: AdminActor,
  orderId: string,
  status: OrderStatus,
): Promise<void> {
  if (!STAFF_ORDER_STATUSES.includes(status)) assertOwner(admin);
  await deps.db.transaction((tx) =>
    changeOrder(
      tx,
      deps,
      { id: orderId },
      status === 'cancelled' ? { kind: 'shop-cancel' } : { kind: 'set-status', status },
      { admin, notFound: ORDER_NOT_FOUND },
    ),
  );
}

/**
 * Deletes an order (its items and notifications' links go with it). The books keep paid orders: one
 * that is not cancelled, or cancelled but not refunded, stays. An order still waiting for its payment
 * stays too, since its payment link still works and a payment without its order would be lost.
 */
export async function deleteOrder(db: Db, admin: AdminActor, orderId: string): Promise<void> {
  assertOwner(admin);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) throw new NotFound(ORDER_NOT_FOUND);
    if (current.paymentStatus === 'pending')
      throw new Conflict(ORDER_DELETE_AWAITING_PAYMENT, 'Delete Failed');
    if (current.paymentStatus === 'success') {
      if (current.status !== 'cancelled') throw new Conflict(ORDER_DELETE_REFUSED, 'Delete Failed');
      // Refunded, and all of it: a partly refunded order keeps money the books must show.
      if (current.refundStatus !== 'processed' || keptKobo(factsOf(current)) > 0)
        throw new Conflict(ORDER_DELETE_UNREFUNDED, 'Delete Failed');
    }
    await tx.delete(orders).where(eq(orders.id, orderId));
    // A use of a code this order still counted is given back.
    if (current.discountUseHeld && current.discountCodeId !== null)
      await releaseCodeUses(tx, current.discountCodeId);
    await recordAdminChange(tx, admin, {
      kind: 'order',
      action: 'deleted',
      subjectId: orderId,
      subjectLabel: `#${shortOrderId(orderId)}`,
      before: current,
    });
  });
}
