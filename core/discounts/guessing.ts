import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discountCodeGuesses } from '../../db/schema';

/**
 * How many different unknown discount codes a shopper may try per window. Past it, no code is looked
 * up until the window ends, so codes cannot be found by trying many. Codes that exist are not counted,
 * nor is asking again about the last unknown code (the checkout page re-checks the code in the box
 * whenever the location or the cart changes).
 */
export const CODE_GUESSES = { max: 20, windowMinutes: 15 } as const;

export type GuessTaken = 'counted' | 'repeat' | 'blocked';

const t = discountCodeGuesses;

/**
 * Takes one try before `code` (normalised) is looked up: 'blocked' when the shopper has no tries left
 * in this window, 'repeat' when it is the last unknown code again (not counted). One atomic statement,
 * so requests sent at once cannot get past the limit together; a window that has ended starts again.
 */
export async function takeCodeGuess(db: Db, userId: string, code: string, now: Date): Promise<GuessTaken> {
  const at = now.toISOString();
  const windowEnded = sql`${t.windowStartedAt} <= ${at}::timestamptz - make_interval(mins => ${CODE_GUESSES.windowMinutes})`;
  const [row] = await db
    .insert(t)
    .values({ userId, windowStartedAt: now, guesses: 1 })
    .onConflictDoUpdate({
      target: t.userId,
      set: {
        guesses: sql`case when ${windowEnded} then 1
          when ${t.lastUnknownCode} = ${code} then ${t.guesses} else ${t.guesses} + 1 end`,
        windowStartedAt: sql`case when ${windowEnded} then ${at}::timestamptz else ${t.windowStartedAt} end`,
        lastUnknownCode: sql`case when ${windowEnded} then null else ${t.lastUnknownCode} end`,
      },
    })
    .returning({ guesses: t.guesses, lastUnknownCode: t.lastUnknownCode });
  if (row!.guesses > CODE_GUESSES.max) return 'blocked';
  return row!.lastUnknownCode === code ? 'repeat' : 'counted';
}

/**
 * After the lookup of a counted try: a code that exists gives the try back (whether or not it applies
 * to this order); one that does not is remembered, so asking about it again is free.
 */
export async function settleCodeGuess(db: Db, userId: string, code: string, exists: boolean): Promise<void> {
  await db
    .update(t)
    .set(exists ? { guesses: sql`greatest(${t.guesses} - 1, 0)` } : { lastUnknownCode: code })
    .where(eq(t.userId, userId));
}
