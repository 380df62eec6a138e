/**
 * What signing out would leave behind: the farm book's lines on this phone not sent yet (farm-outbox.ts
 * keeps them). Apart from the outbox, so the header's sign-out form does not carry the farm book's
 * schemas on every page.
 */
export const FARM_OUTBOX_PREFIX = 'freshcatch-farm-outbox:';

/**
 * The users whose outbox the browser refused to store (private mode, a full disk), each with how many
 * unsent lines live in the page only: the one record of it, read by the outbox (`notKept`) and the
 * sign-out warning alike.
 */
const unkept = new Map<string, number>();

/** After each write of a user's outbox: whether the browser kept it, and the unsent lines it holds. */
export function noteOutboxKept(userKey: string, kept: boolean, unsent: number): void {
  if (kept) unkept.delete(userKey);
  else unkept.set(userKey, unsent);
}

/** Whether the browser refused to keep this user's lines: they last this page view only. */
export function outboxNotKept(userKey: string): boolean {
  return unkept.has(userKey);
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
