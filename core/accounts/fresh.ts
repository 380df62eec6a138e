import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { session } from '../../db/schema';
import type { PasswordCheck } from './passwords';
import {
  isFresh,
  PASSWORD_AGAIN,
  PASSWORD_AGAIN_CODE_FIELD,
  PASSWORD_AGAIN_FIELD,
  PasswordAgain,
} from './fresh-rules';

/**
 * Lets the action through when the session is fresh, or when the password typed with it is right (the
 * session is then fresh again, and the try is counted as every password try is: too many is a 429) —
 * and, for an account with two-factor sign-in, the authenticator's code too (`checkCode`, counted as
 * sign-in codes are). Otherwise throws PasswordAgain, saying so when what was typed was wrong.
 */
export async function requireFreshPassword(
  deps: { db: Db; checkPassword: PasswordCheck; checkCode: (code: string) => Promise<boolean> },
  who: { userId: string; sessionId: string; clientAddress: string; twoFactor: boolean },
  posted: { form: FormData; action: string },
  now = new Date(),
): Promise<void> {
  const { form, action } = posted;
  const [row] = await deps.db
    .select({ createdAt: session.createdAt, passwordConfirmedAt: session.passwordConfirmedAt })
    .from(session)
    .where(eq(session.id, who.sessionId));
  if (row && isFresh(row, now)) return;
  const withCode = who.twoFactor;
  const asked = withCode ? PASSWORD_AGAIN.withCode : PASSWORD_AGAIN.message;
  const typed = form.get(PASSWORD_AGAIN_FIELD);
  const code = form.get(PASSWORD_AGAIN_CODE_FIELD);
  const missing = (value: unknown) => typeof value !== 'string' || value.trim() === '';
  if (missing(typed) || (withCode && missing(code)))
    throw new PasswordAgain(resendable(form), action, asked, withCode);
  if (!(await deps.checkPassword({ userId: who.userId, clientAddress: who.clientAddress }, typed as string)))
    throw new PasswordAgain(resendable(form), action, PASSWORD_AGAIN.wrong, withCode);
  if (withCode && !(await deps.checkCode(code as string)))
    throw new PasswordAgain(resendable(form), action, PASSWORD_AGAIN.wrongCode, withCode);
  await deps.db.update(session).set({ passwordConfirmedAt: now }).where(eq(session.id, who.sessionId));
}

/** The posted text fields (no files, no password or code), in order and repeated as posted, to send again. */
function resendable(form: FormData): [string, string][] {
  const fields: [string, string][] = [];
  for (const [name, value] of form.entries())
    if (typeof value === 'string' && name !== PASSWORD_AGAIN_FIELD && name !== PASSWORD_AGAIN_CODE_FIELD)
      fields.push([name, value]);
  return fields;
}
