import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders, sellerOffers, stockDraws } from '../../db/schema';
import type { OrderStatus } from '../../db/schema/enums';
import { shortOrderId } from '../notifications/messages';
import { lineShareKobo } from './ledger-rules';
import { offerAmountLabel } from './offer-rules';

/**
 * The seller's own area (issue 51 §6): what they sold, line by line, from their batches. Only what the
 * seller needs: the order's number, day and status, the product and how much, and its value at the price
 * the buyer paid; never the buyer's name, phone or address.
 */
export interface SaleLine {
  order: string;
  placedAt: Date;
  status: OrderStatus;
  productName: string;
  offerId: number;
  /** "12 kg" or "4 fish": what the line took of the seller's batch. */
  amount: string;
  /** The line's price for that part of it, in kobo (before the shop's commission). */
  valueKobo: number;
}

/** The seller's sales, newest first: each part of an order's line drawn from one of their batches. */
export async function sellerSales(db: Db, sellerId: number, limit = 100): Promise<SaleLine[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      placedAt: orders.createdAt,
      status: orders.status,
      productName: orderItems.productName,
      offerId: sellerOffers.id,
      drawn: stockDraws.quantity,
      lineStock: orderItems.stockQuantity,
      lineTotal: orderItems.totalPriceKobo,
      unit: orderItems.stockUnit,
    })
    .from(stockDraws)
    .innerJoin(sellerOffers, eq(sellerOffers.batchId, stockDraws.batchId))
    .innerJoin(orderItems, eq(orderItems.id, stockDraws.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(sellerOffers.sellerId, sellerId))
    .orderBy(desc(orders.createdAt), desc(orderItems.id))
    .limit(limit);
  return rows.map((row) => ({
    order: shortOrderId(row.orderId),
    placedAt: row.placedAt,
    status: row.status,
    productName: row.productName,
    offerId: row.offerId,
    amount: offerAmountLabel(row.drawn, row.unit ?? 'kg'),
    // The part of the line's price that this batch's share of its stock is (rounded down to the kobo).
    valueKobo: lineShareKobo(Number(row.lineTotal), row.drawn, row.lineStock),
  }));
}
