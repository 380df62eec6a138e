import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  cycleReportCsv,
  cycleReportFilename,
  gramsFigure,
  kgFigure,
  weeksOf,
  type CycleReport,
} from '#core/farm/report';

// The cycle report (issue 50 §5) as a bank officer opens it in a spreadsheet: sections one after
// another, each a heading row, its columns' names and its rows; figures as the screens round them.

function report(overrides: Partial<CycleReport> = {}): CycleReport {
  return {
    farm: { name: 'Okrika Fish Farm, "Best" Ltd', state: 'Rivers', town: 'Okrika' },
    pond: { name: 'Pond A', kind: 'earthen_pond' },
    cycle: {
      id: 12,
      species: 'african_catfish',
      stockedOn: '2026-03-01',
      stockedCount: 1000,
      stockedAvgG: 90,
      source: 'Ade Hatchery, Ibadan',
      stockCostKobo: 15_000_000,
      targetG: 1000,
      closedOn: null,
      tableTitle: 'Catfish grow-out',
    },
    asOf: '2026-03-10',
    day: 9,
    book: {
      alive: 996,
      avgWeightG: 130,
      biomassG: 129_480,
      feedG: 7272,
      gainG: 39_480,
      fcr: 0.18,
      sgr: 4.09,
      survivalPercent: 99.6,
      costKobo: 15_363_600,
      costPerKgKobo: 118_656,
      harvestedCount: 0,
      harvestedG: 0,
      deadCount: 4,
    },
    weeks: [
      { week: 1, from: '2026-03-01', to: '2026-03-07', feedG: 3636, deaths: 4 },
      { week: 2, from: '2026-03-08', to: '2026-03-14', feedG: 3636, deaths: 0 },
    ],
    samples: [{ on: '2026-03-08', day: 7, count: 100, weightG: 13_000, averageG: 130, planG: 117.46 }],
    moves: [],
    harvests: [],
    costs: {
      fingerlingsKobo: 15_000_000,
      movedInKobo: 0,
      movedOutKobo: 0,
      feedKobo: 363_600,
      unpricedFeedG: 0,
      totalKobo: 15_363_600,
      perKgKobo: 118_656,
    },
    forecast: { on: '2026-05-30', days: 81, weightG: 1003.2, biomassG: 999_187 },
    market: {
      productName: 'Live Catfish',
      pricePerKgKobo: 250_000,
      harvestValueKobo: 249_796_750,
      marginKobo: 234_433_150,
    },
    ...overrides,
  };
}

/** The CSV's rows, as a spreadsheet reads them. */
function rowsOf(csv: string): string[][] {
  return parse(csv, { bom: true, relaxColumnCount: true, skipEmptyLines: false }) as string[][];
}

/** A section's rows under its heading: its columns' names first, to the next blank row. */
function sectionOf(rows: string[][], title: string): string[][] {
  const at = rows.findIndex((row) => row.length === 1 && row[0] === title);
  expect(at, `section ${title}`).toBeGreaterThanOrEqual(0);
  const end = rows.findIndex((row, i) => i > at && row.every((cell) => cell === ''));
  return rows.slice(at + 1, end === -1 ? undefined : end);
}

describe('the cycle report as CSV', () => {
  it('starts with a byte-order mark, so a spreadsheet reads ₦ and names as UTF-8', () => {
    expect(cycleReportCsv(report()).startsWith('\uFEFF')).toBe(true);
  });

  it('quotes a name with a comma or quotes, and reads back as written', () => {
    const csv = cycleReportCsv(report());
    expect(csv).toContain('Farm,"Okrika Fish Farm, ""Best"" Ltd"');
    const rows = rowsOf(csv);
    expect(rows[0]).toEqual(['FreshCatch cycle report']);
    expect(rows).toContainEqual(['Farm', 'Okrika Fish Farm, "Best" Ltd']);
    expect(rows).toContainEqual(['Place', 'Okrika, Rivers']);
    expect(sectionOf(rows, 'Stocking')).toEqual([
      ['Date', 'Species', 'Fish', 'Average weight (g)', 'Where from', 'Cost (NGN)'],
      ['2026-03-01', 'African catfish', '1000', '90', 'Ade Hatchery, Ibadan', '150000.00'],
    ]);
  });

  it('writes text that looks like a formula as text, and a negative margin as a number', () => {
    const csv = cycleReportCsv(
      report({
        cycle: { ...report().cycle, source: '=HYPERLINK("http://x")' },
        market: { ...report().market, marginKobo: -50_000 },
      }),
    );
    const rows = rowsOf(csv);
    expect(sectionOf(rows, 'Stocking')[1]![4]).toBe(`'=HYPERLINK("http://x")`);
    expect(sectionOf(rows, 'Harvest forecast')).toContainEqual([
      'Margin on the cost so far (NGN)',
      '-500.00',
    ]);
  });

  it('sums feed and deaths by week, with a total row, in kg as the screens round them', () => {
    const rows = rowsOf(cycleReportCsv(report()));
    expect(sectionOf(rows, 'Feed and deaths by week')).toEqual([
      ['Week', 'From', 'To', 'Feed (kg)', 'Deaths'],
      ['1', '2026-03-01', '2026-03-07', '3.64', '4'],
      ['2', '2026-03-08', '2026-03-14', '3.64', '0'],
      ['Total', '', '', '7.27', '4'],
    ]);
  });

  it("lists the samples against the plan's weight that day", () => {
    expect(sectionOf(rowsOf(cycleReportCsv(report())), 'Samples')).toEqual([
      ['Date', 'Fish weighed', 'Average weight (g)', "Plan's weight (g)"],
      ['2026-03-08', '100', '130', '117'],
    ]);
  });

  it('gives the book: FCR to two decimals, SGR to two, survival to one, as the cycle page', () => {
    const book = sectionOf(rowsOf(cycleReportCsv(report())), 'The book');
    expect(book[0]).toEqual(['Figure', 'Value', 'Unit']);
    expect(book).toContainEqual(['Fish alive', '996', 'fish']);
    expect(book).toContainEqual(['Feed given', '7.27', 'kg']);
    expect(book).toContainEqual(['FCR (feed ÷ gain)', '0.18', '']);
    expect(book).toContainEqual(['SGR', '4.09', '% a day']);
    expect(book).toContainEqual(['Survival', '99.6', '%']);
    // No FCR without gain: an empty cell, not 0 or "null".
    const noGain = sectionOf(
      rowsOf(cycleReportCsv(report({ book: { ...report().book, fcr: null } }))),
      'The book',
    );
    expect(noGain).toContainEqual(['FCR (feed ÷ gain)', '', '']);
  });

  it('adds the costs up to the total, in naira with two decimals', () => {
    expect(sectionOf(rowsOf(cycleReportCsv(report())), 'Costs')).toEqual([
      ['Item', 'NGN'],
      ['Fingerlings', '150000.00'],
      ['Feed', '3636.00'],
      ['Total', '153636.00'],
      ['Per kg of fish', '1186.56'],
    ]);
  });

  it('lists harvests partial and final, and leaves the forecast out once the pond is harvested', () => {
    const closed = report({
      cycle: { ...report().cycle, closedOn: '2026-06-02' },
      harvests: [
        { on: '2026-05-20', count: 200, weightG: 200_500, final: false },
        { on: '2026-06-02', count: 780, weightG: 801_250, final: true },
      ],
      forecast: null,
    });
    const rows = rowsOf(cycleReportCsv(closed));
    expect(sectionOf(rows, 'Harvests')).toEqual([
      ['Date', 'Fish', 'Weight (kg)', 'Partial or final'],
      ['2026-05-20', '200', '200.5', 'Partial'],
      ['2026-06-02', '780', '801.25', 'Final'],
    ]);
    expect(rows).toContainEqual(['Status', 'Harvested 2026-06-02']);
    expect(rows.some((row) => row[0] === 'Harvest forecast')).toBe(false);
  });

  it('names the file after the farm, the pond and the cycle', () => {
    expect(cycleReportFilename(report())).toBe('okrika-fish-farm-best-ltd-pond-a-cycle-12.csv');
    expect(cycleReportFilename(report({ farm: { name: '"; rm', state: 'Lagos', town: 'Ikeja' } }))).toBe(
      'rm-pond-a-cycle-12.csv',
    );
    expect(cycleReportFilename(report({ farm: { name: 'Ọ̀yọ́ Farms', state: 'Oyo', town: 'Oyo' } }))).toBe(
      'oyo-farms-pond-a-cycle-12.csv',
    );
  });
});

describe('the weeks of a cycle', () => {
  it('counts week 1 from the stocking day and lists a week with nothing recorded', () => {
    const weeks = weeksOf(
      '2026-03-01',
      '2026-03-20',
      [
        { on: '2026-03-01', feedG: 1000 },
        { on: '2026-03-07', feedG: 500 },
        { on: '2026-03-20', feedG: 250 },
      ],
      [{ on: '2026-03-08', count: 3 }],
    );
    expect(weeks).toEqual([
      { week: 1, from: '2026-03-01', to: '2026-03-07', feedG: 1500, deaths: 0 },
      { week: 2, from: '2026-03-08', to: '2026-03-14', feedG: 0, deaths: 3 },
      { week: 3, from: '2026-03-15', to: '2026-03-21', feedG: 250, deaths: 0 },
    ]);
  });

  it('has one week on the stocking day', () => {
    expect(weeksOf('2026-03-01', '2026-03-01', [], [])).toHaveLength(1);
  });
});

describe('figures as the screens round them', () => {
  it('writes kg to two decimals and grams whole (one decimal below 10 g)', () => {
    expect(kgFigure(3636)).toBe('3.64');
    expect(kgFigure(200_500)).toBe('200.5');
    expect(gramsFigure(117.46)).toBe('117');
    expect(gramsFigure(2.5)).toBe('2.5');
  });
});
