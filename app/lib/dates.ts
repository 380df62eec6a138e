/**
 * The spec's date formats, with the shop's time zone fixed so the server's HTML and the browser agree
 * (Intl gives these without a date library in the page bundle).
 */
export const SHOP_TIME_ZONE = 'Africa/Lagos';

const shopperDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});
const adminDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

/** 'MMM dd, yyyy' — e.g. "Nov 05, 2026" (spec §9, shopper dates). */
export function formatShopperDate(date: Date | string): string {
  return shopperDate.format(new Date(date));
}

/** 'MMM d, yyyy' — e.g. "Nov 5, 2026" (spec §9, discount expiry). */
export function formatShortDate(date: Date | string): string {
  return adminDate.format(new Date(date));
}

const adminDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: SHOP_TIME_ZONE,
});

/** 'MMM d, yyyy, HH:mm' in the shop's time zone — e.g. "Nov 5, 2026, 14:03" (the audit log). */
export function formatAdminDateTime(date: Date | string): string {
  return adminDateTime.format(new Date(date));
}
