import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { farmEntries, farms, sellerOffers, sellers } from '../../db/schema';
import { dayMonth, daysBetween, shopDay } from '../calendar';
import { cycleBook } from '../farm/book';
import { cyclesWithFacts } from '../farm/facts';
import { productSources } from './sources';

/**
 * Where a seller's batch comes from (issue 51 §3), for the product page: the seller and their farm, the
 * harvest day, and the farm book's record of the cycle when the offer came from one. A batch of the
 * shop's own has no origin.
 */
export interface BatchOrigin {
  seller: string;
  farm: string;
  place: string;
  /** "Harvested today", "Harvested yesterday" or "Harvested 1 Dec". */
  harvested: string;
  /** "Raised 128 days, fed Floating Fish Feed 4 mm, FCR 1.2"; null without a farm-book cycle. */
  record: string | null;
}

/** A product's sources for its page: the shop's own and each farm on sale with where it comes from. */
export async function pageSources(db: Db, product: { id: number; stockAvailable: number }, now = new Date()) {
  const sources = await productSources(db, product);
  if (!sources) return null;
  const farms = await Promise.all(
    sources.farms.map(async (farm) => ({ ...farm, origin: await batchOrigin(db, farm.batchId, now) })),
  );
  return { ...sources, farms };
}

export async function batchOrigin(db: Db, batchId: number, now = new Date()): Promise<BatchOrigin | null> {
  const [row] = await db
    .select({
      harvestedOn: sellerOffers.harvestedOn,
      cycleId: sellerOffers.cycleId,
      seller: sellers.businessName,
      farmId: farms.id,
      farm: farms.name,
      town: farms.town,
      state: farms.state,
    })
    .from(sellerOffers)
    .innerJoin(sellers, eq(sellers.id, sellerOffers.sellerId))
    .innerJoin(farms, eq(farms.id, sellers.farmId))
    .where(eq(sellerOffers.batchId, batchId));
  if (!row) return null;
  const today = shopDay(now);
  return {
    seller: row.seller,
    farm: row.farm,
    place: `${row.town}, ${row.state}`,
    harvested: harvestedWords(row.harvestedOn, today),
    record: row.cycleId === null ? null : await cycleRecord(db, row.farmId, row.cycleId, row.harvestedOn),
  };
}

/** "Harvested today", "Harvested yesterday", "Harvested 1 Dec". */
function harvestedWords(on: string, today: string): string {
  const days = daysBetween(on, today);
  if (days <= 0) return 'Harvested today';
  if (days === 1) return 'Harvested yesterday';
  return `Harvested ${dayMonth(on)}`;
}

/** The cycle's record up to the harvest day, in a buyer's words. */
async function cycleRecord(db: Db, farmId: number, cycleId: number, on: string): Promise<string | null> {
  const [found, [feed]] = await Promise.all([
    cyclesWithFacts(db, farmId, [cycleId]),
    db
      .select({ name: farmEntries.feedName })
      .from(farmEntries)
      .where(
        and(
          eq(farmEntries.cycleId, cycleId),
          eq(farmEntries.kind, 'feeding'),
          isNotNull(farmEntries.feedName),
        ),
      )
      .groupBy(farmEntries.feedName)
      .orderBy(desc(sql`sum(${farmEntries.feedG})`))
      .limit(1),
  ]);
  const cycle = found.get(cycleId);
  if (!cycle) return null;
  const book = cycleBook(cycle.facts, on);
  const parts = [`Raised ${daysBetween(cycle.cycle.stockedOn, on)} days`];
  if (feed?.name) parts.push(`fed ${feed.name}`);
  if (book.fcr !== null) parts.push(`FCR ${book.fcr.toFixed(1)}`);
  return parts.join(', ');
}
