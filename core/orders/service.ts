import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { NotFound } from '../errors';
import { ORDER_STATUSES, type OrderStatus } from './statuses';

/** Everything here answers for one user's own orders: there is no parameter to name another's. */

export type OrderWithItems = typeof orders.$inferSelect & {
  items: (typeof orderItems.$inferSelect)[];
  freeDelivery: boolean;
};

async function withItems(db: Db, rows: (typeof orders.$inferSelect)[]): Promise<OrderWithItems[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(orderItems.id);
  return rows.map((order) => ({
    ...order,
    items: items.filter((i) => i.orderId === order.id),
    freeDelivery: order.discountType === 'free_delivery',
  }));
}

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

export async function userOrderStats(db: Db, userId: string): Promise<OrderStats> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(eq(orders.userId, userId))
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

/** The user's own order with this reference: someone else's is as unknown as a made-up one. */
function ownOrder(userId: string, reference: string) {
  if (!PAYMENT_REFERENCE.test(reference)) throw new NotFound(ORDER_NOT_FOUND);
  return and(eq(orders.paymentReference, reference), eq(orders.userId, userId));
}

/** The user's own order with this payment reference, with its items. */
export async function getUserOrderByReference(
  db: Db,
  userId: string,
  reference: string,
): Promise<OrderWithItems> {
  const [order] = await db.select().from(orders).where(ownOrder(userId, reference));
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  return (await withItems(db, [order]))[0]!;
}

/** Refuses (NotFound) unless the payment reference is one of the user's orders; loads nothing else. */
export async function assertOwnOrder(db: Db, userId: string, reference: string): Promise<void> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(ownOrder(userId, reference));
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
}
