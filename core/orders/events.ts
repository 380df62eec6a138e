import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEvents } from '../../db/schema';

/** An order's history, written by core/orders/lifecycle.ts with each change; read here. */
export async function listOrderEvents(db: Db, orderId: string) {
  return db
    .select({ kind: orderEvents.kind, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}
