import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cycleBook, type CycleFacts, shareForMove } from '#core/farm/book';
import { dailyRation, fcr, forecastHarvest, projectedWeightG } from '#core/farm/plan';
import { SPECIES } from '#core/farm/species';
import { addDays } from '#core/calendar';

// The farm book's invariants (issue 50): whatever the entries, fish and money are neither made nor lost.
const START = '2026-01-05';
const species = fc.constantFrom(...SPECIES);
const day = fc.integer({ min: 0, max: 240 }).map((offset) => addDays(START, offset));
const count = fc.integer({ min: 0, max: 5000 });
const grams = fc.double({ min: 0.5, max: 3000, noNaN: true });
const kobo = fc.integer({ min: 0, max: 50_000_000 });

const facts: fc.Arbitrary<CycleFacts> = fc.record({
  species,
  stockedOn: fc.constant(START),
  stockedCount: fc.integer({ min: 1, max: 20_000 }),
  stockedAvgG: grams,
  stockCostKobo: kobo,
  deaths: fc.array(fc.record({ on: day, count }), { maxLength: 8 }),
  harvests: fc.array(fc.record({ on: day, count, weightG: fc.integer({ min: 0, max: 5_000_000 }) }), {
    maxLength: 3,
  }),
  movesOut: fc.array(fc.record({ on: day, count, avgWeightG: grams, costKobo: kobo }), { maxLength: 3 }),
  movesIn: fc.array(fc.record({ on: day, count, avgWeightG: grams, costKobo: kobo }), { maxLength: 3 }),
  feedings: fc.array(fc.record({ on: day, feedG: fc.integer({ min: 0, max: 100_000 }), costKobo: kobo }), {
    maxLength: 10,
  }),
  samples: fc.array(fc.record({ on: day, count, weightG: fc.integer({ min: 0, max: 1_000_000 }) }), {
    maxLength: 4,
  }),
});

describe('the farm book’s invariants', () => {
  it('counts are never negative, and never more fish alive than came in', () => {
    fc.assert(
      fc.property(facts, day, (cycle, on) => {
        const book = cycleBook(cycle, on);
        const cameIn = cycle.stockedCount + cycle.movesIn.reduce((total, move) => total + move.count, 0);
        expect(book.alive).toBeGreaterThanOrEqual(0);
        expect(book.alive).toBeLessThanOrEqual(cameIn);
        expect(Number.isInteger(book.alive) && Number.isInteger(book.biomassG)).toBe(true);
        expect(book.biomassG).toBeGreaterThanOrEqual(0);
        expect(book.avgWeightG).toBeGreaterThan(0);
        expect(book.survivalPercent).toBeGreaterThanOrEqual(0);
        expect(book.survivalPercent).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('a transfer keeps the fish and the cost: what leaves plus what stays is the whole', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (alive, costKobo, share) => {
          const moved = Math.max(1, Math.ceil(share * alive));
          const split = shareForMove({ alive, costKobo, count: moved });
          expect(split.costKobo + split.remainingCostKobo).toBe(costKobo);
          expect(Number.isInteger(split.costKobo)).toBe(true);
          expect(split.costKobo).toBeGreaterThanOrEqual(0);
          expect(split.costKobo).toBeLessThanOrEqual(costKobo);
          if (moved === alive) expect(split.remainingCostKobo).toBe(0);
        },
      ),
    );
  });

  it('the book after a move: the fish and cost that left plus those that stay are the book before', () => {
    const plain = facts.map((cycle) => ({ ...cycle, movesOut: [], harvests: [] }));
    fc.assert(
      fc.property(plain, fc.double({ min: 0, max: 1, noNaN: true }), (cycle, share) => {
        const on = addDays(START, 241);
        const before = cycleBook(cycle, on);
        fc.pre(before.alive > 0);
        const moved = Math.max(1, Math.round(share * before.alive));
        const split = shareForMove({ alive: before.alive, costKobo: before.costKobo, count: moved });
        const after = cycleBook(
          {
            ...cycle,
            movesOut: [{ on, count: moved, avgWeightG: before.avgWeightG, costKobo: split.costKobo }],
          },
          on,
        );
        expect(after.alive + moved).toBe(before.alive);
        expect(after.costKobo + split.costKobo).toBe(before.costKobo);
        expect(after.costKobo).toBe(split.remainingCostKobo);
        // Fish of the average weight leave the average as it was.
        if (after.alive > 0) expect(after.avgWeightG).toBeCloseTo(before.avgWeightG, 1);
      }),
    );
  });

  it('an FCR only with gain', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: -(10 ** 9), max: 10 ** 9 }),
        (feed, gain) => {
          const ratio = fcr(feed, gain);
          if (gain > 0) expect(ratio).toBe(feed / gain);
          else expect(ratio).toBeNull();
        },
      ),
    );
    fc.assert(
      fc.property(facts, day, (cycle, on) => {
        const book = cycleBook(cycle, on);
        if (book.gainG <= 0) expect(book.fcr).toBeNull();
        else expect(book.fcr).not.toBeNull();
      }),
    );
  });

  it('the meals add up to the day’s feed', () => {
    fc.assert(
      fc.property(
        species,
        fc.integer({ min: 0, max: 1_000_000 }),
        grams,
        fc.option(fc.double({ min: 0.1, max: 20, noNaN: true })),
        (kind, fish, avgWeightG, ratePercentOverride) => {
          const ration = dailyRation({ species: kind, count: fish, avgWeightG, ratePercentOverride });
          expect(ration.meals.reduce((total, meal) => total + meal, 0)).toBe(ration.feedG);
          expect(Number.isInteger(ration.feedG)).toBe(true);
          expect(Math.max(...ration.meals) - Math.min(...ration.meals)).toBeLessThanOrEqual(1);
          for (const meal of ration.meals) expect(Number.isInteger(meal) && meal >= 0).toBe(true);
        },
      ),
    );
  });

  it('the projected weight never decreases with time after the latest sample', () => {
    const samples = fc.array(
      fc.record({
        on: fc.integer({ min: 0, max: 60 }).map((offset) => addDays(START, offset)),
        avgWeightG: grams,
      }),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(
        species,
        grams,
        samples,
        fc.integer({ min: 60, max: 900 }),
        fc.integer({ min: 0, max: 400 }),
        (kind, stockedAvgG, weighed, first, more) => {
          const growth = { species: kind, stockedOn: START, stockedAvgG, samples: weighed };
          const earlier = projectedWeightG({ ...growth, on: addDays(START, first) });
          const later = projectedWeightG({ ...growth, on: addDays(START, first + more) });
          expect(later).toBeGreaterThanOrEqual(earlier);
        },
      ),
    );
  });

  it('a heavier sample never puts the harvest later', () => {
    fc.assert(
      fc.property(
        species,
        fc.double({ min: 1, max: 400, noNaN: true }),
        fc.double({ min: 1, max: 2, noNaN: true }),
        (kind, weighedG, heavier) => {
          const growth = {
            species: kind,
            stockedOn: START,
            stockedAvgG: 1,
            today: '2026-02-01',
            targetG: 800,
          };
          const asWeighed = forecastHarvest({
            ...growth,
            samples: [{ on: '2026-02-01', avgWeightG: weighedG }],
          });
          const more = forecastHarvest({
            ...growth,
            samples: [{ on: '2026-02-01', avgWeightG: weighedG * heavier }],
          });
          expect(asWeighed).not.toBeNull();
          expect(more!.days).toBeLessThanOrEqual(asWeighed!.days);
        },
      ),
    );
  });
});
