import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { placeholderRow, preparedPerDb } from '../../db/prepared';
import { orderEvents } from '../../db/schema';
import type { OrderEventKind } from './statuses';

/**
 * An order's history (issue 14: placed, paid, processing, shipped, delivered or cancelled, with
 * times): each change writes its event in the same transaction as the change.
 */
export async function recordOrderEvent(tx: Tx | Db, orderId: string, kind: OrderEventKind): Promise<void> {
  await newOrderEvent(tx).execute({ orderId, kind });
}

const newOrderEvent = preparedPerDb((db) =>
  db.insert(orderEvents).values(placeholderRow(['orderId', 'kind'])),
);

export async function listOrderEvents(db: Db, orderId: string) {
  return db
    .select({ kind: orderEvents.kind, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}
