/**
 * What signing out would leave behind: the farm book's lines on this phone not sent yet (farm-outbox.ts
 * keeps them). Apart from the outbox, so the header's sign-out form does not carry the farm book's
 * schemas on every page.
 */
export const FARM_OUTBOX_PREFIX = 'freshcatch-farm-outbox:';

/** Lines the browser refused to store, per user: they live in the page only. */
const unkept = new Map<string, number>();

export function noteUnkeptLines(userKey: string, count: number): void {
  if (count > 0) unkept.set(userKey, count);
  else unkept.delete(userKey);
}

/** How many lines on this phone, of any account, the server does not have yet (refused ones aside). */
export function unsentLinesOnThisPhone(): number {
  let waiting = 0;
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(FARM_OUTBOX_PREFIX)) continue;
      const lines: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
      if (Array.isArray(lines))
        waiting += lines.filter((line) => line && typeof line === 'object' && !('refused' in line)).length;
    }
  } catch {
    // Storage refused or unreadable: what the page holds is counted below.
  }
  for (const count of unkept.values()) waiting += count;
  return waiting;
}
