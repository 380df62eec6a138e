import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, user } from '../../db/schema';
import type { AdminActor } from '../roles';
import type { OrderStatus } from './statuses';
import { ORDER_STATE_COLUMNS } from './lifecycle';
import { describeOrder, type OrderWords } from './words';

/** The shop's time zone: days in the reports are Lagos days. */
const SHOP_TIME_ZONE = 'Africa/Lagos';

export const SALES_DAYS = 30;

export interface OrderCounts {
  /** Paid orders the shop still has to start on (status pending): the queue, not unpaid checkouts. */
  waiting: number;
  /** Delivered orders. */
  fulfilled: number;
}

export async function countOrdersForDashboard(db: Db, _admin: AdminActor): Promise<OrderCounts> {
  const [[waiting], [fulfilled]] = await Promise.all([
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.paymentStatus, 'success'), eq(orders.status, 'pending'))),
    db.select({ n: count() }).from(orders).where(eq(orders.status, 'delivered')),
  ]);
  return { waiting: waiting?.n ?? 0, fulfilled: fulfilled?.n ?? 0 };
}

export interface SalesDay {
  /** yyyy-mm-dd in Lagos. */
  day: string;
  orders: number;
  revenueKobo: number;
}

/** The `days` Lagos dates up to and including `today`'s, oldest first. */
export function lastDays(today: Date, days: number): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE });
  const [y, m, d] = format.format(today).split('-').map(Number) as [number, number, number];
  return Array.from({ length: days }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - (days - 1 - i))).toISOString().slice(0, 10),
  );
}

/**
 * Paid orders and their revenue (paid less refunded) for each of the last SALES_DAYS days, by the day
 * each was paid (days without sales are 0).
 */
export async function salesByDay(db: Db, _admin: AdminActor, now = new Date()): Promise<SalesDay[]> {
  const days = lastDays(now, SALES_DAYS);
  // The zone is a constant of ours, written into the SQL so GROUP BY sees the same expression. Grouped
  // by the date itself (a date's text is yyyy-mm-dd): to_char on every paid order cost twice as much.
  const day = sql`(${orders.paidAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)})::date`;
  const rows = await db
    .select({
      day: sql<string>`(${day})::text`,
      orders: count(),
      // What was paid less what was refunded of it, on the day it was paid.
      revenueKobo: sql<string>`coalesce(sum(${orders.totalKobo} - coalesce(${orders.refundedKobo}, 0)), 0)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'success'),
        gte(orders.paidAt, new Date(now.getTime() - (SALES_DAYS + 1) * 24 * 3600 * 1000)),
      ),
    )
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((d) => ({
    day: d,
    orders: Number(byDay.get(d)?.orders ?? 0),
    revenueKobo: Number(byDay.get(d)?.revenueKobo ?? 0),
  }));
}

export interface RecentPaidOrder {
  id: string;
  recipient: string;
  customerEmail: string | null;
  totalKobo: number;
  paidAt: Date | null;
  status: OrderStatus;
  words: OrderWords;
}

export async function latestPaidOrders(db: Db, _admin: AdminActor, limit = 5): Promise<RecentPaidOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      recipient: orders.shippingName,
      customerEmail: user.email,
      totalKobo: orders.totalKobo,
      paidAt: orders.paidAt,
      status: orders.status,
      state: ORDER_STATE_COLUMNS,
    })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.paymentStatus, 'success'))
    .orderBy(desc(orders.paidAt))
    .limit(limit);
  return rows.map(({ state, ...row }) => ({ ...row, words: describeOrder(state, 'shop') }));
}
