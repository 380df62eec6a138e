const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "5 minutes ago", "30 seconds ago" (spec §2: relative time, always 'x ago'). Measured against `now`
 * from the server, so the page's HTML and the browser say the same.
 */
export function timeAgo(date: Date | string, now: Date | string): string {
  const seconds = Math.max(0, Math.round((new Date(now).getTime() - new Date(date).getTime()) / 1000));
  for (const [unit, size] of STEPS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(-0, 'second');
}
