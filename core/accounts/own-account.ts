import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sellers, user } from '../../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { isAdmin } from '../roles';
import { sellerBalance } from '../sellers/ledger';
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
  if (!(await hasPasswordSignIn(db, who.userId)))
    throw new Conflict(DELETE_ACCOUNT.noPassword, 'Not deleted');
  if (!(await deps.checkPassword(who, password)))
    throw new Invalid(
      DELETE_ACCOUNT.wrongPassword,
      { password: [DELETE_ACCOUNT.wrongPassword] },
      'Not deleted',
    );

  const [seller] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, who.userId));
  if (seller) {
    const balance = await sellerBalance(db, seller.id, now);
    const owed = balance.payableKobo + balance.waitingKobo;
    if (owed > 0) throw new Conflict(DELETE_ACCOUNT.stillOwed(owed), 'Not deleted yet');
    throw new Conflict(DELETE_ACCOUNT.sellerRecords, 'Not deleted yet');
  }
  await db.transaction(async (tx) => {
    const erased = await eraseAccount(tx, who.userId);
    if (erased.awaitingPayment) throw new Conflict(DELETE_ACCOUNT.awaitingPayment, 'Not deleted yet');
  });
}
