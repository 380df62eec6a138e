import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attemptCounts } from '../../db/schema';
import { TooManyRequests } from '../errors';

/**
 * Tries a person may make of one thing — guess a password, sign up for the newsletter — counted per
 * subject (an account, a client address) in fixed windows, in the database so that every server
 * process counts the same tries.
 */
export interface AttemptLimit {
  /** Names the thing tried, in the counter's key. */
  readonly name: string;
  readonly max: number;
  readonly windowSeconds: number;
}

/** Who is trying: an account, or the client address the request came from (server/app.ts). */
export type AttemptSubject = { account: string } | { address: string };

function keyOf(limit: AttemptLimit, subject: AttemptSubject): string {
  return 'account' in subject
    ? `${limit.name}:account:${subject.account}`
    : `${limit.name}:address:${addressKey(subject.address)}`;
}

/**
 * Who an address stands for: an IPv4 address itself (an IPv4-mapped IPv6 one as IPv4), an IPv6 one by
 * its /64 — one subscriber's network, where every device picks addresses of its own at will.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::') as [string, string?];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counts one try. Null while it is within the limit; otherwise the seconds until the window ends. One
 * statement, so tries sent at once cannot get past the limit together; an ended window starts again.
 */
export async function takeAttempt(
  db: Db,
  limit: AttemptLimit,
  subject: AttemptSubject,
  now = new Date(),
): Promise<number | null> {
  const t = attemptCounts;
  const at = now.toISOString();
  const windowEnded = sql`${t.windowStartedAt} <= ${at}::timestamptz - make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await db
    .insert(t)
    .values({ key: keyOf(limit, subject), windowStartedAt: now, attempts: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        attempts: sql`case when ${windowEnded} then 1 else ${t.attempts} + 1 end`,
        windowStartedAt: sql`case when ${windowEnded} then ${at}::timestamptz else ${t.windowStartedAt} end`,
      },
    })
    .returning({ attempts: t.attempts, windowStartedAt: t.windowStartedAt });
  if (row!.attempts <= limit.max) return null;
  const endsAt = row!.windowStartedAt.getTime() + limit.windowSeconds * 1000;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}

/** Gives a try back (one that turned out not to be a guess: a discount code that exists). */
export async function giveBackAttempt(db: Db, limit: AttemptLimit, subject: AttemptSubject): Promise<void> {
  await db
    .update(attemptCounts)
    .set({ attempts: sql`greatest(${attemptCounts.attempts} - 1, 0)` })
    .where(sql`${attemptCounts.key} = ${keyOf(limit, subject)}`);
}

/** "in 45 seconds", "in 1 minute", "in 12 minutes": when a refused try may be made again. */
export function tryAgainIn(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Counts one try against each limit and subject given; refuses with 429 saying when to try again
 * (`message` gets "in 12 minutes") once any of them is used up.
 */
export async function spendAttempt(
  db: Db,
  tries: readonly (readonly [AttemptLimit, AttemptSubject])[],
  message: (when: string) => string,
  title?: string,
): Promise<void> {
  const now = new Date();
  const waits = await Promise.all(tries.map(([limit, subject]) => takeAttempt(db, limit, subject, now)));
  const wait = Math.max(...waits.map((w) => w ?? 0));
  if (wait > 0) throw new TooManyRequests(message(tryAgainIn(wait)), title, wait);
}

/** Counters whose window ended more than a day ago tell nothing more (the every-minute housekeeping). */
export async function forgetOldAttempts(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(attemptCounts)
    .where(lt(attemptCounts.windowStartedAt, new Date(now.getTime() - 86_400_000)));
}
