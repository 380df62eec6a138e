/**
 * Which cookies make a request personal. One definition for the page cache, the Cache-Control of
 * catalogue pages and the session lookup, so they can never disagree about what may be shared.
 */

/** The one-shot toast cookie (app/lib/toast.server.ts). */
export const TOAST_COOKIE = 'fc_toast';

/** Better Auth's session cookie, with or without the `__Secure-` prefix of HTTPS deployments. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
const TOAST = new RegExp(`(?:^|;\\s*)${TOAST_COOKIE}=`);

export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && SESSION_COOKIE.test(cookieHeader);
}

export function hasToastCookie(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && TOAST.test(cookieHeader);
}

/** A session or a pending toast: the page is for this visitor only and is never cached or shared. */
export function hasPersonalCookie(cookieHeader: string | null | undefined): boolean {
  return hasSessionCookie(cookieHeader) || hasToastCookie(cookieHeader);
}

/** Better Auth's cookies (`better-auth.*`, `__Secure-` prefixed or not) as sent, or '' without any. */
export function authCookiesOf(cookieHeader: string | null | undefined): string {
  if (!cookieHeader) return '';
  return cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith('better-auth.') || pair.startsWith('__Secure-better-auth.'))
    .join('; ');
}
