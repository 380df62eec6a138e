import { entersAdminArea } from '../roles';

/** The words and rules of two-factor sign-in, for the server and the browser alike (core/accounts/two-factor.ts). */
export const TWO_FACTOR = {
  pageTitle: 'Two-factor sign-in',
  codeTitle: 'Enter your sign-in code',
  codeHelp: 'Open your authenticator app and type the 6-digit code it shows for FreshCatch.',
  backupHelp: 'Lost your phone? Type one of your backup codes instead. Each one works once.',
  wrongCode: 'That code is not right. Please try again.',
  expired: 'Your sign-in took too long. Please sign in again.',
  tooManyTries: 'Too many wrong codes. Please sign in again.',
  locked: 'Too many wrong codes for this account. Please wait 15 minutes and try again.',
  required:
    'Everyone with admin rights signs in with a code from an authenticator app. Set it up to continue to the admin area.',
  requiredTitle: 'Set up two-factor sign-in first',
  on: 'Two-factor sign-in is on',
  onHelp: 'Signing in asks for a code from your authenticator app after your password.',
  off: 'Two-factor sign-in is off',
  offHelp:
    'Add a second step to signing in: a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Authy or any other).',
  scan: 'Scan this with your authenticator app, or type the key below into it. Then type the code it shows.',
  backupCodesTitle: 'Your backup codes',
  backupCodesHelp:
    'Write these down and keep them somewhere safe. If you lose your phone, each one signs you in once.',
  turnedOn: 'Two-factor sign-in is on. You will be asked for a code each time you sign in.',
  turnedOff: 'Two-factor sign-in is off.',
  adminKeeps: 'Everyone with admin rights keeps two-factor sign-in on. To use a new phone, set it up again.',
  resetDone: 'Their two-factor sign-in was reset: they set it up again at their next sign-in.',
  resetSelf: 'You cannot reset your own two-factor sign-in here. Set it up again from your account.',
  resetNotOn: 'This user has no two-factor sign-in to reset.',
};

/** Where an account's two-factor sign-in stands: off, set up but not yet confirmed by a code, or on. */
export type TwoFactorState = 'off' | 'pending' | 'on';

/** Whether this person must have two-factor sign-in before the admin area lets them in. */
export function needsTwoFactorSetUp(person: { role: string; twoFactor: boolean }): boolean {
  return entersAdminArea(person) && !person.twoFactor;
}
