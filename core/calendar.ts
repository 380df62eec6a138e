/**
 * Calendar days in the shop's time zone, as "YYYY-MM-DD" text (what a `date` column holds). Lagos keeps
 * West Africa Time, UTC+01:00 all year (no daylight saving), so a fixed offset is exact
 * (app/lib/dates.ts formats times the same way).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "YYYY-MM-DD" and a day the calendar has: 2026-02-31 is not one (Date.parse would roll it on to 3 March). */
export function isCalendarDate(text: string): boolean {
  if (!DAY.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Lagos keeps West Africa Time, UTC+01:00 all year: the shop's calendar day of `now`, "2026-11-27". */
export function shopDay(now: Date): string {
  return new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The shop's time of day of `at`, "14:35" (West Africa Time, UTC+01:00). */
export function shopTime(at: Date): string {
  return new Date(at.getTime() + 60 * 60 * 1000).toISOString().slice(11, 16);
}

/** A calendar day `days` later (or earlier), "2026-11-27" + 2 → "2026-11-29". */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (calendar days). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-12-08" → "8 Dec". */
export function dayMonth(day: string): string {
  const [, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[month! - 1]}`;
}

/** "3 Dec, 14:35": a day and a time in the shop's time (a payout's, a hold's end). */
export const shopDateTime = (at: Date) => `${dayMonth(shopDay(at))}, ${shopTime(at)}`;

/**
 * A moment as a person reads it, in the shop's time: "14:35" within a day of `now` (before or after),
 * "3 Dec, 14:35" further off (a time alone would read as today's, yesterday's or tomorrow's).
 */
export function shopMoment(at: Date, now: Date): string {
  const time = shopTime(at);
  return Math.abs(at.getTime() - now.getTime()) < 24 * 60 * 60 * 1000 ? time : shopDateTime(at);
}
