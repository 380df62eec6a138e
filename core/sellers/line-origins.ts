import { inArray, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { farms, sellerOffers, sellers } from '../../db/schema';
import type { LineOrigin } from './origin-words';

/**
 * Where an order's lines come from (issue 51 §3): a line that named a farm keeps its batch
 * (`order_items.batch_id`); the buyer's order page, the owner's order and the dispatch sheet read the
 * farm, its seller and the harvest day here, keyed by batch. Lines of the shop's own stock have none.
 */
export async function lineOrigins(
  db: Db | Tx,
  batchIds: readonly (number | null)[],
): Promise<Record<number, LineOrigin>> {
  const ids = [...new Set(batchIds.filter((id): id is number => id !== null))];
  const origins: Record<number, LineOrigin> = {};
  if (ids.length === 0) return origins;
  const rows = await db
    .select({
      batchId: sellerOffers.batchId,
      offerId: sellerOffers.id,
      farm: farms.name,
      town: farms.town,
      state: farms.state,
      seller: sellers.businessName,
      harvestedOn: sellerOffers.harvestedOn,
    })
    .from(sellerOffers)
    .innerJoin(sellers, eq(sellers.id, sellerOffers.sellerId))
    .innerJoin(farms, eq(farms.id, sellers.farmId))
    .where(inArray(sellerOffers.batchId, ids));
  for (const row of rows) {
    origins[row.batchId!] = {
      batchId: row.batchId!,
      offerId: row.offerId,
      farm: row.farm,
      place: `${row.town}, ${row.state}`,
      seller: row.seller,
      harvestedOn: row.harvestedOn,
    };
  }
  return origins;
}
export type { LineOrigin } from './origin-words';
