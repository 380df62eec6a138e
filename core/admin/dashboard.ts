import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AdminActor } from '../accounts/roles';
import { orders, products, user } from '../../db/schema';

export interface DashboardCounts {
  totalProducts: number;
  registeredUsers: number;
  pendingOrders: number;
  fulfilledOrders: number;
}

/** The admin dashboard's four counters (spec §2); "fulfilled" means delivered. */
export async function getDashboardCounts(db: Db, _admin: AdminActor): Promise<DashboardCounts> {
  const [[p], [u], [pending], [delivered]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(user),
    db.select({ n: count() }).from(orders).where(eq(orders.status, 'pending')),
    db.select({ n: count() }).from(orders).where(eq(orders.status, 'delivered')),
  ]);
  return {
    totalProducts: p?.n ?? 0,
    registeredUsers: u?.n ?? 0,
    pendingOrders: pending?.n ?? 0,
    fulfilledOrders: delivered?.n ?? 0,
  };
}
