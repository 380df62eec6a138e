import { STYLESHEET_COOKIE } from '../sw/rules';

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

/**
 * The stylesheet this browser's service worker holds (its file name), set by the page once the worker
 * has it (app/lib/offline.ts). Nobody's: a page for it links the stylesheet instead of inlining it
 * (decision 048), so the server's page cache keeps the two kinds of page apart by it.
 */
const STYLESHEET = new RegExp(`(?:^|;\\s*)${STYLESHEET_COOKIE}=([\\w.-]+)`);

/** The stylesheet the browser says its service worker holds, or '' when none. */
export function keptStylesheet(cookieHeader: string | null | undefined): string {
  return (cookieHeader && STYLESHEET.exec(cookieHeader)?.[1]) || '';
}

/** Better Auth's session cookies as sent: the token, the signed cache (perhaps in chunks), 'don't remember'. */
const AUTH_SESSION_COOKIE =
  /^(?:__Secure-)?better-auth\.(?:session_token|session_data(?:\.\d+)?|dont_remember)=/;

/** Better Auth's session cookies (AUTH_SESSION_COOKIE) exactly as sent, in order, or '' without any. */
export function authCookiesOf(cookieHeader: string | null | undefined): string {
  if (!cookieHeader) return '';
  return cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => AUTH_SESSION_COOKIE.test(pair))
    .join('; ');
}

/** Whether these cookies carry Better Auth's signed cookie cache (`session_data`). */
export function carriesSessionCache(authCookies: string): boolean {
  return /(?:^|; )(?:__Secure-)?better-auth\.session_data(?:\.\d+)?=/.test(authCookies);
}
