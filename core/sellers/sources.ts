import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { farms, products, sellerOffers, sellers, stockBatches } from '../../db/schema';
import { nextBatchOf } from '../stock/batches';
import { offerUnitPriceKobo, type FarmSource, type ProductSources } from './source-rules';

/**
 * The farms a counted product sells from (issue 51 §3): each seller's harvest received at the hub that
 * still sells, with its offer's price and what no unpaid order holds of it. The cart, the checkout's
 * price and the product page read them here; the rules are source-rules.ts.
 */

/** The selling sellers' batches of these products, oldest first (an array parameter: any cart). */
const farmBatchesOf = preparedPerDb((db) =>
  db
    .select({
      productId: stockBatches.productId,
      batchId: stockBatches.id,
      available:
        sql<number>`greatest(${stockBatches.quantityLeft} - ${stockBatches.quantityHeld}, 0)`.mapWith(Number),
      cycleId: sellerOffers.cycleId,
      farmId: farms.id,
      priceKobo: sellerOffers.priceKobo,
      harvestedOn: stockBatches.preparedOn,
      seller: sellers.businessName,
      farm: farms.name,
      town: farms.town,
      state: farms.state,
      stockUnit: products.stockUnit,
      weightGrams: products.weightGrams,
    })
    .from(stockBatches)
    .innerJoin(sellerOffers, eq(sellerOffers.batchId, stockBatches.id))
    .innerJoin(sellers, eq(sellers.id, sellerOffers.sellerId))
    .innerJoin(farms, eq(farms.id, sellers.farmId))
    .innerJoin(products, eq(products.id, stockBatches.productId))
    .where(
      and(
        sql`${stockBatches.productId} = any(${sql.placeholder('ids')}::integer[])`,
        eq(stockBatches.chosenOnly, true),
        isNull(stockBatches.expiredAt),
        gt(stockBatches.quantityLeft, 0),
      ),
    )
    .orderBy(asc(stockBatches.preparedOn), asc(stockBatches.id)),
);

/** Each product's farms on sale (products without any are absent). */
export async function farmSourcesOf(db: Db | Tx, productIds: number[]): Promise<Map<number, FarmSource[]>> {
  const bySource = new Map<number, FarmSource[]>();
  if (productIds.length === 0) return bySource;
  for (const row of await farmBatchesOf(db).execute({ ids: productIds })) {
    const list = bySource.get(row.productId) ?? [];
    list.push({
      batchId: row.batchId,
      farmId: row.farmId,
      cycleId: row.cycleId,
      farm: row.farm,
      seller: row.seller,
      place: `${row.town}, ${row.state}`,
      harvestedOn: row.harvestedOn,
      priceKobo: row.priceKobo,
      unitPriceKobo: offerUnitPriceKobo(row.priceKobo, row),
      available: row.available,
    });
    bySource.set(row.productId, list);
  }
  return bySource;
}

/**
 * What the shop's own batches have free: the product's free stock less what its farms have free
 * (both in the stock unit, never below 0).
 */
export function ownAvailable(productFree: number, farmsOf: readonly FarmSource[] | undefined): number {
  return Math.max(0, productFree - (farmsOf ?? []).reduce((sum, f) => sum + f.available, 0));
}

/** The day of the shop's own batch the next buyer who names no farm gets; null without one. */
export async function ownSinceOf(db: Db, productId: number): Promise<string | null> {
  return (await nextBatchOf(db, productId))?.preparedOn ?? null;
}

/** A product's sources for its page: the shop's own (with the day of its next batch) and its farms. */
export async function productSources(
  db: Db,
  product: { id: number; stockAvailable: number },
): Promise<ProductSources | null> {
  const [farmsOf, own] = await Promise.all([
    farmSourcesOf(db, [product.id]).then((m) => m.get(product.id) ?? []),
    ownSinceOf(db, product.id),
  ]);
  if (farmsOf.length === 0) return null;
  return {
    ownAvailable: ownAvailable(product.stockAvailable, farmsOf),
    ownSince: own,
    farms: farmsOf,
  };
}
