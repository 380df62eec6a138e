import { newsletterSubscribers } from '../../db/schema';
import type { Db } from '../../db/client';

/** Adds the address to the newsletter list; subscribing twice is harmless. */
export async function subscribeToNewsletter(db: Db, email: string): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}
