import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderEvents, orderItems, orderRefunds, products } from '../../db/schema';
import type { ProductCategory } from '../../db/schema/enums';
import type { ClaimableLine } from './claim-window';
import { refundedQuantities } from './refund-lines';

/**
 * What of an order a freshness claim can be made for, read from the database: when it was delivered
 * and its lines with what is left to claim. The order page, the filing and the delivered message
 * (lifecycle.ts) all ask here; the rules on top are claim-window.ts's.
 */

/** When the order was delivered: its 'delivered' event (the lifecycle never takes it back). */
export async function deliveredAt(db: Db | Tx, orderId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'delivered')))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * The order's lines with their product's category (null once the product is deleted), each with what is
 * left to claim: what was bought less what has been refunded of it already (a refund that did not fail).
 */
export async function claimableLines(db: Db | Tx, orderId: string): Promise<ClaimableLine[]> {
  const [rows, refunds] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        productName: orderItems.productName,
        quantity: orderItems.quantity,
        category: products.category,
      })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
    db
      .select({ lines: orderRefunds.lines })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'failed'))),
  ]);
  const given = refundedQuantities(refunds);
  return rows.map((row) => ({
    ...row,
    quantity: Math.max(0, row.quantity - (given.get(row.id) ?? 0)),
    category: (row.category as ProductCategory | null) ?? null,
  }));
}
