import { formatNaira } from '../money';

/** "Delete my account"'s words (core/accounts/own-account.ts; the settings card shows them). */
export const DELETE_ACCOUNT = {
  heading: 'Delete my account',
  intro:
    'Your account, profile, wishlist, reviews, message choices and farm book are deleted, and you are signed out everywhere. Orders you paid for stay in the shop’s books without your name, phone or address. This cannot be undone.',
  passwordLabel: 'Your password (delete my account)',
  button: 'Delete my account',
  wrongPassword: 'That password is not right. Your account is not deleted.',
  passwordMissing: 'Type your password to delete your account.',
  noPassword: `Your account signs in with Google or Facebook only. Set a password first (Forgot password on the login page), then delete your account here.`,
  adminRights:
    'An account with admin rights is not deleted here: another owner deletes it on the users screen.',
  awaitingPayment:
    'You have an order waiting for payment. Try again once it is paid or has expired (30 minutes).',
  stillOwed: (kobo: number) =>
    `The shop still owes you ${formatNaira(kobo)} for your sales, some of it waiting for the buyers’ claim window to close. Your account can be deleted once it is paid to your bank.`,
  onSale:
    'Your harvest is still on sale at the hub or offered to the shop. Your account can be deleted once it is sold, or the offer declined or withdrawn.',
  done: 'Your account is deleted. Thank you for shopping with us.',
} as const;
