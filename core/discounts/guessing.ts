import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discountCodeGuesses } from '../../db/schema';

/**
 * How many unknown discount codes a shopper may try per window. Past it, no code is looked up until
 * the window ends, so codes cannot be found by trying many. Codes that exist are not counted.
 */
export const CODE_GUESSES = { max: 20, windowMinutes: 15 } as const;

/**
 * Takes one try before a code is looked up: false when the shopper has no tries left in this window.
 * One atomic statement, so requests sent at once cannot get past the limit together; a window that
 * has ended starts again at this try.
 */
export async function takeCodeGuess(db: Db, userId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const windowEnded = sql`${discountCodeGuesses.windowStartedAt} <= ${at}::timestamptz - make_interval(mins => ${CODE_GUESSES.windowMinutes})`;
  const [row] = await db
    .insert(discountCodeGuesses)
    .values({ userId, windowStartedAt: now, guesses: 1 })
    .onConflictDoUpdate({
      target: discountCodeGuesses.userId,
      set: {
        guesses: sql`case when ${windowEnded} then 1 else ${discountCodeGuesses.guesses} + 1 end`,
        windowStartedAt: sql`case when ${windowEnded} then ${at}::timestamptz else ${discountCodeGuesses.windowStartedAt} end`,
      },
    })
    .returning({ guesses: discountCodeGuesses.guesses });
  return row!.guesses <= CODE_GUESSES.max;
}

/** Gives the try back: the code the shopper typed exists (whether or not it applies to this order). */
export async function returnCodeGuess(db: Db, userId: string): Promise<void> {
  await db
    .update(discountCodeGuesses)
    .set({ guesses: sql`greatest(${discountCodeGuesses.guesses} - 1, 0)` })
    .where(eq(discountCodeGuesses.userId, userId));
}
