import { daysBetween } from '../calendar';
import { Invalid } from '../errors';
import { biomassG as biomassOf, fcr as fcrOf, projectedWeightG, sgrPercentPerDay } from './plan';
import type { Species } from './species';

/**
 * The farm book for one cycle on one day (issue 50): what is alive, what it weighs, what it ate and what it
 * cost, from the cycle's facts alone. Nothing here reads a clock or a database: the service passes the facts
 * and the day. docs/farm.md explains each figure to a farmer.
 */
export interface CycleFacts {
  species: Species;
  tableId?: string;
  stockedOn: string;
  stockedCount: number;
  stockedAvgG: number;
  stockCostKobo: number;
  deaths: readonly { on: string; count: number }[];
  /** weightG is the harvest's total weight. */
  harvests: readonly { on: string; count: number; weightG: number }[];
  movesOut: readonly { on: string; count: number; avgWeightG: number; costKobo: number }[];
  movesIn: readonly { on: string; count: number; avgWeightG: number; costKobo: number }[];
  feedings: readonly { on: string; feedG: number; costKobo: number }[];
  /** count fish weighed together, weightG their total weight. */
  samples: readonly { on: string; count: number; weightG: number }[];
}

export interface CycleBook {
  /** stocked + in − dead − harvested − out (never negative) */
  alive: number;
  /** projectedWeightG on that day (latest sample rescales) */
  avgWeightG: number;
  /** round(alive × avgWeightG) */
  biomassG: number;
  feedG: number;
  /** gain = biomass + harvested + moved-out weight − stocked biomass − moved-in weight */
  gainG: number;
  /** feed ÷ gain, two decimals; null without gain */
  fcr: number | null;
  /** % a day from the stocking weight to the current average, two decimals; null on the stocking day */
  sgr: number | null;
  /** alive + harvested + out over stocked + in, one decimal */
  survivalPercent: number;
  /** fingerlings + moved-in cost − moved-out cost + feed */
  costKobo: number;
  /** cost over (biomass + harvested kg), null when 0 */
  costPerKgKobo: number | null;
  /** Added: the harvests' count and total weight so far, for the forecast's and the report's sums. */
  harvestedCount: number;
  harvestedG: number;
  deadCount: number;
}

const EMPTY_BOOK: CycleBook = {
  alive: 0,
  avgWeightG: 0,
  biomassG: 0,
  feedG: 0,
  gainG: 0,
  fcr: null,
  sgr: null,
  survivalPercent: 0,
  costKobo: 0,
  costPerKgKobo: null,
  harvestedCount: 0,
  harvestedG: 0,
  deadCount: 0,
};

function sum<T>(rows: readonly T[], value: (row: T) => number): number {
  let total = 0;
  for (const row of rows) total += value(row);
  return total;
}

function round(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/**
 * The samples of one day pooled into one average (two workers weighing the same pond both count: their
 * fish and grams add up), oldest day first.
 */
export function dailySampleAverages(
  samples: readonly { on: string; count: number; weightG: number }[],
): { on: string; avgWeightG: number }[] {
  const byDay = new Map<string, { count: number; weightG: number }>();
  for (const sample of samples) {
    if (!(sample.count > 0 && sample.weightG > 0)) continue;
    const day = byDay.get(sample.on) ?? { count: 0, weightG: 0 };
    day.count += sample.count;
    day.weightG += sample.weightG;
    byDay.set(sample.on, day);
  }
  return (
    [...byDay.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([on, day]) => ({ on, avgWeightG: day.weightG / day.count }))
      // Lighter than a hundredth of a gram is no fish (weights are kept to 0.01 g): a slip, not a sample.
      .filter((day) => day.avgWeightG >= MIN_SAMPLE_AVERAGE_G)
  );
}

/** The lightest average a sample may give: weights are kept to 0.01 g. */
const MIN_SAMPLE_AVERAGE_G = 0.01;

interface Removal {
  on: string;
  count: number;
  /** Fish arriving (+1) or leaving (−1). */
  sign: 1 | -1;
  weightG: number;
}

/**
 * The weighings the growth curve is pinned to: the day's pooled samples, and after every move in or out and
 * every harvest the average of the fish that stay (a harvest of the biggest fish leaves smaller ones; fish
 * moved in mix with those there). A sample on the day of a move describes the fish after it, so it wins.
 * Deaths take fish of the average weight, so they do not change it.
 */
function growthAnchors(facts: CycleFacts, on: string): { on: string; avgWeightG: number }[] {
  const samples = dailySampleAverages(facts.samples.filter((sample) => sample.on <= on));
  const changes: Removal[] = [
    ...facts.movesIn.map((move) => ({
      on: move.on,
      count: move.count,
      sign: 1 as const,
      weightG: move.count * move.avgWeightG,
    })),
    ...facts.movesOut.map((move) => ({
      on: move.on,
      count: move.count,
      sign: -1 as const,
      weightG: move.count * move.avgWeightG,
    })),
    ...facts.harvests.map((harvest) => ({
      on: harvest.on,
      count: harvest.count,
      sign: -1 as const,
      weightG: harvest.weightG,
    })),
  ]
    .filter((change) => change.on <= on && change.on >= facts.stockedOn && change.count > 0)
    .sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0));

  const moved: { on: string; avgWeightG: number }[] = [];
  let movedCount = 0;
  for (const change of changes) {
    const before = [...moved, ...samples.filter((sample) => sample.on < change.on)].sort((a, b) =>
      a.on < b.on ? -1 : a.on > b.on ? 1 : 0,
    );
    const avgBefore = projectedWeightG({ ...growthOf(facts), samples: before, on: change.on });
    const dead = sum(
      facts.deaths.filter((death) => death.on <= change.on),
      (death) => death.count,
    );
    const aliveBefore = Math.max(0, facts.stockedCount + movedCount - dead);
    const aliveAfter = aliveBefore + change.sign * change.count;
    movedCount += change.sign * change.count;
    if (aliveAfter <= 0) continue;
    const avgAfter = (aliveBefore * avgBefore + change.sign * change.weightG) / aliveAfter;
    // A removal heavier than the pond could hold says nothing trustworthy about those left: keep the curve.
    if (avgAfter > 0 && Number.isFinite(avgAfter)) moved.push({ on: change.on, avgWeightG: avgAfter });
  }
  // Stable: on a day with both, the moves come first and the day's sample, later in the list, wins.
  return [...moved, ...samples].sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0));
}

function growthOf(facts: CycleFacts) {
  return {
    species: facts.species,
    ...(facts.tableId ? { tableId: facts.tableId } : {}),
    stockedOn: facts.stockedOn,
    stockedAvgG: facts.stockedAvgG,
  };
}

/** What the book shows for a cycle on a day: only facts dated on or before `on` count. */
export function cycleBook(facts: CycleFacts, on: string): CycleBook {
  if (on < facts.stockedOn) return { ...EMPTY_BOOK };
  const until = <T extends { on: string }>(rows: readonly T[]) => rows.filter((row) => row.on <= on);
  const deaths = until(facts.deaths);
  const harvests = until(facts.harvests);
  const movesOut = until(facts.movesOut);
  const movesIn = until(facts.movesIn);
  const feedings = until(facts.feedings);

  const deadCount = sum(deaths, (death) => death.count);
  const harvestedCount = sum(harvests, (harvest) => harvest.count);
  const outCount = sum(movesOut, (move) => move.count);
  const inCount = sum(movesIn, (move) => move.count);
  const alive = Math.max(0, facts.stockedCount + inCount - deadCount - harvestedCount - outCount);

  const avgWeightG = projectedWeightG({ ...growthOf(facts), samples: growthAnchors(facts, on), on });
  const biomassG = biomassOf(alive, avgWeightG);
  const harvestedG = sum(harvests, (harvest) => harvest.weightG);
  const movedOutG = sum(movesOut, (move) => biomassOf(move.count, move.avgWeightG));
  const movedInG = sum(movesIn, (move) => biomassOf(move.count, move.avgWeightG));
  const stockedG = biomassOf(facts.stockedCount, facts.stockedAvgG);
  const feedG = sum(feedings, (feeding) => feeding.feedG);
  const gainG = biomassG + harvestedG + movedOutG - stockedG - movedInG;

  const ratio = fcrOf(feedG, gainG);
  const growth = sgrPercentPerDay(facts.stockedAvgG, avgWeightG, daysBetween(facts.stockedOn, on));
  const came = facts.stockedCount + inCount;
  const accounted = alive + harvestedCount + outCount;
  const survivalPercent = came > 0 ? round(Math.min(100, Math.max(0, (100 * accounted) / came)), 1) : 0;

  const costKobo =
    facts.stockCostKobo +
    sum(movesIn, (move) => move.costKobo) -
    sum(movesOut, (move) => move.costKobo) +
    sum(feedings, (feeding) => feeding.costKobo);
  const soldOrStandingG = biomassG + harvestedG;
  const costPerKgKobo = soldOrStandingG > 0 ? Math.round((costKobo * 1000) / soldOrStandingG) : null;

  return {
    alive,
    avgWeightG,
    biomassG,
    feedG,
    gainG,
    fcr: ratio === null ? null : round(ratio, 2),
    sgr: growth === null ? null : round(growth, 2),
    survivalPercent,
    costKobo,
    costPerKgKobo,
    harvestedCount,
    harvestedG,
    deadCount,
  };
}

/** A move or grading: the share of count and cost that leaves (cost share = cost × count / alive, rounded so
 *  what leaves plus what stays equals the whole). Throws a typed invalid error (core/errors.ts) when count > alive or ≤ 0. */
export function shareForMove(input: { alive: number; costKobo: number; count: number }): {
  costKobo: number;
  remainingCostKobo: number;
} {
  const { alive, costKobo, count } = input;
  if (!Number.isInteger(count) || count <= 0)
    throw new Invalid('Move at least 1 fish.', { count: ['Enter a whole number of fish, 1 or more.'] });
  if (count > alive)
    throw new Invalid(`Only ${alive} fish are alive in this pond.`, {
      count: [`You can move at most ${alive} fish.`],
    });
  const share = Math.round((costKobo * count) / alive);
  return { costKobo: share, remainingCostKobo: costKobo - share };
}

/** The sample's average weight; null when count ≤ 0 (or the weight is not above 0 g). Two decimals. */
export function sampleAverageG(sample: { count: number; weightG: number }): number | null {
  if (!(sample.count > 0) || !(sample.weightG > 0) || !Number.isFinite(sample.weightG / sample.count))
    return null;
  return round(sample.weightG / sample.count, 2);
}
