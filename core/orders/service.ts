import { and, count, desc, eq, inArray, lt, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { notifications, orderItems, orders } from '../../db/schema';
import { deliveryBlocks } from '../delivery/rules';
import { NotFound } from '../errors';
import { lineOrigins, type LineOrigin } from '../sellers/line-origins';
import { listOrderEvents } from './events';
import {
  PENDING_ORDER_LIFETIME_MS,
  payableUntil,
  shopperPaymentState,
  type ShopperPaymentState,
} from './payment-state';
import { ORDER_STATUSES, type OrderStatus } from './statuses';
import { describeOrder, type OrderWords } from './words';
import { isOrderId } from '../ids';
import { refundHistory } from './refund-history';

/** Everything here answers for one user's own orders: there is no parameter to name another's. */

export type OrderWithItems = typeof orders.$inferSelect & {
  items: (typeof orderItems.$inferSelect)[];
  freeDelivery: boolean;
  /** How the shopper sees its payment: an unpaid order past its 30 minutes is expired. */
  paymentState: ShopperPaymentState;
  /** What its state reads as, for the shopper (core/orders/words.ts). */
  words: OrderWords;
};

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

function withTheirItems(order: OrderRow, items: ItemRow[], now: Date): OrderWithItems {
  return {
    items,
    freeDelivery: order.discountType === 'free_delivery',
    paymentState: shopperPaymentState(order, now),
    words: describeOrder(order, 'shopper', now),
    ...order,
  };
}

async function withItems(db: Db, rows: OrderRow[]): Promise<OrderWithItems[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(orderItems.id);
  const now = new Date();
  return rows.map((order) =>
    withTheirItems(
      order,
      items.filter((i) => i.orderId === order.id),
      now,
    ),
  );
}

/** One order's items, in the order they were added (checkout's pay and verify steps read these). */
export const itemsOfOrder = preparedPerDb((db) =>
  db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .orderBy(orderItems.id),
);

/** The user's orders, newest first, optionally of one status (spec §2, orders tab). */
export async function listUserOrders(
  db: Db,
  userId: string,
  status?: OrderStatus,
): Promise<OrderWithItems[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(status ? and(eq(orders.userId, userId), eq(orders.status, status)) : eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return withItems(db, rows);
}

export type OrderStats = Record<OrderStatus | 'total', number>;

/** The Orders tab's counts; an unpaid order past its time to pay is not pending. */
export async function userOrderStats(db: Db, userId: string): Promise<OrderStats> {
  const lapsed = new Date(Date.now() - PENDING_ORDER_LIFETIME_MS);
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        not(and(eq(orders.paymentStatus, 'pending'), lt(orders.createdAt, lapsed))!),
      ),
    )
    .groupBy(orders.status);
  const stats = Object.fromEntries([['total', 0], ...ORDER_STATUSES.map((s) => [s, 0])]) as OrderStats;
  for (const row of rows) {
    stats[row.status] = row.n;
    stats.total += row.n;
  }
  return stats;
}

/** Payment references are ours (letters, digits, '-') or Paystack's alphabet; anything else is no order. */
const PAYMENT_REFERENCE = /^[A-Za-z0-9.=-]{6,100}$/;

const ORDER_NOT_FOUND = 'This order does not exist.';

/** Refuses (NotFound) a reference that cannot be a payment reference, before any query. */
function checkedReference(reference: string): string {
  if (!PAYMENT_REFERENCE.test(reference)) throw new NotFound(ORDER_NOT_FOUND);
  return reference;
}

/** The order with the `reference` placeholder's payment reference, if it is the `userId` placeholder's. */
const ownByReference = () =>
  and(
    eq(orders.paymentReference, sql.placeholder('reference')),
    eq(orders.userId, sql.placeholder('userId')),
  );

/** The user's own order with this reference: someone else's is as unknown as a made-up one. */
const ownOrderByReference = preparedPerDb((db) => db.select().from(orders).where(ownByReference()));

/** The user's own order with this payment reference, with its items. */
export async function getUserOrderByReference(
  db: Db,
  userId: string,
  reference: string,
): Promise<OrderWithItems> {
  const order = await findOwnOrder(db, userId, reference);
  return withTheirItems(order, await itemsOfOrder(db).execute({ orderId: order.id }), new Date());
}

/** The user's own order with this payment reference, without its items (NotFound otherwise). */
export async function findOwnOrder(db: Db, userId: string, reference: string): Promise<OrderRow> {
  const [order] = await ownOrderByReference(db).execute({ userId, reference: checkedReference(reference) });
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  return order;
}

export interface UserOrderDetails {
  order: OrderWithItems;
  /** The farm each line that named one comes from, by its batch. */
  origins: Record<number, LineOrigin>;
  /** What was given back, oldest first, in the buyer's words. */
  refunds: Awaited<ReturnType<typeof refundHistory>>['refunds'];
  /** The fee's 50 kg blocks and what is left over (spec §9), as checkout showed them. */
  blocks: { blocks: number; remainderGrams: number };
  /** Until when "Pay now" works, for an order awaiting payment. */
  payableUntil: Date | null;
  history: { kind: string; at: Date }[];
  notifications: { id: number; message: string; isRead: boolean; createdAt: Date }[];
}

/**
 * The order page: the user's own order by its id, with its items as bought, history and
 * notifications. Someone else's order is as unknown as a made-up id (404).
 */
export async function getUserOrder(db: Db, userId: string, orderId: string): Promise<UserOrderDetails> {
  if (!isOrderId(orderId)) throw new NotFound(ORDER_NOT_FOUND);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new NotFound(ORDER_NOT_FOUND);
  const [[order], history, notes] = await Promise.all([
    withItems(db, [row]),
    listOrderEvents(db, orderId),
    db
      .select({
        id: notifications.id,
        message: notifications.message,
        isRead: notifications.isRead,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.orderId, orderId)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id)),
  ]);
  const [{ refunds }, origins] = await Promise.all([
    refundHistory(db, orderId, order!.items, 'shopper'),
    lineOrigins(
      db,
      order!.items.map((i) => i.batchId),
    ),
  ]);
  return {
    order: order!,
    origins,
    refunds,
    blocks: deliveryBlocks(row.totalWeightGrams),
    payableUntil: order!.paymentState === 'awaiting' ? payableUntil(row) : null,
    history,
    notifications: notes,
  };
}
