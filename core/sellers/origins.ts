import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { farmEntries } from '../../db/schema';
import { dayMonth, daysBetween, shopDay } from '../calendar';
import { cycleBook } from '../farm/book';
import { cyclesWithFacts } from '../farm/facts';
import type { FarmSource, ProductSources } from './source-rules';
import { productSources } from './sources';

/**
 * Where a farm's harvest on sale comes from (issue 51 §3), for the product page: its harvest day in a
 * buyer's words and, when the offer came from a farm-book cycle, the cycle's record.
 */
export interface FarmOnPage extends FarmSource {
  /** "Harvested today", "Harvested yesterday" or "Harvested 1 Dec". */
  harvested: string;
  /** "Raised 128 days, fed Floating Fish Feed 4 mm, FCR 1.2"; null without a farm-book cycle. */
  record: string | null;
}

/** The product's sources as its page shows them: the shop's own and each farm with where it comes from. */
export type PageSources = Omit<ProductSources, 'farms'> & { farms: FarmOnPage[] };

/** A product's sources for its page (null when no farm's harvest of it is on sale). */
export async function pageSources(
  db: Db,
  product: { id: number; stockAvailable: number },
  now = new Date(),
): Promise<PageSources | null> {
  const sources = await productSources(db, product);
  if (!sources) return null;
  const today = shopDay(now);
  const farmsOnPage = await Promise.all(
    sources.farms.map(async (farm) => ({
      ...farm,
      harvested: harvestedWords(farm.harvestedOn, today),
      record:
        farm.cycleId === null ? null : await cycleRecord(db, farm.farmId, farm.cycleId, farm.harvestedOn),
    })),
  );
  return { ...sources, farms: farmsOnPage };
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
