import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account } from '../../db/schema';
import { spendAttempt } from '../limits/attempts';
import type { Auth } from './auth';

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

/**
 * "Enter your password again" before a sensitive change (a seller's bank account): counted as a try at
 * the current password, then checked against the account's Better Auth password hash. False for a
 * wrong password or an account without one (signed up with Google or Facebook only).
 */
export async function passwordMatches(
  auth: Auth,
  db: Db,
  limit: { max: number; windowSeconds: number },
  who: { userId: string; clientAddress: string },
  password: string,
): Promise<boolean> {
  await countCurrentPasswordTry(db, limit, who);
  const context = await auth.$context;
  const accounts = await context.internalAdapter.findAccounts(who.userId);
  const hash = accounts.find((account) => account.providerId === 'credential')?.password;
  if (!hash || !password) return false;
  return context.password.verify({ hash, password });
}

/** "Is this the person's password?", counted as a try (passwordMatches), with the shop's own limits bound. */
export type PasswordCheck = (
  who: { userId: string; clientAddress: string },
  password: string,
) => Promise<boolean>;

/** The shop's PasswordCheck (server/services.ts makes one): each sensitive change asks it, never Better Auth itself. */
export function passwordCheck(
  auth: Auth,
  db: Db,
  limit: { max: number; windowSeconds: number },
): PasswordCheck {
  return (who, password) => passwordMatches(auth, db, limit, who, password);
}

/** Whether the account has a password to sign in with (not Google or Facebook only). */
export async function hasPasswordSignIn(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return row !== undefined;
}
