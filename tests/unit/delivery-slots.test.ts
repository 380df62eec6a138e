import { describe, expect, it } from 'vitest';
import { DeliverySlotFormSchema } from '#core/delivery/schemas';
import { orderShelfLife } from '#core/delivery/shelf-life';
import type { ProductCategory } from '#core/catalog/categories';
import {
  cutoffNote,
  cutoffOf,
  formatWindow,
  lagosClock,
  lagosInstant,
  lastDeliveryDay,
  needsSlot,
  offeredSlots,
  shelfLifeWords,
  slotDateLabel,
  slotLabel,
  withinShelfLife,
  type SlotRule,
} from '#core/delivery/slots';

const afternoon: SlotRule = {
  id: 1,
  location: 'Port Harcourt',
  startMinute: 14 * 60,
  endMinute: 17 * 60,
  cutoffDaysBefore: 0,
  cutoffMinute: 12 * 60,
  capacity: 2,
  active: true,
};
const morning: SlotRule = {
  ...afternoon,
  id: 2,
  startMinute: 9 * 60,
  endMinute: 12 * 60,
  cutoffDaysBefore: 1,
  cutoffMinute: 18 * 60,
};

describe('Lagos time', () => {
  it('is UTC+1: a Lagos wall-clock time and back', () => {
    expect(lagosInstant('2026-11-28', 12 * 60).toISOString()).toBe('2026-11-28T11:00:00.000Z');
    expect(lagosClock(new Date('2026-11-28T11:00:00Z'))).toEqual({ day: '2026-11-28', minute: 720 });
  });

  it('turns the day at midnight in Lagos, an hour before UTC does', () => {
    expect(lagosClock(new Date('2026-11-28T22:59:00Z'))).toEqual({ day: '2026-11-28', minute: 23 * 60 + 59 });
    expect(lagosClock(new Date('2026-11-28T23:00:00Z'))).toEqual({ day: '2026-11-29', minute: 0 });
    expect(lagosInstant('2026-12-01', 0).toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });
});

describe('cut-offs', () => {
  it('same day at 12 pm: "same-day delivery for orders before 12pm"', () => {
    expect(cutoffOf(afternoon, '2026-11-28').toISOString()).toBe('2026-11-28T11:00:00.000Z');
  });

  it('the day before at 6 pm, across a month', () => {
    expect(cutoffOf(morning, '2026-12-01').toISOString()).toBe('2026-11-30T17:00:00.000Z');
  });

  it('offers only slots whose cut-off has not passed, soonest first, with what is left', () => {
    const booked = new Map([['1:2026-11-28', 2]]);
    const beforeNoon = offeredSlots([afternoon, morning], booked, lagosInstant('2026-11-28', 11 * 60 + 59));
    expect(beforeNoon.slice(0, 3).map((s) => [s.slotId, s.day, s.full])).toEqual([
      [1, '2026-11-28', true],
      [2, '2026-11-29', false],
      [1, '2026-11-29', false],
    ]);
    // Today and the next 3 days: 2 slots a day, less today's morning (closed last night).
    expect(beforeNoon).toHaveLength(7);
    const atNoon = offeredSlots([afternoon, morning], booked, lagosInstant('2026-11-28', 12 * 60));
    expect(atNoon[0]).toMatchObject({ slotId: 2, day: '2026-11-29' });
    // At 6 pm tomorrow morning's round closes too.
    const evening = offeredSlots([afternoon, morning], booked, lagosInstant('2026-11-28', 18 * 60));
    expect(evening[0]).toMatchObject({ slotId: 1, day: '2026-11-29' });
  });

  it('a closed slot is not offered', () => {
    expect(
      offeredSlots([{ ...afternoon, active: false }], new Map(), lagosInstant('2026-11-28', 8 * 60)),
    ).toEqual([]);
  });
});

describe('shelf life', () => {
  const keeps = (category: ProductCategory, shelfLifeDays: number | null = null) =>
    orderShelfLife([{ category, shelfLifeDays }]);
  it('fresh fish and shellfish: today or tomorrow; smoked, dried, equipment and feeds: any day offered', () => {
    const today = '2026-11-30';
    expect(lastDeliveryDay(keeps('fresh'), today)).toBe('2026-12-01');
    expect(
      lastDeliveryDay(
        orderShelfLife([
          { category: 'smoked', shelfLifeDays: null },
          { category: 'shellfish', shelfLifeDays: null },
        ]),
        today,
      ),
    ).toBe('2026-12-01');
    expect(lastDeliveryDay(keeps('feeds'), today)).toBeNull();
    expect(withinShelfLife(keeps('fresh'), '2026-12-01', today)).toBe(true);
    expect(withinShelfLife(keeps('fresh'), '2026-12-02', today)).toBe(false);
    expect(withinShelfLife(keeps('smoked'), '2026-12-03', today)).toBe(true);
    expect(shelfLifeWords(keeps('shellfish'), today)).toBe('tomorrow');
  });
  it("a product's own shelf life stands for its category's: frozen fish may go in a later slot", () => {
    const today = '2026-11-30';
    expect(withinShelfLife(keeps('fresh', 3), '2026-12-03', today)).toBe(true);
    expect(withinShelfLife(keeps('fresh', 0), '2026-12-01', today)).toBe(false);
    expect(shelfLifeWords(keeps('fresh', 0), today)).toBe('today');
  });
});

describe('words', () => {
  const now = lagosInstant('2026-11-28', 10 * 60);
  it('names slots as the checkout shows them', () => {
    expect(slotLabel(lagosInstant('2026-11-28', 840), lagosInstant('2026-11-28', 1020), now)).toBe(
      'Today 2–5 pm',
    );
    expect(slotLabel(lagosInstant('2026-11-29', 540), lagosInstant('2026-11-29', 720), now)).toBe(
      'Tomorrow 9 am–12 pm',
    );
    expect(slotLabel(lagosInstant('2026-11-30', 540), lagosInstant('2026-11-30', 720), now)).toBe(
      'Mon 30 Nov, 9 am–12 pm',
    );
    expect(slotDateLabel(lagosInstant('2026-12-02', 840), lagosInstant('2026-12-02', 1050))).toBe(
      'Wed 2 Dec, 2–5:30 pm',
    );
    expect(formatWindow(23 * 60, 1440)).toBe('11 pm–12 am');
    expect(cutoffNote(lagosInstant('2026-11-28', 720), now)).toBe('Order by 12 pm today');
  });

  it('the methods the riders carry need a slot where the location has slots', () => {
    expect(needsSlot('express', 'port harcourt ', [afternoon])).toBe(true);
    expect(needsSlot('standard', 'Port Harcourt', [afternoon])).toBe(false);
    expect(needsSlot('pickup', 'Port Harcourt', [afternoon])).toBe(false);
    expect(needsSlot('express', 'Lagos', [afternoon])).toBe(false);
  });
});

describe('the slot form', () => {
  const form = {
    location: ' Eleme ',
    start: '14:00',
    end: '17:00',
    cutoff: '12:00',
    cutoffDay: 'same',
    capacity: '8',
  };
  it('reads times as minutes', () => {
    const parsed = DeliverySlotFormSchema.safeParse(form);
    expect(parsed.success && parsed.data).toEqual({
      location: 'Eleme',
      start: 840,
      end: 1020,
      cutoff: 720,
      cutoffDay: 'same',
      capacity: 8,
    });
  });

  it.each([
    [{ end: '13:00' }, 'end', 'The slot must end after it starts, on the same day'],
    [{ cutoff: '15:00' }, 'cutoff', 'A cut-off on the same day must be at or before the start time'],
    [{ start: '25:00' }, 'start', 'Start time must be a time such as 14:00'],
    [{ capacity: '0' }, 'capacity', 'Capacity must be a whole number from 1 to 500'],
    [{ capacity: '2.5' }, 'capacity', 'Capacity must be a whole number from 1 to 500'],
    [{ location: '  ' }, 'location', 'Location is required'],
  ])('refuses %o with the field’s message', (change, field, message) => {
    const parsed = DeliverySlotFormSchema.safeParse({ ...form, ...change });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });

  it('a cut-off the day before may be after the start time', () => {
    expect(DeliverySlotFormSchema.safeParse({ ...form, cutoff: '18:00', cutoffDay: 'before' }).success).toBe(
      true,
    );
  });
});
