import { and, asc, eq, ilike, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { farmCycles, farmEntries, ponds, products } from '../../db/schema';
import { addDays, daysBetween } from '../calendar';
import { NotFound } from '../errors';
import { cycleBook, sampleAverageG, type CycleBook, type CycleFacts } from './book';
import { cyclesWithFacts, type CycleRow, type CycleWithFacts } from './facts';
import type { FarmAccess } from './farms';
import { pondsOf, type PondRow } from './cycles';
import { feedingTableById, feedingTableFor } from './feeding-tables';
import { dailyRation, forecastHarvest, projectedWeightG } from './plan';
import { densityWarning } from './ponds';
import type { Species } from './species';
import { waterWarnings } from './water';

/**
 * What the farm book's pages show (issue 50 §3–5): computed here from the lines and the model
 * (book.ts, plan.ts), so each page's loader makes one call. A worker is never handed money: the
 * money fields are null for them, not merely hidden.
 */

export interface PondToday {
  pond: PondRow;
  cycle: {
    id: number;
    species: Species;
    stockedOn: string;
    day: number;
    alive: number;
    avgWeightG: number;
    biomassG: number;
  } | null;
  ration: ReturnType<typeof dailyRation> | null;
  fedTodayG: number;
  fedAsPlanned: boolean;
  deathsToday: number;
  waterWarnings: string[];
  /** Whether anything was written for this pond today. */
  logged: boolean;
}

export interface DayView {
  today: string;
  ponds: PondToday[];
}

/** A pond on a day, as read for the day page and the reminders: its open cycle's facts and the day's lines. */
export interface PondOnDay {
  pond: PondRow;
  found: CycleWithFacts | undefined;
  lines: (typeof farmEntries.$inferSelect)[];
}

/** Every pond of the farm with its open cycle's facts and what was written for it on `today`. */
export async function pondsOnDay(db: Db, access: FarmAccess, today: string): Promise<PondOnDay[]> {
  const farmPonds = await pondsOf(db, access);
  const cycleIds = farmPonds.flatMap((pond) => (pond.cycleId === null ? [] : [pond.cycleId]));
  const [cycles, todays] = await Promise.all([
    cyclesWithFacts(db, access.farmId, cycleIds),
    cycleIds.length === 0
      ? []
      : db
          .select()
          .from(farmEntries)
          .where(and(inArray(farmEntries.cycleId, cycleIds), eq(farmEntries.on, today)))
          .orderBy(asc(farmEntries.recordedAt)),
  ]);
  return farmPonds.map((pond) => {
    const found = pond.cycleId === null ? undefined : cycles.get(pond.cycleId);
    return { pond, found, lines: found ? todays.filter((line) => line.cycleId === found.cycle.id) : [] };
  });
}

/** The warnings of the day's water readings, against the species' safe bands. */
export function dayWaterWarnings(species: Species, lines: PondOnDay['lines']): string[] {
  return lines
    .filter((line) => line.kind === 'water')
    .flatMap((line) => waterWarnings(species, line).map((warning) => warning.message));
}

/** The day's page: every pond, and for each open cycle today's ration and what was written today. */
export async function dayView(db: Db, access: FarmAccess, today: string): Promise<DayView> {
  return {
    today,
    ponds: (await pondsOnDay(db, access, today)).map(({ pond, found, lines }) => {
      if (!found)
        return {
          pond,
          cycle: null,
          ration: null,
          fedTodayG: 0,
          fedAsPlanned: false,
          deathsToday: 0,
          waterWarnings: [],
          logged: false,
        };
      const { cycle, facts } = found;
      const book = cycleBook(facts, today);
      const feedings = lines.filter((line) => line.kind === 'feeding');
      return {
        pond,
        cycle: {
          id: cycle.id,
          species: cycle.species,
          stockedOn: cycle.stockedOn,
          day: daysBetween(cycle.stockedOn, today),
          alive: book.alive,
          avgWeightG: book.avgWeightG,
          biomassG: book.biomassG,
        },
        ration: rationOf(cycle, book),
        fedTodayG: feedings.reduce((sum, line) => sum + (line.feedG ?? 0), 0),
        fedAsPlanned: feedings.some((line) => line.asPlanned),
        deathsToday: lines
          .filter((line) => line.kind === 'deaths')
          .reduce((sum, line) => sum + (line.count ?? 0), 0),
        waterWarnings: dayWaterWarnings(cycle.species, lines),
        logged: lines.length > 0,
      };
    }),
  };
}

/** The samples of a cycle that give an average (a sample of 0 fish gives none). */
export function weighedSamples(facts: CycleFacts) {
  return facts.samples.flatMap((sample) => {
    const averageG = sampleAverageG(sample);
    return averageG === null ? [] : [{ ...sample, averageG }];
  });
}

/** When an open cycle reaches its target weight, from the plan's curve rescaled to its samples. */
export function cycleForecast(cycle: CycleRow, facts: CycleFacts, today: string) {
  if (cycle.closedOn !== null) return null;
  return forecastHarvest({
    species: cycle.species,
    tableId: cycle.feedingTable,
    stockedOn: cycle.stockedOn,
    stockedAvgG: cycle.stockedAvgMg / 1000,
    samples: weighedSamples(facts).map((sample) => ({ on: sample.on, avgWeightG: sample.averageG })),
    today,
    targetG: cycle.targetG,
  });
}

/** Today's ration of an open cycle as its book stands (null: no fish left). */
function rationOf(cycle: CycleRow, book: CycleBook): ReturnType<typeof dailyRation> | null {
  return book.alive > 0
    ? dailyRation({
        species: cycle.species,
        count: book.alive,
        avgWeightG: book.avgWeightG,
        ratePercentOverride: cycle.ratePercent,
        tableId: cycle.feedingTable,
      })
    : null;
}

/** Today's ration of every pond with fish, for the feed store: the day page's rations, without its lines. */
export async function rationsToday(
  db: Db,
  access: FarmAccess,
  today: string,
): Promise<NonNullable<ReturnType<typeof dailyRation>>[]> {
  const cycleIds = (await pondsOf(db, access)).flatMap((pond) =>
    pond.cycleId === null ? [] : [pond.cycleId],
  );
  const cycles = await cyclesWithFacts(db, access.farmId, cycleIds);
  return [...cycles.values()].flatMap(({ cycle, facts }) => rationOf(cycle, cycleBook(facts, today)) ?? []);
}

export interface CycleMoney {
  costKobo: number;
  costPerKgKobo: number | null;
  stockCostKobo: number;
  /** FreshCatch's price now for the matching product, per kg, and what the forecast harvest is worth at it. */
  pricePerKgKobo: number | null;
  productName: string | null;
  harvestValueKobo: number | null;
  marginKobo: number | null;
}

export interface CycleView {
  cycle: CycleRow;
  pondName: string;
  tableTitle: string;
  tableSource: string;
  book: CycleBook;
  day: number;
  densityWarning: string | null;
  forecast: { on: string; days: number; weightG: number; biomassG: number } | null;
  /** Samples against the plan: what the plan expected that day and what was weighed. */
  /** Each sample with its day of the cycle (the stocking day is day 0), as the curve counts days. */
  samples: { on: string; day: number; count: number; weightG: number; averageG: number; planG: number }[];
  /** The plan's curve from stocking to the forecast (or 180 days), and the projection rescaled to the samples. */
  curve: { day: number; planG: number; projectedG: number }[];
  feedByDay: { on: string; feedG: number }[];
  deathsByDay: { on: string; count: number }[];
  /** Null for a worker: they see no money. */
  money: CycleMoney | null;
}

/** Which of the shop's products a harvest of the species is sold as (the live/fresh fish by the kg). */
const PRODUCT_FOR: Record<Species, string> = {
  african_catfish: '%catfish%',
  hybrid_catfish: '%catfish%',
  nile_tilapia: '%tilapia%',
};

export async function cycleView(
  db: Db,
  access: FarmAccess,
  cycleId: number,
  today: string,
): Promise<CycleView> {
  const found = (await cyclesWithFacts(db, access.farmId, [cycleId])).get(cycleId);
  if (!found) throw new NotFound('This cycle is not on the farm.');
  const { cycle, facts } = found;
  const on = cycle.closedOn ?? today;
  const [[pond], byDay] = await Promise.all([
    db.select().from(ponds).where(eq(ponds.id, cycle.pondId)),
    db
      .select({
        on: farmEntries.on,
        kind: farmEntries.kind,
        feedG: farmEntries.feedG,
        count: farmEntries.count,
      })
      .from(farmEntries)
      .where(and(eq(farmEntries.cycleId, cycle.id), inArray(farmEntries.kind, ['feeding', 'deaths'])))
      .orderBy(asc(farmEntries.on)),
  ]);
  const book = cycleBook(facts, on);
  const table = feedingTableById(cycle.feedingTable) ?? feedingTableFor(cycle.species);
  const sampled = weighedSamples(facts);
  const plan = (day: string, samples: typeof sampled) =>
    projectedWeightG({
      species: cycle.species,
      tableId: cycle.feedingTable,
      stockedOn: cycle.stockedOn,
      stockedAvgG: cycle.stockedAvgMg / 1000,
      samples: samples.map((sample) => ({ on: sample.on, avgWeightG: sample.averageG })),
      on: day,
    });
  const forecastDay = cycleForecast(cycle, facts, today);
  const forecast = forecastDay && {
    ...forecastDay,
    biomassG: Math.round(book.alive * forecastDay.weightG),
  };
  const lastDay = Math.max(
    daysBetween(cycle.stockedOn, forecast?.on ?? on),
    daysBetween(cycle.stockedOn, on),
    30,
  );
  const step = Math.max(1, Math.ceil(lastDay / 40));
  const curve: CycleView['curve'] = [];
  for (let day = 0; day <= lastDay; day += step) {
    const date = addDays(cycle.stockedOn, day);
    curve.push({ day, planG: plan(date, []), projectedG: plan(date, sampled) });
  }
  const feedByDay = sumByDay(
    byDay.filter((row) => row.kind === 'feeding'),
    (row) => row.feedG ?? 0,
  ).map(([day, feedG]) => ({ on: day, feedG }));
  const deathsByDay = sumByDay(
    byDay.filter((row) => row.kind === 'deaths'),
    (row) => row.count ?? 0,
  ).map(([day, count]) => ({ on: day, count }));
  return {
    cycle,
    pondName: pond?.name ?? '',
    tableTitle: table.title,
    tableSource: table.source,
    book,
    day: daysBetween(cycle.stockedOn, on),
    densityWarning: pond ? densityWarning(pond, book.alive) : null,
    forecast,
    samples: sampled.map((sample) => ({
      ...sample,
      day: daysBetween(cycle.stockedOn, sample.on),
      planG: plan(sample.on, []),
    })),
    curve,
    feedByDay,
    deathsByDay,
    money: access.role === 'owner' ? await moneyOf(db, cycle, book, forecast) : null,
  };
}

function sumByDay<T extends { on: string }>(rows: T[], value: (row: T) => number): [string, number][] {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.on, (sums.get(row.on) ?? 0) + value(row));
  return [...sums];
}

async function moneyOf(
  db: Db,
  cycle: CycleRow,
  book: CycleBook,
  forecast: CycleView['forecast'],
): Promise<CycleMoney> {
  const [product] = await db
    .select({ name: products.name, priceKobo: products.priceKobo, weightGrams: products.weightGrams })
    .from(products)
    .where(and(eq(products.category, 'fresh'), ilike(products.name, PRODUCT_FOR[cycle.species])))
    .orderBy(asc(products.id))
    .limit(1);
  const pricePerKgKobo = product ? Math.round((product.priceKobo * 1000) / product.weightGrams) : null;
  const harvestValueKobo =
    pricePerKgKobo !== null && forecast ? Math.round((forecast.biomassG / 1000) * pricePerKgKobo) : null;
  return {
    costKobo: book.costKobo,
    costPerKgKobo: book.costPerKgKobo,
    stockCostKobo: cycle.stockCostKobo,
    pricePerKgKobo,
    productName: product?.name ?? null,
    harvestValueKobo,
    marginKobo: harvestValueKobo === null ? null : harvestValueKobo - book.costKobo,
  };
}

/** The farm's cycles, newest first, for the ponds page's history. */
export async function cyclesOf(db: Db, access: FarmAccess) {
  return db
    .select({
      id: farmCycles.id,
      pondId: farmCycles.pondId,
      species: farmCycles.species,
      stockedOn: farmCycles.stockedOn,
      stockedCount: farmCycles.stockedCount,
      closedOn: farmCycles.closedOn,
    })
    .from(farmCycles)
    .where(eq(farmCycles.farmId, access.farmId))
    .orderBy(asc(farmCycles.stockedOn));
}

/** The farm's ponds with the fish in each (for the owner's move form). */
export async function pondsWithFish(db: Db, access: FarmAccess) {
  return db
    .select({ id: ponds.id, name: ponds.name, species: farmCycles.species })
    .from(ponds)
    .leftJoin(farmCycles, and(eq(farmCycles.pondId, ponds.id), isNull(farmCycles.closedOn)))
    .where(eq(ponds.farmId, access.farmId))
    .orderBy(asc(ponds.name));
}

export interface HarvestForecast {
  cycleId: number;
  pondName: string;
  species: Species;
  /** The forecast harvest day and the fish alive then at the target weight, in grams. */
  on: string;
  biomassG: number;
}

/** Each open cycle's harvest forecast (a seller's offer starts from one: issue 51 §2). */
export async function harvestForecasts(
  db: Db,
  access: FarmAccess,
  today: string,
): Promise<HarvestForecast[]> {
  return (await pondsOnDay(db, access, today)).flatMap(({ pond, found }) => {
    if (!found) return [];
    const forecast = cycleForecast(found.cycle, found.facts, today);
    if (!forecast) return [];
    const { alive } = cycleBook(found.facts, today);
    return [
      {
        cycleId: found.cycle.id,
        pondName: pond.name,
        species: found.cycle.species,
        on: forecast.on,
        biomassG: Math.round(alive * forecast.weightG),
      },
    ];
  });
}
