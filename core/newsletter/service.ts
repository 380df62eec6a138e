import { sql } from 'drizzle-orm';
import { newsletterSubscribers } from '../../db/schema';
import type { Db, Tx } from '../../db/client';
import { spendAttempt, type AttemptLimit } from '../limits/attempts';

/** Sign-ups a client address may send per hour: a household's few, not a script's list. */
export const NEWSLETTER_SIGNUPS: AttemptLimit = { name: 'newsletter', max: 5, windowSeconds: 60 * 60 };

/** Adds the address to the newsletter list; subscribing twice is harmless. */
export async function subscribeToNewsletter(
  db: Db,
  email: string,
  from: { clientAddress: string },
): Promise<void> {
  await spendAttempt(
    db,
    [[NEWSLETTER_SIGNUPS, { address: from.clientAddress }]],
    (when) => `Too many sign-ups from your connection. Please try again ${when}.`,
  );
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}

/** Takes the address off the newsletter list, whatever its letters' case (a deleted account's address goes). */
export async function unsubscribeFromNewsletter(db: Db | Tx, email: string): Promise<void> {
  await db.delete(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`);
}
