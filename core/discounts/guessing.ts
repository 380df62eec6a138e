import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discountCodeGuesses } from '../../db/schema';
import { giveBackAttempt, takeAttempt, type AttemptLimit } from '../limits/attempts';

/**
 * How many different unknown discount codes a shopper may try per window. Past it, no code is looked
 * up until the window ends, so codes cannot be found by trying many. Codes that exist are not counted,
 * nor is asking again about the last unknown code (the checkout page re-checks the code in the box
 * whenever the location or the cart changes).
 */
export const CODE_GUESSES = { max: 20, windowMinutes: 15 } as const;

/**
 * Unknown codes one client address may try per window, whatever the account (so a second
 * account from the same address does not start afresh). Twice a shopper's tries: a household, an
 * office or a mobile network's shared address holds several shoppers.
 */
export const CODE_GUESSES_PER_ADDRESS: AttemptLimit = {
  name: 'discount-code',
  max: CODE_GUESSES.max * 2,
  windowSeconds: CODE_GUESSES.windowMinutes * 60,
};

/** Who is trying a code: the account, and the client address when the request came over HTTP. */
export interface CodeGuesser {
  userId: string;
  clientAddress?: string;
}

export type GuessTaken = 'counted' | 'repeat' | 'blocked';

const t = discountCodeGuesses;

/**
 * Takes one try before `code` (normalised) is looked up: 'blocked' when the shopper has no tries left
 * in this window, 'repeat' when it is the last unknown code again (not counted). One atomic statement,
 * so requests sent at once cannot get past the limit together; a window that has ended starts again.
 */
export async function takeCodeGuess(
  db: Db,
  guesser: CodeGuesser,
  code: string,
  now: Date,
): Promise<GuessTaken> {
  const { userId, clientAddress } = guesser;
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
  if (row!.lastUnknownCode === code) return 'repeat';
  if (clientAddress && (await takeAttempt(db, CODE_GUESSES_PER_ADDRESS, { address: clientAddress }, now))) {
    // The address has no tries left: nothing is looked up, so the account's try is given back.
    await db
      .update(t)
      .set({ guesses: sql`greatest(${t.guesses} - 1, 0)` })
      .where(eq(t.userId, userId));
    return 'blocked';
  }
  return 'counted';
}

/**
 * After the lookup of a counted try: a code that exists gives the try back (whether or not it applies
 * to this order); one that does not is remembered, so asking about it again is free.
 */
export async function settleCodeGuess(
  db: Db,
  guesser: CodeGuesser,
  code: string,
  exists: boolean,
): Promise<void> {
  await db
    .update(t)
    .set(exists ? { guesses: sql`greatest(${t.guesses} - 1, 0)` } : { lastUnknownCode: code })
    .where(eq(t.userId, guesser.userId));
  if (exists && guesser.clientAddress)
    await giveBackAttempt(db, CODE_GUESSES_PER_ADDRESS, { address: guesser.clientAddress });
}
