import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders, products, sellerOffers, stockBatches, stockDraws } from '../../db/schema';
import type { OrderStatus } from '../../db/schema/enums';
import { shortOrderId } from '../notifications/messages';
import { lineShareKobo } from './ledger-rules';
import { offerAmountLabel } from './offer-rules';

/**
 * The seller's own area (issue 51 §6): what they sold, line by line, from their batches, and those batches
 * at the hub. Only what the seller needs: the order's number, day and status, the product and how much, and
 * its value at the price the buyer paid; never the buyer's name, phone or address. (Claims on their lines:
 * line-claims.ts.)
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

/**
 * Where a seller's batch stands at the hub: selling, sold out, or stopped (`expired_at`: past its best-before,
 * or closed when the owner changed how the product is counted).
 */
export type BatchStanding = 'selling' | 'sold-out' | 'stopped';

export const BATCH_STANDING_LABELS: Record<BatchStanding, string> = {
  selling: 'On sale',
  'sold-out': 'Sold out',
  stopped: 'No longer on sale',
};

/** A batch the hub made of one of the seller's offers (decision 044's batches), as the seller reads it. */
export interface SellerBatch {
  batchId: number;
  offerId: number;
  productName: string;
  /** "100 kg" or "40 fish": what the hub received. */
  received: string;
  /** What is still at the hub: received less what sold and what was taken off (spoiled, weighed short). */
  left: string;
  harvestedOn: string;
  /** The day it may be sold until, when the batch has one. */
  bestBefore: string | null;
  receivedAt: Date;
  standing: BatchStanding;
}

/** Stopped outranks sold out: a stopped batch sells no more, whatever it had left. */
export function batchStanding(batch: { expiredAt: Date | null; quantityLeft: number }): BatchStanding {
  if (batch.expiredAt) return 'stopped';
  return batch.quantityLeft === 0 ? 'sold-out' : 'selling';
}

/** The seller's batches at the hub, the latest received first: each received from one of their offers. */
export async function sellerBatches(db: Db, sellerId: number, limit = 50): Promise<SellerBatch[]> {
  const rows = await db
    .select({
      batch: stockBatches,
      offerId: sellerOffers.id,
      harvestedOn: sellerOffers.harvestedOn,
      productName: products.name,
      unit: products.stockUnit,
    })
    .from(sellerOffers)
    .innerJoin(stockBatches, eq(stockBatches.id, sellerOffers.batchId))
    .innerJoin(products, eq(products.id, stockBatches.productId))
    .where(eq(sellerOffers.sellerId, sellerId))
    .orderBy(desc(stockBatches.receivedAt), desc(stockBatches.id))
    .limit(limit);
  return rows.map(({ batch, offerId, harvestedOn, productName, unit }) => ({
    batchId: batch.id,
    offerId,
    productName,
    received: offerAmountLabel(batch.quantityReceived, unit ?? 'kg'),
    left: offerAmountLabel(batch.quantityLeft, unit ?? 'kg'),
    harvestedOn,
    bestBefore: batch.bestBefore,
    receivedAt: batch.receivedAt,
    standing: batchStanding(batch),
  }));
}
