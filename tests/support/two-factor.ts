import { randomUUID } from 'node:crypto';
import { symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Auth } from '#core/accounts/auth';
import type { Db } from '#db/client';
import * as schema from '#db/schema';
import { TEST_TOTP_SECRET } from './totp';
import { TEST_BACKUP_CODES } from './two-factor-codes';

/**
 * Turns two-factor sign-in on for a fixture account, as its set-up would leave it: the secret and the
 * backup codes encrypted with the auth secret, in Better Auth's own format. (The shop's writer is Better
 * Auth's plugin, through routes/account-two-factor.tsx.)
 */
export async function enrolTwoFactor(auth: Auth, db: Db, userId: string): Promise<void> {
  const { secretConfig } = await auth.$context;
  await db.insert(schema.twoFactor).values({
    id: randomUUID(),
    userId,
    secret: await symmetricEncrypt({ key: secretConfig, data: TEST_TOTP_SECRET }),
    backupCodes: await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(TEST_BACKUP_CODES) }),
    verified: true,
  });
  await db.update(schema.user).set({ twoFactorEnabled: true }).where(eq(schema.user.id, userId));
}
