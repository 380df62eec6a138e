import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { twoFactor, user } from '../../db/schema';
import { recordAdminChange } from '../audit/log';
import { Conflict, Forbidden, NotFound } from '../errors';
import { assertOwner, type AdminActor } from '../roles';
import { endAllSessions } from './sessions';
import { TWO_FACTOR, type TwoFactorState } from './two-factor-rules';

/*
 * Two-factor sign-in (issue 52 §1, docs/accounts.md): a code from an authenticator app (TOTP) after the
 * password, or one of ten single-use backup codes. Better Auth's twoFactor plugin keeps the secret and
 * the codes and writes `user.two_factor_enabled`; our screens reach it only through the gateway
 * (app/lib/auth/gateway.server.ts). Everyone with admin rights must have it before any admin page;
 * shoppers and sellers may turn it on from their account.
 */

export async function twoFactorState(db: Db, userId: string): Promise<TwoFactorState> {
  const [row] = await db
    .select({ enabled: user.twoFactorEnabled, verified: twoFactor.verified })
    .from(user)
    .leftJoin(twoFactor, eq(twoFactor.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) throw new NotFound('This account no longer exists.');
  if (row.enabled) return 'on';
  return row.verified === false ? 'pending' : 'off';
}

/**
 * An owner resets another admin's or staff member's two-factor sign-in (a lost phone and no backup
 * code): the secret and the backup codes go, their sessions end, and the admin door sends them to set
 * it up again at their next sign-in. Never one's own (that takes a code: the account page). Audited.
 */
export async function resetTwoFactor(db: Db, admin: AdminActor, userId: string): Promise<void> {
  assertOwner(admin);
  if (admin.id === userId) throw new Forbidden(TWO_FACTOR.resetSelf, 'Not reset');
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, name: user.name, enabled: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!target) throw new NotFound('This user no longer exists.');
    const removed = await tx
      .delete(twoFactor)
      .where(eq(twoFactor.userId, userId))
      .returning({ id: twoFactor.id });
    if (!target.enabled && removed.length === 0) throw new Conflict(TWO_FACTOR.resetNotOn, 'Not reset');
    // The plugin's flag, written here only as its own "turn off" writes it: the row and the flag go together.
    await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId));
    const ended = await endAllSessions(tx, userId);
    await recordAdminChange(tx, admin, {
      kind: 'user',
      action: 'two_factor_reset',
      subjectId: userId,
      subjectLabel: target.name,
      before: { twoFactor: target.enabled },
      after: { twoFactor: false, sessionsEnded: ended },
    });
  });
}
