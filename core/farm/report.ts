import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { farmEntries, farms, ponds } from '../../db/schema';
import { addDays, daysBetween } from '../calendar';
import { neutraliseFormula } from '../csv';
import { NotFound } from '../errors';
import { nairaFigure } from '../money';
import type { CycleBook } from './book';
import { requireOwner, type FarmAccess } from './farms';
import { harvestWord, MOVE_DIRECTION_WORD } from './kinds';
import { POND_KIND_LABEL, SPECIES_LABEL, type PondKind, type Species } from './species';
import { cycleView, type CycleMoney, type CycleView } from './views';

/**
 * The cycle report (issue 50 §5): one cycle's book on one page a farmer can show a bank or a buyer —
 * stocking, feed and deaths week by week, samples against the plan, FCR, SGR, survival, the costs, the
 * harvests and, while the pond is still stocked, the forecast. It holds money, so it is the owner's only.
 * Its figures are the cycle page's (cycleView, the one read path), grouped by week and listed line by
 * line here; nothing is worked out a second way.
 */

export interface CycleReport {
  farm: { name: string; state: string; town: string };
  pond: { name: string; kind: PondKind | null };
  cycle: {
    id: number;
    species: Species;
    stockedOn: string;
    stockedCount: number;
    stockedAvgG: number;
    source: string;
    stockCostKobo: number;
    targetG: number;
    closedOn: string | null;
    tableTitle: string;
  };
  /** The day the book is read on: the last harvest's, or today while fish are in the pond. */
  asOf: string;
  /** Days since stocking on `asOf`. */
  day: number;
  book: CycleBook;
  /** Week 1 is the stocking day and the six after it; every week to `asOf` is listed, fed or not. */
  weeks: { week: number; from: string; to: string; feedG: number; deaths: number }[];
  samples: CycleView['samples'];
  moves: { on: string; direction: 'in' | 'out'; count: number; weightG: number; costKobo: number }[];
  harvests: { on: string; count: number; weightG: number; final: boolean }[];
  costs: {
    fingerlingsKobo: number;
    movedInKobo: number;
    movedOutKobo: number;
    feedKobo: number;
    /** Feed recorded with no price in the feed store: given, but not in the cost. */
    unpricedFeedG: number;
    totalKobo: number;
    perKgKobo: number | null;
  };
  forecast: CycleView['forecast'];
  /** FreshCatch's price now and what the forecast harvest is worth at it (cycle page's figures). */
  market: Pick<CycleMoney, 'productName' | 'pricePerKgKobo' | 'harvestValueKobo' | 'marginKobo'>;
}

export async function cycleReport(
  db: Db,
  access: FarmAccess,
  cycleId: number,
  today: string,
): Promise<CycleReport> {
  requireOwner(access);
  const view = await cycleView(db, access, cycleId, today);
  const { cycle, book } = view;
  const money = view.money!;
  const [[farm], [pond], lines, [unpriced]] = await Promise.all([
    db
      .select({ name: farms.name, state: farms.state, town: farms.town })
      .from(farms)
      .where(eq(farms.id, access.farmId)),
    db.select({ kind: ponds.kind }).from(ponds).where(eq(ponds.id, cycle.pondId)),
    db
      .select({
        on: farmEntries.on,
        kind: farmEntries.kind,
        count: farmEntries.count,
        weightG: farmEntries.weightG,
        costKobo: farmEntries.costKobo,
        final: farmEntries.final,
      })
      .from(farmEntries)
      .where(
        and(eq(farmEntries.cycleId, cycle.id), inArray(farmEntries.kind, ['harvest', 'move_in', 'move_out'])),
      )
      .orderBy(asc(farmEntries.on), asc(farmEntries.recordedAt)),
    db
      .select({ feedG: sql<number>`coalesce(sum(${farmEntries.feedG}), 0)::bigint` })
      .from(farmEntries)
      .where(
        and(
          eq(farmEntries.cycleId, cycle.id),
          eq(farmEntries.kind, 'feeding'),
          sql`coalesce(${farmEntries.costKobo}, 0) = 0`,
        ),
      ),
  ]);
  if (!farm) throw new NotFound('This cycle is not on the farm.');
  const asOf = cycle.closedOn ?? today;
  const moves = lines.flatMap((line) =>
    line.kind === 'move_in' || line.kind === 'move_out'
      ? [
          {
            on: line.on,
            direction: line.kind === 'move_in' ? ('in' as const) : ('out' as const),
            count: line.count ?? 0,
            weightG: line.weightG ?? 0,
            costKobo: line.costKobo ?? 0,
          },
        ]
      : [],
  );
  const movedInKobo = moves.filter((m) => m.direction === 'in').reduce((sum, m) => sum + m.costKobo, 0);
  const movedOutKobo = moves.filter((m) => m.direction === 'out').reduce((sum, m) => sum + m.costKobo, 0);
  return {
    farm,
    pond: { name: view.pondName, kind: pond?.kind ?? null },
    cycle: {
      id: cycle.id,
      species: cycle.species,
      stockedOn: cycle.stockedOn,
      stockedCount: cycle.stockedCount,
      stockedAvgG: cycle.stockedAvgMg / 1000,
      source: cycle.source,
      stockCostKobo: cycle.stockCostKobo,
      targetG: cycle.targetG,
      closedOn: cycle.closedOn,
      tableTitle: view.tableTitle,
    },
    asOf,
    day: view.day,
    book,
    weeks: weeksOf(cycle.stockedOn, asOf, view.feedByDay, view.deathsByDay),
    samples: view.samples,
    moves,
    harvests: lines.flatMap((line) =>
      line.kind === 'harvest'
        ? [{ on: line.on, count: line.count ?? 0, weightG: line.weightG ?? 0, final: line.final === true }]
        : [],
    ),
    costs: {
      fingerlingsKobo: cycle.stockCostKobo,
      movedInKobo,
      movedOutKobo,
      // The book's cost is fingerlings + moved in − moved out + feed: the feed is what remains of it, so
      // the rows add up to the total the cycle page shows.
      feedKobo: book.costKobo - cycle.stockCostKobo - movedInKobo + movedOutKobo,
      unpricedFeedG: Number(unpriced?.feedG ?? 0),
      totalKobo: book.costKobo,
      perKgKobo: book.costPerKgKobo,
    },
    forecast: view.forecast,
    market: {
      productName: money.productName,
      pricePerKgKobo: money.pricePerKgKobo,
      harvestValueKobo: money.harvestValueKobo,
      marginKobo: money.marginKobo,
    },
  };
}

/** Feed and deaths summed by week from stocking (week 1: the stocking day and the six after it). */
export function weeksOf(
  stockedOn: string,
  asOf: string,
  feedByDay: readonly { on: string; feedG: number }[],
  deathsByDay: readonly { on: string; count: number }[],
): CycleReport['weeks'] {
  const lastDay = Math.max(
    daysBetween(stockedOn, asOf),
    ...feedByDay.map((d) => daysBetween(stockedOn, d.on)),
    ...deathsByDay.map((d) => daysBetween(stockedOn, d.on)),
    0,
  );
  const weeks: CycleReport['weeks'] = [];
  for (let week = 1; (week - 1) * 7 <= lastDay; week += 1) {
    const from = addDays(stockedOn, (week - 1) * 7);
    weeks.push({ week, from, to: addDays(from, 6), feedG: 0, deaths: 0 });
  }
  const weekOf = (on: string) => weeks[Math.max(0, Math.floor(daysBetween(stockedOn, on) / 7))]!;
  for (const day of feedByDay) weekOf(day.on).feedG += day.feedG;
  for (const day of deathsByDay) weekOf(day.on).deaths += day.count;
  return weeks;
}

// Figures as the screens round them, written plainly (no ₦, no thousands commas, units in the
// heading) so a spreadsheet can add them up.

/** Grams as kg to two decimals: 3636 → "3.64". */
export function kgFigure(grams: number): string {
  return String(Number((grams / 1000).toFixed(2)));
}

/** An average weight in grams as the screens round it: one decimal below 10 g, whole grams above. */
export function gramsFigure(grams: number): string {
  return String(Number(grams.toFixed(grams < 10 ? 1 : 0)));
}

function decimals(value: number | null, digits: number): string {
  return value === null ? '' : String(Number(value.toFixed(digits)));
}

function money(kobo: number | null): string {
  return kobo === null ? '' : nairaFigure(kobo);
}

/** What a figure is, and what it is for the rows of "The book". */
export function reportFigures(report: CycleReport): [string, string, string][] {
  const { book } = report;
  return [
    ['Fish alive', String(book.alive), 'fish'],
    ['Dead (recorded)', String(book.deadCount), 'fish'],
    ['Harvested', String(book.harvestedCount), 'fish'],
    ['Average weight', gramsFigure(book.avgWeightG), 'g'],
    ['Fish in the pond', kgFigure(book.biomassG), 'kg'],
    ['Harvested weight', kgFigure(book.harvestedG), 'kg'],
    ['Feed given', kgFigure(book.feedG), 'kg'],
    ['Weight gained', kgFigure(book.gainG), 'kg'],
    ['FCR (feed ÷ gain)', decimals(book.fcr, 2), ''],
    ['SGR', decimals(book.sgr, 2), '% a day'],
    ['Survival', decimals(book.survivalPercent, 1), '%'],
  ];
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The report as CSV, for a spreadsheet: one section after another, each with a heading row, its
 * columns' names and its rows, a blank row between. Dates are YYYY-MM-DD, money naira with two
 * decimals, weights kg (or g where the heading says so). Quoted by csv-stringify, as the orders export
 * is; text that looks like a formula (a hatchery called "=HYPERLINK…") is written as text, a negative
 * figure (a margin) stays a number.
 */
export function cycleReportCsv(report: CycleReport): string {
  const { cycle, costs } = report;
  const rows: (string | number)[][] = [];
  const section = (title: string, head: string[], body: (string | number)[][]) => {
    rows.push([], [title], head, ...body);
  };
  // The title and what the report is about: label and value, no column names.
  rows.push(
    ['FreshCatch cycle report'],
    ['Farm', report.farm.name],
    ['Place', [report.farm.town, report.farm.state].filter(Boolean).join(', ')],
    ['Pond', report.pond.name],
    ['Pond kind', report.pond.kind ? POND_KIND_LABEL[report.pond.kind] : ''],
    ['Cycle', cycle.id],
    ['Status', cycle.closedOn ? `Harvested ${cycle.closedOn}` : 'Fish in the pond'],
    ['Book as of', report.asOf],
    ['Days since stocking', report.day],
    ['Feeding plan', cycle.tableTitle],
  );
  section(
    'Stocking',
    ['Date', 'Species', 'Fish', 'Average weight (g)', 'Where from', 'Cost (NGN)'],
    [
      [
        cycle.stockedOn,
        SPECIES_LABEL[cycle.species],
        cycle.stockedCount,
        gramsFigure(cycle.stockedAvgG),
        cycle.source,
        money(cycle.stockCostKobo),
      ],
    ],
  );
  if (report.moves.length > 0)
    section(
      'Fish moved',
      ['Date', 'In or out', 'Fish', 'Weight (kg)', 'Cost share (NGN)'],
      report.moves.map((m) => [
        m.on,
        MOVE_DIRECTION_WORD[m.direction],
        m.count,
        kgFigure(m.weightG),
        money(m.costKobo),
      ]),
    );
  section(
    'Feed and deaths by week',
    ['Week', 'From', 'To', 'Feed (kg)', 'Deaths'],
    [
      ...report.weeks.map((w) => [w.week, w.from, w.to, kgFigure(w.feedG), w.deaths]),
      [
        'Total',
        '',
        '',
        kgFigure(report.weeks.reduce((sum, w) => sum + w.feedG, 0)),
        report.weeks.reduce((sum, w) => sum + w.deaths, 0),
      ],
    ],
  );
  section(
    'Samples',
    ['Date', 'Fish weighed', 'Average weight (g)', "Plan's weight (g)"],
    report.samples.map((s) => [s.on, s.count, gramsFigure(s.averageG), gramsFigure(s.planG)]),
  );
  section(
    'The book',
    ['Figure', 'Value', 'Unit'],
    reportFigures(report).map((row) => [...row]),
  );
  section(
    'Costs',
    ['Item', 'NGN'],
    [
      ['Fingerlings', money(costs.fingerlingsKobo)],
      ...(costs.movedInKobo > 0 ? [['Fish moved in', money(costs.movedInKobo)]] : []),
      ...(costs.movedOutKobo > 0 ? [['Fish moved out', money(-costs.movedOutKobo)]] : []),
      ['Feed', money(costs.feedKobo)],
      ['Total', money(costs.totalKobo)],
      ['Per kg of fish', money(costs.perKgKobo)],
      ...(costs.unpricedFeedG > 0
        ? [[`Feed with no price in the feed store (kg, not in the cost)`, kgFigure(costs.unpricedFeedG)]]
        : []),
    ],
  );
  section(
    'Harvests',
    ['Date', 'Fish', 'Weight (kg)', 'Partial or final'],
    report.harvests.map((h) => [h.on, h.count, kgFigure(h.weightG), harvestWord(h.final)]),
  );
  if (report.forecast) {
    const { forecast, market } = report;
    section(
      'Harvest forecast',
      ['Figure', 'Value'],
      [
        ['Target weight (g)', cycle.targetG],
        ['Expected on', forecast.on],
        ['Days from now', forecast.days],
        ['Fish to harvest (kg)', kgFigure(forecast.biomassG)],
        ...(market.pricePerKgKobo !== null && market.harvestValueKobo !== null
          ? [
              [
                `FreshCatch price now (NGN per kg, ${market.productName ?? ''})`,
                money(market.pricePerKgKobo),
              ],
              ['Worth at that price (NGN)', money(market.harvestValueKobo)],
              ['Margin on the cost so far (NGN)', money(market.marginKobo)],
            ]
          : []),
      ],
    );
  }
  return stringify(rows, {
    bom: true,
    cast: { string: (value) => (PLAIN_NUMBER.test(value) ? value : neutraliseFormula(value)) },
  });
}

/** "okrika-fish-farm-pond-a-cycle-12.csv": the names as a file name can carry them. */
export function cycleReportFilename(report: CycleReport): string {
  const slug = (text: string, fallback: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || fallback;
  return `${slug(report.farm.name, 'farm')}-${slug(report.pond.name, 'pond')}-cycle-${report.cycle.id}.csv`;
}
