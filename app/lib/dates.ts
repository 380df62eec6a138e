/**
 * The spec's date formats in the shop's time zone, so the server's HTML and the browser agree.
 *
 * Written out rather than asked of Intl: a page's first Intl.DateTimeFormat with a time zone loads the
 * browser's zone data, ~65 ms on this machine and a quarter of a second on a phone 4× slower, paid on
 * every product page with reviews. Lagos keeps West Africa Time, UTC+01:00 all year (no daylight
 * saving), so a fixed offset is exact; tests/unit/env-and-format.test.ts checks these against Intl.
 */
export const SHOP_TIME_ZONE = 'Africa/Lagos';

const SHOP_UTC_OFFSET_MS = 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The wall-clock fields in Lagos; a date that is not one throws, as Intl does. */
function inShopZone(date: Date | string) {
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid time value');
  const local = new Date(time + SHOP_UTC_OFFSET_MS);
  return {
    month: MONTHS[local.getUTCMonth()]!,
    day: local.getUTCDate(),
    year: local.getUTCFullYear(),
    hours: local.getUTCHours(),
    minutes: local.getUTCMinutes(),
  };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** 'MMM dd, yyyy' — e.g. "Nov 05, 2026" (spec §9, shopper dates). */
export function formatShopperDate(date: Date | string): string {
  const { month, day, year } = inShopZone(date);
  return `${month} ${twoDigits(day)}, ${year}`;
}

/** 'MMM d, yyyy' — e.g. "Nov 5, 2026" (spec §9, discount expiry). */
export function formatShortDate(date: Date | string): string {
  const { month, day, year } = inShopZone(date);
  return `${month} ${day}, ${year}`;
}

/** 'MMM d, yyyy, HH:mm' in the shop's time zone — e.g. "Nov 5, 2026, 14:03" (the audit log). */
export function formatAdminDateTime(date: Date | string): string {
  const { month, day, year, hours, minutes } = inShopZone(date);
  return `${month} ${day}, ${year}, ${twoDigits(hours)}:${twoDigits(minutes)}`;
}
