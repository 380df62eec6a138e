import { describe, expect, it } from 'vitest';
import { cycleBook, type CycleFacts, sampleAverageG, shareForMove } from '#core/farm/book';
import { FEEDING_TABLES, feedingTableById, feedingTableFor } from '#core/farm/feeding-tables';
import {
  biomassG,
  dailyRation,
  fcr,
  forecastHarvest,
  planDayForWeight,
  planWeightOnDay,
  projectedWeightG,
  rateAt,
  sgrPercentPerDay,
} from '#core/farm/plan';
import { densityWarning, pondVolumeM3 } from '#core/farm/ponds';
import { SPECIES, SPECIES_LABEL } from '#core/farm/species';
import { waterWarnings } from '#core/farm/water';
import { Invalid } from '#core/errors';

// The farm book's model (issue 50, docs/farm.md), against examples worked by hand.
const catfish = feedingTableFor('african_catfish');
const tilapia = feedingTableFor('nile_tilapia');

describe('the feeding tables', () => {
  it('are data with a source, one current table per species, kept by id', () => {
    for (const table of FEEDING_TABLES) {
      expect(table.source.length).toBeGreaterThan(100);
      expect(table.rows.length).toBeGreaterThan(2);
      for (let i = 1; i < table.rows.length; i += 1) {
        // A growth curve: later days, heavier fish, a smaller share of their weight as feed.
        expect(table.rows[i]!.day).toBeGreaterThan(table.rows[i - 1]!.day);
        expect(table.rows[i]!.weightG).toBeGreaterThan(table.rows[i - 1]!.weightG);
        expect(table.rows[i]!.percentBwPerDay).toBeLessThan(table.rows[i - 1]!.percentBwPerDay);
        expect(table.rows[i]!.pelletMm).toBeGreaterThanOrEqual(table.rows[i - 1]!.pelletMm);
      }
    }
    expect(new Set(FEEDING_TABLES.map((table) => table.id)).size).toBe(FEEDING_TABLES.length);
    for (const species of SPECIES) expect(feedingTableFor(species).species).toContain(species);
    expect(feedingTableFor('hybrid_catfish')).toBe(catfish);
    expect(feedingTableById('catfish-v1')).toBe(catfish);
    expect(feedingTableById('no-such-table')).toBeUndefined();
    expect(catfish.mealsPerDay).toBe(2);
    expect(tilapia.mealsPerDay).toBe(3);
    expect(SPECIES_LABEL.nile_tilapia).toBe('Nile tilapia');
    // The tilapia day column is our assumption and says so; the curve reaches 450–500 g around day 180.
    expect(tilapia.source).toContain('FreshCatch’s assumption until a published table replaces it');
    expect(planWeightOnDay(tilapia, 180)).toBeGreaterThanOrEqual(450);
    expect(planWeightOnDay(tilapia, 180)).toBeLessThanOrEqual(500);
  });

  it('keep the published catfish rows: 10 g 5.62 %, 90 g 4.04 %, 2,000 g 0.84 %', () => {
    expect(rateAt(catfish, 10)).toEqual({ percentBwPerDay: 5.62, pelletMm: 1.5 });
    expect(rateAt(catfish, 90)).toEqual({ percentBwPerDay: 4.04, pelletMm: 3 });
    expect(rateAt(catfish, 2000)).toEqual({ percentBwPerDay: 0.84, pelletMm: 6 });
    // The maker's day 0 (10 g) is our day 21; its day 28 (90 g) our day 49, 14 days after 35 g.
    expect(planWeightOnDay(catfish, 21)).toBeCloseTo(10, 9);
    expect(planWeightOnDay(catfish, 49)).toBeCloseTo(90, 9);
  });
});

describe('the ration', () => {
  it('is biomass × rate, in the table’s meals: 1,000 catfish at 90 g → 3,636 g, 2 meals of 1,818 g, 3 mm', () => {
    // 1,000 × 90 g = 90,000 g = 90 kg
    expect(biomassG(1000, 90)).toBe(90_000);
    // 90,000 g × 4.04 % = 3,636 g; ÷ 2 meals = 1,818 g each
    expect(dailyRation({ species: 'african_catfish', count: 1000, avgWeightG: 90 })).toEqual({
      feedG: 3636,
      pelletMm: 3,
      percentBwPerDay: 4.04,
      meals: [1818, 1818],
      tableId: 'catfish-v1',
    });
  });

  it('reads the rate on the line between two rows, and the pellet of the row below', () => {
    // 46 g is 11/55 = 0.2 of the way from 35 g (4.99 %) to 90 g (4.04 %): 4.99 − 0.2 × 0.95 = 4.80 %
    expect(rateAt(catfish, 46)).toEqual({ percentBwPerDay: 4.8, pelletMm: 2 });
    // 500 × 46 g = 23,000 g; × 4.80 % = 1,104 g = 552 + 552
    expect(dailyRation({ species: 'hybrid_catfish', count: 500, avgWeightG: 46 }).meals).toEqual([552, 552]);
    // A 3 g fingerling: 1/3 of the way from 2 g (8 %) to 5 g (6.8 %): 8 − 1.2 / 3 = 7.6 %, 0.8 mm.
    // 1,000 × 3 g = 3,000 g; × 7.6 % = 228 g
    expect(dailyRation({ species: 'african_catfish', count: 1000, avgWeightG: 3 })).toMatchObject({
      feedG: 228,
      percentBwPerDay: 7.6,
      pelletMm: 0.8,
      meals: [114, 114],
    });
  });

  it('is clamped at the table’s ends, splits the odd gram, and takes the farmer’s own rate', () => {
    expect(rateAt(catfish, 2500).percentBwPerDay).toBe(0.84);
    expect(rateAt(catfish, 1).percentBwPerDay).toBe(8);
    // 2,000 tilapia × 10 g = 20,000 g; × 7 % = 1,400 g in 3 meals: 467 + 467 + 466
    expect(dailyRation({ species: 'nile_tilapia', count: 2000, avgWeightG: 10 })).toMatchObject({
      feedG: 1400,
      meals: [467, 467, 466],
      pelletMm: 1.5,
      tableId: 'tilapia-v1',
    });
    // Their own 3 %: 90,000 g × 3 % = 2,700 g; the pellet still follows the fish's size.
    expect(
      dailyRation({ species: 'african_catfish', count: 1000, avgWeightG: 90, ratePercentOverride: 3 }),
    ).toMatchObject({ feedG: 2700, percentBwPerDay: 3, pelletMm: 3, meals: [1350, 1350] });
    expect(dailyRation({ species: 'african_catfish', count: 0, avgWeightG: 90 }).meals).toEqual([0, 0]);
    expect(() => dailyRation({ species: 'african_catfish', count: -2, avgWeightG: 90 })).toThrow(Invalid);
    expect(() =>
      dailyRation({ species: 'african_catfish', count: 10, avgWeightG: 90, ratePercentOverride: 0 }),
    ).toThrow(Invalid);
  });
});

describe('growth', () => {
  it('SGR and FCR as a farmer works them out', () => {
    // 10 g → 90 g in 28 days: 100 × (ln 90 − ln 10) / 28 = 100 × 2.1972 / 28 = 7.847 % a day
    expect(sgrPercentPerDay(10, 90, 28)).toBeCloseTo(7.847, 3);
    expect(sgrPercentPerDay(10, 90, 0)).toBeNull();
    expect(sgrPercentPerDay(0, 90, 28)).toBeNull();
    // 80 kg of feed for 62.5 kg gained: 80 ÷ 62.5 = 1.28
    expect(fcr(80_000, 62_500)).toBeCloseTo(1.28, 10);
    expect(fcr(80_000, 0)).toBeNull();
    expect(fcr(80_000, -5_000)).toBeNull();
  });

  it('follows the table at a steady SGR between its rows', () => {
    // Day 42 is halfway from day 35 (35 g) to day 49 (90 g): 35 × √(90/35) = √3,150 = 56.12 g
    expect(planWeightOnDay(catfish, 42)).toBeCloseTo(56.12, 2);
    expect(planDayForWeight(catfish, 56.12)).toBeCloseTo(42, 2);
    // Past the last row at the last rows' SGR: 1,040 g → 2,000 g in 59 days, so 59 days on, ×(2,000/1,040)
    expect(planWeightOnDay(catfish, 199 + 59)).toBeCloseTo((2000 * 2000) / 1040, 6);
  });

  const stocked = { species: 'african_catfish' as const, stockedOn: '2026-03-01', stockedAvgG: 10 };

  it('projects the weight from the stocking, or from the latest sample', () => {
    // 10 g is plan day 21; 28 days on is plan day 49: 90 g.
    expect(projectedWeightG({ ...stocked, samples: [], on: '2026-03-29' })).toBe(90);
    expect(projectedWeightG({ ...stocked, samples: [], on: '2026-03-01' })).toBe(10);
    // A sample of 50 g on 15 March (the plan said 35 g). 50 g is plan day
    //   35 + 14 × ln(50/35) / ln(90/35) = 35 + 14 × 0.35667 / 0.94446 = 40.287;
    // 14 days on, day 54.287, is 5.287 days past the 90 g row on the way to 184 g in 14 days:
    //   90 × (184/90)^(5.287/14) = 90 × e^(0.71517 × 0.37765) = 90 × 1.3101 = 117.9 g
    const above = [{ on: '2026-03-15', avgWeightG: 50 }];
    expect(projectedWeightG({ ...stocked, samples: above, on: '2026-03-29' })).toBeCloseTo(117.9, 1);
    // A sample after the day asked about does not count.
    expect(projectedWeightG({ ...stocked, samples: above, on: '2026-03-14' })).toBeLessThan(50);
  });

  it('forecasts the harvest; a sample above the plan brings the date earlier', () => {
    // 1 kg is plan day 119 + 21 × ln(1,000/754) / ln(1,040/754) = 119 + 21 × 0.28236 / 0.32163 = 137.436.
    // From plan day 21 (10 g) that is 116.436 days: the 117th day after 1 March is 26 June.
    expect(forecastHarvest({ ...stocked, samples: [], today: '2026-03-01', targetG: 1000 })).toMatchObject({
      on: '2026-06-26',
      days: 117,
    });
    // Asked on 15 March with no sample: the same day, 103 days ahead.
    expect(forecastHarvest({ ...stocked, samples: [], today: '2026-03-15', targetG: 1000 })).toMatchObject({
      on: '2026-06-26',
      days: 103,
    });
    // With the 50 g sample of 15 March (plan day 40.287): 137.436 − 40.287 = 97.149, so the 98th day: 21 June.
    const forecast = forecastHarvest({
      ...stocked,
      samples: [{ on: '2026-03-15', avgWeightG: 50 }],
      today: '2026-03-15',
      targetG: 1000,
    });
    expect(forecast).toMatchObject({ on: '2026-06-21', days: 98 });
    expect(forecast!.weightG).toBeGreaterThanOrEqual(1000);
    // Reached already: today. Out of reach within two years: none.
    expect(forecastHarvest({ ...stocked, samples: [], today: '2026-06-30', targetG: 1000 })?.days).toBe(0);
    expect(forecastHarvest({ ...stocked, samples: [], today: '2026-03-01', targetG: 10 ** 9 })).toBeNull();
  });
});

describe('the cycle book', () => {
  // 1,000 catfish of 10 g stocked on 1 March for ₦30,000; a sample on plan (100 fish, 3,500 g = 35 g) on
  // 15 March; 50 dead; 80 kg of feed for ₦128,000; on 29 March (the plan's 90 g) 150 fish moved out and
  // 200 harvested weighing 24 kg (the big ones: 120 g each).
  const facts: CycleFacts = {
    species: 'african_catfish',
    stockedOn: '2026-03-01',
    stockedCount: 1000,
    stockedAvgG: 10,
    stockCostKobo: 3_000_000,
    deaths: [
      { on: '2026-03-05', count: 30 },
      { on: '2026-03-20', count: 20 },
    ],
    samples: [{ on: '2026-03-15', count: 100, weightG: 3500 }],
    feedings: [
      { on: '2026-03-10', feedG: 30_000, costKobo: 4_800_000 },
      { on: '2026-03-25', feedG: 50_000, costKobo: 8_000_000 },
    ],
    // The move's share of the cost so far: (₦30,000 + ₦128,000) × 150 / 950 = ₦24,947.37
    movesOut: [{ on: '2026-03-29', count: 150, avgWeightG: 90, costKobo: 2_494_737 }],
    movesIn: [],
    harvests: [{ on: '2026-03-29', count: 200, weightG: 24_000 }],
  };

  it('counts deaths, a harvest and a move', () => {
    expect(cycleBook(facts, '2026-03-29')).toEqual({
      // 1,000 − 50 dead − 200 harvested − 150 moved = 600
      alive: 600,
      // before: 950 fish × 90 g = 85,500 g; less 24,000 g harvested and 150 × 90 = 13,500 g moved
      // leaves 48,000 g in 600 fish: 80 g each
      avgWeightG: 80,
      biomassG: 48_000,
      feedG: 80_000,
      // 48,000 + 24,000 harvested + 13,500 moved − 10,000 stocked (1,000 × 10 g) = 75,500 g
      gainG: 75_500,
      // 80,000 ÷ 75,500 = 1.0596
      fcr: 1.06,
      // 100 × ln(80 / 10) / 28 = 100 × 2.0794 / 28 = 7.43
      sgr: 7.43,
      // (600 + 200 + 150) / 1,000
      survivalPercent: 95,
      // 3,000,000 + 12,800,000 − 2,494,737 kobo
      costKobo: 13_305_263,
      // over 48 kg standing + 24 kg harvested = 72 kg: 13,305,263 / 72 = 184,795.3
      costPerKgKobo: 184_795,
      harvestedCount: 200,
      harvestedG: 24_000,
      deadCount: 50,
    });
  });

  it('counts only what happened on or before the day', () => {
    const book = cycleBook(facts, '2026-03-20');
    expect(book).toMatchObject({ alive: 950, feedG: 30_000, costKobo: 7_800_000, harvestedCount: 0 });
    // 5 days after the 35 g sample (plan day 35): 35 × (90/35)^(5/14) = 35 × e^(0.94446 × 0.35714) = 49.04 g
    expect(book.avgWeightG).toBeCloseTo(49.04, 2);
    // 950 × 49.04 g
    expect(book.biomassG).toBeCloseTo(950 * 49.04, -1);
    expect(cycleBook(facts, '2026-02-28')).toMatchObject({ alive: 0, biomassG: 0, fcr: null });
    expect(cycleBook(facts, '2026-03-01')).toMatchObject({
      alive: 1000,
      avgWeightG: 10,
      sgr: null,
      fcr: null,
    });
  });

  it('grows on from the average the move and harvest left, and a later sample wins', () => {
    // 80 g is plan day 35 + 14 × ln(80/35) / ln(90/35) = 47.254; 14 days on, 61.254: 12.254 days past the
    // 90 g row: 90 × (184/90)^(12.254/14) = 90 × e^(0.62598) = 168.3 g
    expect(cycleBook(facts, '2026-04-12').avgWeightG).toBeCloseTo(168.3, 1);
    const weighed = { ...facts, samples: [...facts.samples, { on: '2026-04-12', count: 50, weightG: 7500 }] };
    expect(cycleBook(weighed, '2026-04-12').avgWeightG).toBe(150);
    // Two workers weighing on one day both count: (50 fish 7,500 g + 50 fish 8,500 g) / 100 = 160 g
    const twice = {
      ...weighed,
      samples: [...weighed.samples, { on: '2026-04-12', count: 50, weightG: 8500 }],
    };
    expect(cycleBook(twice, '2026-04-12').avgWeightG).toBe(160);
  });

  it('mixes fish moved in with those already there', () => {
    // 500 fish at 100 g, and the same day 500 fish of 200 g moved in: 100,000 g / 1,000 = 150 g... at a cost
    const mixed = cycleBook(
      {
        ...facts,
        stockedCount: 500,
        stockedAvgG: 100,
        stockCostKobo: 1_000_000,
        deaths: [],
        samples: [],
        feedings: [],
        movesOut: [],
        harvests: [],
        movesIn: [{ on: '2026-03-01', count: 500, avgWeightG: 200, costKobo: 2_500_000 }],
      },
      '2026-03-01',
    );
    expect(mixed).toMatchObject({ alive: 1000, avgWeightG: 150, biomassG: 150_000, gainG: 0, fcr: null });
    expect(mixed.costKobo).toBe(3_500_000);
  });

  it('shares the cost of a move by the fish that leave', () => {
    // 15,800,000 × 150 / 950 = 2,494,736.8 → 2,494,737 leaves, 13,305,263 stays
    expect(shareForMove({ alive: 950, costKobo: 15_800_000, count: 150 })).toEqual({
      costKobo: 2_494_737,
      remainingCostKobo: 13_305_263,
    });
    expect(() => shareForMove({ alive: 950, costKobo: 15_800_000, count: 951 })).toThrow(Invalid);
    expect(() => shareForMove({ alive: 950, costKobo: 15_800_000, count: 0 })).toThrow(Invalid);
    try {
      shareForMove({ alive: 950, costKobo: 1, count: 951 });
    } catch (error) {
      expect((error as Invalid).fieldErrors.count).toEqual(['You can move at most 950 fish.']);
    }
  });

  it('reads a sample’s average', () => {
    expect(sampleAverageG({ count: 100, weightG: 3500 })).toBe(35);
    // 10 g over 3 fish = 3.33 g
    expect(sampleAverageG({ count: 3, weightG: 10 })).toBe(3.33);
    expect(sampleAverageG({ count: 0, weightG: 3500 })).toBeNull();
  });
});

describe('ponds and water', () => {
  it('warns above the usual density, never below it', () => {
    // 3,000 fish in a 200 m² earthen pond: 15 per m², above the usual 10.
    expect(densityWarning({ kind: 'earthen_pond', areaM2: 200, depthM: 1.2 }, 3000)).toBe(
      '3,000 fish in 200 m² is 15 fish per m², above the usual 10 per m² for an earthen pond: stock fewer, ' +
        'or change the water often and watch the oxygen.',
    );
    expect(densityWarning({ kind: 'earthen_pond', areaM2: 200 }, 2000)).toBeNull();
    // A 2 × 2 m tank, 1 m deep: 4 m³. 1,000 fish = 250 per m³, above 200; 800 = 200, within.
    expect(pondVolumeM3({ kind: 'concrete_tank', areaM2: 4, depthM: 1 })).toBe(4);
    expect(densityWarning({ kind: 'concrete_tank', areaM2: 4, depthM: 1 }, 1000)).toContain(
      '250 fish per m³, above the usual 200 per m³ for a concrete tank',
    );
    expect(densityWarning({ kind: 'tarpaulin_tank', volumeM3: 4 }, 800)).toBeNull();
    // An earthen pond given in m³ and depth: 300 m³ ÷ 1.5 m = 200 m².
    expect(densityWarning({ kind: 'earthen_pond', volumeM3: 300, depthM: 1.5 }, 3000)).toContain('200 m²');
    // Size unknown: nothing to say.
    expect(densityWarning({ kind: 'cage' }, 10 ** 6)).toBeNull();
  });

  it('says what to do about each reading outside the safe band', () => {
    expect(waterWarnings('african_catfish', { ammoniaMgL: 0.8 })).toEqual([
      {
        field: 'ammoniaMgL',
        message:
          'Ammonia 0.8 mg/L is above the safe 0.34 mg/L for catfish: change some water and feed less today.',
      },
    ]);
    const tilapiaMorning = waterWarnings('nile_tilapia', {
      temperatureC: 27,
      dissolvedOxygenMgL: 3,
      ph: 5.5,
      ammoniaMgL: null,
    });
    expect(tilapiaMorning.map((warning) => warning.field)).toEqual(['dissolvedOxygenMgL', 'ph']);
    expect(tilapiaMorning[0]!.message).toBe(
      'Oxygen 3 mg/L is below the safe 4 mg/L for tilapia: stop feeding and add fresh water or aerate now.',
    );
    // Catfish breathe air: 3 mg/L is no alarm for them.
    expect(waterWarnings('hybrid_catfish', { dissolvedOxygenMgL: 3, temperatureC: 28, ph: 7.5 })).toEqual([]);
    expect(waterWarnings('african_catfish', { temperatureC: 36 })[0]!.message).toContain(
      'Water at 36 °C is above the safe 32 °C for catfish',
    );
    expect(waterWarnings('nile_tilapia', {})).toEqual([]);
  });
});
