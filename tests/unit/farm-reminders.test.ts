import { describe, expect, it } from 'vitest';
import { dueReminders, isQuietHour, type ReminderFarm, type ReminderPond } from '#core/farm/reminders';

// Farm reminders (issue 50 §7), at worked Lagos times (UTC+01:00: 18:01 Lagos is 17:01Z).
const at = (lagos: string) => new Date(`${lagos}:00+01:00`);

const pond = (over: Partial<ReminderPond> = {}): ReminderPond => ({
  name: 'Pond A',
  species: 'african_catfish',
  loggedToday: false,
  lastSampleDay: '2026-12-01',
  harvestDay: '2027-03-01',
  readingsToday: [],
  ...over,
});
const farm = (ponds: ReminderPond[], feedDaysLeft: ReminderFarm['feedDaysLeft'] = []): ReminderFarm => ({
  farmId: 1,
  ponds,
  feedDaysLeft,
});
const kinds = (f: ReminderFarm, now: Date) => dueReminders(f, now).map((r) => r.kind);

describe('a pond not logged by 6 pm', () => {
  it('is not due at 17:59, is due at 18:01 with the pond named and a once-a-day key', () => {
    expect(kinds(farm([pond()]), at('2026-12-02T17:59'))).toEqual([]);
    expect(dueReminders(farm([pond()]), at('2026-12-02T18:01'))).toEqual([
      {
        kind: 'farm_pond_not_logged',
        dedupeKey: 'farm:1:farm_pond_not_logged:2026-12-02',
        detail: 'Pond A',
      },
    ]);
  });
  it('is not due for a pond logged today, nor for an empty pond', () => {
    expect(
      kinds(farm([pond({ loggedToday: true }), pond({ lastSampleDay: null })]), at('2026-12-02T18:30')),
    ).toEqual([]);
  });
  it('names every pond not logged', () => {
    const [reminder] = dueReminders(farm([pond(), pond({ name: 'Pond B' })]), at('2026-12-02T19:00'));
    expect(reminder?.detail).toBe('Pond A, Pond B');
  });
});

describe('quiet hours, 21:00 to 07:00 Lagos', () => {
  it('sends nothing at 22:00 or 06:59, and what is due waits for 07:00', () => {
    const f = farm([pond({ lastSampleDay: '2026-11-01' })]);
    expect(isQuietHour(at('2026-12-02T22:00'))).toBe(true);
    expect(kinds(f, at('2026-12-02T22:00'))).toEqual([]);
    expect(kinds(f, at('2026-12-03T06:59'))).toEqual([]);
    expect(kinds(f, at('2026-12-03T07:00'))).toEqual(['farm_sample_due']);
  });
});

describe('at most one message of a kind per farm per day', () => {
  it('a second run the same day gives the same once-a-day key (the messages table keeps one); the next day a new one', () => {
    const f = farm([pond()]);
    const keys = (iso: string) => dueReminders(f, at(iso)).map((r) => r.dedupeKey);
    expect(keys('2026-12-02T18:01')).toEqual(['farm:1:farm_pond_not_logged:2026-12-02']);
    expect(keys('2026-12-02T20:31')).toEqual(keys('2026-12-02T18:01'));
    expect(keys('2026-12-03T18:01')).toEqual(['farm:1:farm_pond_not_logged:2026-12-03']);
  });
});

describe('sample, feed, harvest and water', () => {
  it('a sample is due 14 days after the last sample (or stocking), not 13', () => {
    expect(
      kinds(farm([pond({ loggedToday: true, lastSampleDay: '2026-11-19' })]), at('2026-12-02T09:00')),
    ).toEqual([]);
    expect(
      kinds(farm([pond({ loggedToday: true, lastSampleDay: '2026-11-18' })]), at('2026-12-02T09:00')),
    ).toEqual(['farm_sample_due']);
  });
  it('feed is low under 5 days of a size in use: 4 days reminds, 5 does not, a size not planned does not', () => {
    const f = farm(
      [pond({ loggedToday: true })],
      [
        { size: '2 mm', days: 4 },
        { size: '3 mm', days: 5 },
        { size: '4 mm', days: null },
      ],
    );
    expect(dueReminders(f, at('2026-12-02T09:00'))).toEqual([
      { kind: 'farm_feed_low', dedupeKey: 'farm:1:farm_feed_low:2026-12-02', detail: '2 mm (4 days)' },
    ]);
  });
  it('a harvest forecast within 7 days reminds; 8 days away does not', () => {
    const on = (harvestDay: string) =>
      kinds(farm([pond({ loggedToday: true, harvestDay })]), at('2026-12-02T09:00'));
    expect(on('2026-12-09')).toEqual(['farm_harvest_soon']);
    expect(on('2026-12-10')).toEqual([]);
  });
  it('a reading today outside the safe band reminds (ammonia 0.8 mg/L for catfish); inside it does not', () => {
    const on = (ammoniaMgL: number) =>
      kinds(farm([pond({ loggedToday: true, readingsToday: [{ ammoniaMgL }] })]), at('2026-12-02T09:00'));
    expect(on(0.8)).toEqual(['farm_water_unsafe']);
    expect(on(0.2)).toEqual([]);
  });
});
