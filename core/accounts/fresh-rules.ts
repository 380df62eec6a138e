import { Unauthorized } from '../errors';

/**
 * "Type your password again" before money or power moves (issue 52 §2, GitHub's sudo mode): refunds,
 * payout runs, a seller's bank account, commissions, granting or revoking admin or staff, deleting a
 * user. A session is fresh for FRESH_MINUTES after its sign-in or the last password typed again in it;
 * after that the action is refused with PasswordAgain until the password comes with it.
 */
export const FRESH_MINUTES = 10;

/** The form field that carries the password typed again. */
export const PASSWORD_AGAIN_FIELD = 'confirmPassword';

/** The form field that carries the authenticator's code, for an account with two-factor sign-in. */
export const PASSWORD_AGAIN_CODE_FIELD = 'confirmCode';

export const PASSWORD_AGAIN = {
  title: 'Your password, please',
  message: `For this, type your password again: you last did more than ${FRESH_MINUTES} minutes ago.`,
  wrong: 'That is not your password. Please try again.',
  withCode: `For this, type your password and the code from your authenticator app again: you last did more than ${FRESH_MINUTES} minutes ago.`,
  wrongCode: 'That code is not right. Please type the one your app shows now.',
};

/**
 * The refusal of an action that needs the password again. It carries the fields that were posted, so
 * the browser can send the same form again with the password added, without the admin retyping it.
 */
export class PasswordAgain extends Unauthorized {
  constructor(
    readonly resend: [name: string, value: string][],
    /** Where the form was posted (its path and query), to post it again. */
    readonly action: string,
    message = PASSWORD_AGAIN.message,
    /** Whether the code of the account's authenticator is asked with the password (two-factor sign-in). */
    readonly withCode = false,
  ) {
    super(message, PASSWORD_AGAIN.title);
  }
}

/** Whether a session signed in at `createdAt`, its password last typed again at `confirmedAt`, is fresh. */
export function isFresh(
  times: { createdAt: Date; passwordConfirmedAt: Date | null },
  now = new Date(),
): boolean {
  const last = Math.max(times.createdAt.getTime(), times.passwordConfirmedAt?.getTime() ?? 0);
  return now.getTime() - last <= FRESH_MINUTES * 60_000;
}
