import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { farmCycles, farmEntries } from '../../db/schema';
import type { CycleFacts } from './book';

/**
 * A cycle's facts as the model (book.ts) takes them, read from the book's lines. The sums of each kind
 * are added up by the database (a three-year cycle has a thousand lines); the samples come one by one,
 * since the plan's curve is rescaled at each.
 */

export type CycleRow = typeof farmCycles.$inferSelect;

export interface CycleWithFacts {
  cycle: CycleRow;
  facts: CycleFacts;
}

/** The cycles of `farmId` among `cycleIds`, with their facts; `lock` takes their rows for the caller's transaction. */
export async function cyclesWithFacts(
  db: Db | Tx,
  farmId: number,
  cycleIds: readonly number[],
  options: { lock?: boolean } = {},
): Promise<Map<number, CycleWithFacts>> {
  const found = new Map<number, CycleWithFacts>();
  if (cycleIds.length === 0) return found;
  const chosen = db
    .select()
    .from(farmCycles)
    .where(and(eq(farmCycles.farmId, farmId), inArray(farmCycles.id, [...cycleIds])))
    .orderBy(asc(farmCycles.id));
  const cycles = options.lock ? await chosen.for('update') : await chosen;
  if (cycles.length === 0) return found;
  const ids = cycles.map((cycle) => cycle.id);
  const [sums, samples] = await Promise.all([
    db
      .select({
        cycleId: farmEntries.cycleId,
        kind: farmEntries.kind,
        last: sql<string>`max(${farmEntries.on})::text`,
        count: sql<number>`coalesce(sum(${farmEntries.count}), 0)::int`,
        weightG: sql<number>`coalesce(sum(${farmEntries.weightG}), 0)::bigint`,
        feedG: sql<number>`coalesce(sum(${farmEntries.feedG}), 0)::bigint`,
        costKobo: sql<number>`coalesce(sum(${farmEntries.costKobo}), 0)::bigint`,
      })
      .from(farmEntries)
      .where(
        and(
          inArray(farmEntries.cycleId, ids),
          inArray(farmEntries.kind, ['feeding', 'deaths', 'harvest', 'move_out', 'move_in']),
        ),
      )
      .groupBy(farmEntries.cycleId, farmEntries.kind),
    db
      .select({
        cycleId: farmEntries.cycleId,
        on: farmEntries.on,
        count: farmEntries.count,
        weightG: farmEntries.weightG,
      })
      .from(farmEntries)
      .where(and(inArray(farmEntries.cycleId, ids), eq(farmEntries.kind, 'sample')))
      .orderBy(asc(farmEntries.on), asc(farmEntries.recordedAt)),
  ]);
  for (const cycle of cycles) {
    found.set(cycle.id, {
      cycle,
      facts: {
        species: cycle.species,
        tableId: cycle.feedingTable,
        stockedOn: cycle.stockedOn,
        stockedCount: cycle.stockedCount,
        stockedAvgG: cycle.stockedAvgMg / 1000,
        stockCostKobo: cycle.stockCostKobo,
        deaths: [],
        harvests: [],
        movesOut: [],
        movesIn: [],
        feedings: [],
        samples: [],
      },
    });
  }
  for (const sum of sums) {
    const { facts } = found.get(sum.cycleId)!;
    const count = Number(sum.count);
    const weightG = Number(sum.weightG);
    const costKobo = Number(sum.costKobo);
    const avgWeightG = count > 0 ? weightG / count : 0;
    if (sum.kind === 'deaths') facts.deaths = [{ on: sum.last, count }];
    else if (sum.kind === 'harvest') facts.harvests = [{ on: sum.last, count, weightG }];
    else if (sum.kind === 'move_out') facts.movesOut = [{ on: sum.last, count, avgWeightG, costKobo }];
    else if (sum.kind === 'move_in') facts.movesIn = [{ on: sum.last, count, avgWeightG, costKobo }];
    else facts.feedings = [{ on: sum.last, feedG: Number(sum.feedG), costKobo }];
  }
  for (const sample of samples) {
    const { facts } = found.get(sample.cycleId)!;
    (facts.samples as { on: string; count: number; weightG: number }[]).push({
      on: sample.on,
      count: sample.count ?? 0,
      weightG: sample.weightG ?? 0,
    });
  }
  return found;
}
