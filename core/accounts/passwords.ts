import type { Db } from '../../db/client';
import { spendAttempt } from '../limits/attempts';

/**
 * Counts one try at the current password on the account's change-password form, before Better Auth
 * checks it: per account and per client address, with the login limit's numbers. Someone
 * holding a stolen session cannot guess their way to the account for good.
 */
export async function countCurrentPasswordTry(
  db: Db,
  limit: { max: number; windowSeconds: number },
  who: { userId: string; clientAddress: string },
): Promise<void> {
  const tries = { name: 'current-password', ...limit };
  await spendAttempt(
    db,
    [
      [tries, { account: who.userId }],
      [tries, { address: who.clientAddress }],
    ],
    (when) => `Too many password attempts. Please try again ${when}.`,
    'Password not changed',
  );
}
