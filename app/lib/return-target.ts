import { EMAIL_CONFIRMATION_PATH } from './email-confirmed';
import { safeRedirectPath } from './forms';

/**
 * `path` carrying the page the visitor was on the way to (`?redirectTo=`), when there is one besides
 * the home page and it stays in the shop (safeRedirectPath).
 */
export function withReturnTarget(path: string, returnTo: string | null | undefined): string {
  const target = safeRedirectPath(returnTo);
  if (target === '/') return path;
  return `${path}${path.includes('?') ? '&' : '?'}redirectTo=${encodeURIComponent(target)}`;
}

/**
 * Where the link of every confirmation e-mail lands (Better Auth's callbackURL): /email-confirmation,
 * keeping the return target, so that confirming leads on to log in and then to that page. The sign-up
 * e-mail, the one sent again from /verify-email and the one sent when an unconfirmed account tries to
 * log in all take it from here.
 */
export function emailConfirmationCallback(returnTo: string | null | undefined): string {
  return withReturnTarget(EMAIL_CONFIRMATION_PATH, returnTo);
}

/** Whether a sign-in leads into the admin area (the admin sign-in page's target). */
export function isAdminTarget(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}
