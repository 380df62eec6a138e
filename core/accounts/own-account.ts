import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { isAdmin } from '../roles';
import { eraseAccount } from './erase';
import { DELETE_ACCOUNT } from './own-account-rules';
import { hasPasswordSignIn, type PasswordCheck } from './passwords';

/*
 * "Delete my account" (issue 52 §5, docs/accounts.md): the person erases their own account after typing
 * their password (counted as every password try is). What goes and what stays is eraseAccount's; the
 * refusals say why it must wait.
 */

/** Deletes the account of the person asking, after their password; throws the reason it must wait. */
export async function deleteOwnAccount(
  deps: { db: Db; checkPassword: PasswordCheck },
  who: { userId: string; clientAddress: string },
  password: string,
  now = new Date(),
): Promise<void> {
  const { db } = deps;
  const [person] = await db.select({ role: user.role }).from(user).where(eq(user.id, who.userId));
  if (!person) throw new NotFound('This account no longer exists.');
  if (isAdmin(person) || person.role === 'staff')
    throw new Forbidden(DELETE_ACCOUNT.adminRights, 'Not deleted');
  if (!(await deps.checkPassword(who, password))) {
    // Only a refusal asks why: an account signed up with Google or Facebook has no password to type.
    if (!(await hasPasswordSignIn(db, who.userId)))
      throw new Conflict(DELETE_ACCOUNT.noPassword, 'Not deleted');
    throw new Invalid(
      DELETE_ACCOUNT.wrongPassword,
      { password: [DELETE_ACCOUNT.wrongPassword] },
      'Not deleted',
    );
  }

  await db.transaction(async (tx) => {
    const erased = await eraseAccount(tx, who.userId, now);
    if (erased.waits === 'awaiting-payment')
      throw new Conflict(DELETE_ACCOUNT.awaitingPayment, 'Not deleted yet');
    if (erased.waits === 'owed')
      throw new Conflict(DELETE_ACCOUNT.stillOwed(erased.owedKobo), 'Not deleted yet');
    if (erased.waits === 'on-sale') throw new Conflict(DELETE_ACCOUNT.onSale, 'Not deleted yet');
  });
}
