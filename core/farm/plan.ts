import { addDays, daysBetween } from '../calendar';
import { Invalid } from '../errors';
import { type FeedingTable, tableForCycle } from './feeding-tables';
import type { Species } from './species';

/**
 * The plan (issue 50): the day's ration from the species' feeding table, and the weight the fish should
 * have on a day from the same table read as a growth curve. Weights are grams (fractional for small fish),
 * feed whole grams, dates the farm's 'YYYY-MM-DD'. docs/farm.md says what each number means to a farmer.
 */

/** Weights shown to two decimals: enough for a 0.35 g fry, and no float dust (89.99999 g). */
function roundWeight(grams: number): number {
  return Math.round(grams * 100) / 100;
}

/**
 * %BW/day and pellet size for a fish of this weight: linear between the table's rows by weight, clamped at
 * its ends. The rate is rounded to two decimals and is the rate the ration uses, so a farmer can check the
 * ration by hand. The pellet is the size of the row at or below the weight: a feed is a bag of one size,
 * so it changes at a row, not little by little.
 */
export function rateAt(
  table: FeedingTable,
  avgWeightG: number,
): { percentBwPerDay: number; pelletMm: number } {
  const rows = table.rows;
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  if (!(avgWeightG > first.weightG))
    return { percentBwPerDay: first.percentBwPerDay, pelletMm: first.pelletMm };
  if (avgWeightG >= last.weightG) return { percentBwPerDay: last.percentBwPerDay, pelletMm: last.pelletMm };
  let i = 0;
  while (rows[i + 1]!.weightG <= avgWeightG) i += 1;
  const lower = rows[i]!;
  const upper = rows[i + 1]!;
  const share = (avgWeightG - lower.weightG) / (upper.weightG - lower.weightG);
  const rate = lower.percentBwPerDay + share * (upper.percentBwPerDay - lower.percentBwPerDay);
  return { percentBwPerDay: Math.round(rate * 100) / 100, pelletMm: lower.pelletMm };
}

/** Whole grams split into `meals` meals that add up to exactly `feedG` (the first meals take the odd grams). */
export function splitMeals(feedG: number, meals: number): number[] {
  const base = Math.floor(feedG / meals);
  const odd = feedG - base * meals;
  return Array.from({ length: meals }, (_, i) => base + (i < odd ? 1 : 0));
}

/** The fish's total weight: count × average weight, in whole grams. */
export function biomassG(count: number, avgWeightG: number): number {
  return Math.round(Math.max(0, count) * Math.max(0, avgWeightG));
}

/** The day's ration: biomass × rate, split into the table's meals (integer grams summing exactly to feedG). */
export function dailyRation(input: {
  species: Species;
  count: number;
  avgWeightG: number;
  ratePercentOverride?: number | null;
  tableId?: string;
}): { feedG: number; pelletMm: number; percentBwPerDay: number; meals: number[]; tableId: string } {
  const { count, avgWeightG, ratePercentOverride } = input;
  if (!Number.isInteger(count) || count < 0)
    throw new Invalid('The number of fish must be a whole number, 0 or more.', {
      count: ['Enter a whole number of fish, 0 or more.'],
    });
  if (!Number.isFinite(avgWeightG) || avgWeightG < 0)
    throw new Invalid('The average weight must be 0 g or more.', {
      avgWeightG: ['Enter the average weight in grams.'],
    });
  const override = ratePercentOverride ?? null;
  if (override !== null && !(Number.isFinite(override) && override > 0))
    throw new Invalid('Your own feeding rate must be above 0 % a day.', {
      ratePercentOverride: ['Enter a rate above 0 %.'],
    });
  const table = tableForCycle(input.species, input.tableId);
  const fromTable = rateAt(table, avgWeightG);
  const percentBwPerDay = override ?? fromTable.percentBwPerDay;
  const feedG = Math.round((biomassG(count, avgWeightG) * percentBwPerDay) / 100);
  return {
    feedG,
    pelletMm: fromTable.pelletMm,
    percentBwPerDay,
    meals: splitMeals(feedG, table.mealsPerDay),
    tableId: table.id,
  };
}

/** The growth (ln of weight per day) between two rows: between rows the plan grows at a steady SGR. */
function segmentRate(lower: FeedingTable['rows'][number], upper: FeedingTable['rows'][number]): number {
  return Math.log(upper.weightG / lower.weightG) / (upper.day - lower.day);
}

/**
 * The plan's weight on day n after stocking at the table's own start weight (the table is a growth curve).
 * Between rows the fish grow at the steady rate (SGR) that joins them; before the first row and past the
 * last, at the SGR of the first or last two rows. Days may be fractional.
 */
export function planWeightOnDay(table: FeedingTable, day: number): number {
  const rows = table.rows;
  const n = rows.length;
  let i: number;
  if (day <= rows[0]!.day) i = 0;
  else if (day >= rows[n - 1]!.day) i = n - 2;
  else {
    i = 0;
    while (rows[i + 1]!.day <= day) i += 1;
  }
  const from = day >= rows[n - 1]!.day ? rows[n - 1]! : rows[i]!;
  return from.weightG * Math.exp(segmentRate(rows[i]!, rows[i + 1]!) * (day - from.day));
}

/** The (fractional) day of the plan on which its fish weigh `weightG`: planWeightOnDay read backwards. */
export function planDayForWeight(table: FeedingTable, weightG: number): number {
  const rows = table.rows;
  const n = rows.length;
  let i: number;
  if (weightG <= rows[0]!.weightG) i = 0;
  else if (weightG >= rows[n - 1]!.weightG) i = n - 2;
  else {
    i = 0;
    while (rows[i + 1]!.weightG <= weightG) i += 1;
  }
  const from = weightG >= rows[n - 1]!.weightG ? rows[n - 1]! : rows[i]!;
  return from.day + Math.log(weightG / from.weightG) / segmentRate(rows[i]!, rows[i + 1]!);
}

export interface GrowthInput {
  species: Species;
  tableId?: string;
  stockedOn: string;
  stockedAvgG: number;
  samples: readonly { on: string; avgWeightG: number }[];
}

/** The latest weighing on or before `on` (the stocking itself when there is none): where the curve is pinned. */
function anchorOn(input: GrowthInput, on: string): { on: string; avgWeightG: number } {
  let anchor = { on: input.stockedOn, avgWeightG: input.stockedAvgG };
  for (const sample of input.samples) {
    if (!(Number.isFinite(sample.avgWeightG) && sample.avgWeightG > 0)) continue;
    // A later entry of the same day wins: it is the later word on that day.
    if (sample.on >= anchor.on && sample.on <= on && sample.on >= input.stockedOn) anchor = sample;
  }
  return anchor;
}

function checkStockedWeight(stockedAvgG: number): void {
  if (!(Number.isFinite(stockedAvgG) && stockedAvgG > 0))
    throw new Invalid('The average weight at stocking must be above 0 g.', {
      stockedAvgG: ['Enter the average weight in grams.'],
    });
}

/** The weight the curve pinned at `anchor` gives on `on` (never before the anchor: a fish does not shrink). */
function weightFrom(table: FeedingTable, anchor: { on: string; avgWeightG: number }, on: string): number {
  const days = Math.max(0, daysBetween(anchor.on, on));
  if (days === 0) return anchor.avgWeightG;
  return planWeightOnDay(table, planDayForWeight(table, anchor.avgWeightG) + days);
}

/** Weight expected on `on`: the plan's curve rescaled to the latest sample on or before `on` (or the stocking weight):
 *  find the plan's day whose weight equals that weight, advance along the curve by the days since; past the table's
 *  last row, keep growing at the last rows' SGR. */
export function projectedWeightG(input: GrowthInput & { on: string }): number {
  checkStockedWeight(input.stockedAvgG);
  const table = tableForCycle(input.species, input.tableId);
  return roundWeight(weightFrom(table, anchorOn(input, input.on), input.on));
}

/** How far ahead a forecast looks: two years, longer than any table-size cycle. */
export const FORECAST_HORIZON_DAYS = 730;

/** The first day the projected weight reaches targetG, searching from `today` up to 730 days ahead; null if never. */
export function forecastHarvest(input: GrowthInput & { today: string; targetG: number }): {
  on: string;
  days: number;
  weightG: number;
} | null {
  checkStockedWeight(input.stockedAvgG);
  if (!(Number.isFinite(input.targetG) && input.targetG > 0))
    throw new Invalid('The target weight must be above 0 g.', {
      targetG: ['Enter the target weight in grams.'],
    });
  const table = tableForCycle(input.species, input.tableId);
  // Nothing weighed after today is known today: the anchor is today's.
  const anchor = anchorOn(input, input.today);
  for (let days = 0; days <= FORECAST_HORIZON_DAYS; days += 1) {
    const on = addDays(input.today, days);
    const weightG = roundWeight(weightFrom(table, anchor, on));
    if (weightG >= input.targetG) return { on, days, weightG };
  }
  return null;
}

/** Specific growth rate, % a day: 100 × (ln W2 − ln W1) / days; null if days ≤ 0 or a weight ≤ 0. */
export function sgrPercentPerDay(w1G: number, w2G: number, days: number): number | null {
  if (!(days > 0 && w1G > 0 && w2G > 0) || !Number.isFinite(days + w1G + w2G)) return null;
  return (100 * (Math.log(w2G) - Math.log(w1G))) / days;
}

/** Feed conversion ratio: feed given ÷ weight gained; null unless gainG > 0 (no gain, no ratio). */
export function fcr(feedG: number, gainG: number): number | null {
  if (!(gainG > 0) || !Number.isFinite(feedG + gainG) || feedG < 0) return null;
  return feedG / gainG;
}
