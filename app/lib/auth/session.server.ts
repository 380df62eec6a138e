import { sessionDueRenewal } from '#core/accounts/auth';
import { SessionMemo } from '#core/accounts/session-memo';
import { isAdmin, type ViewerKind } from '#core/roles';
import { authCookiesOf, carriesSessionCache, hasSessionCookie } from '#server/cookies';
import { shop, type ShopContext } from '../context';

/*
 * The session: who is asking (app/lib/auth/). Guards (guards.server.ts) decide what they may do; the
 * gateway (gateway.server.ts) is the one way our screens call Better Auth.
 */

/**
 * Who is asking, as the database has them now: a session ended anywhere (sign-out, a password change
 * or reset, a revoked role, a deleted account) is no session here, on its very next request.
 */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  /** For what a page shows (an admin link, a delete button); rights come from `role` (isAdmin). */
  showsAdminTools: boolean;
}

/** The user as the database has them now (or just signed in): `isAdmin` accepts only this. */
export interface CheckedSessionUser extends SessionUser {
  role: string;
  /** Whether signing in asks this person for an authenticator's code (the admin door requires it). */
  twoFactor: boolean;
}

const sessionCache = new WeakMap<object, Promise<CheckedSessionUser | null>>();
const checkedSessionCache = new WeakMap<object, Promise<CheckedSessionUser | null>>();

/**
 * What one lookup is remembered for. React Router hands each loader its own Request object, so a page's
 * loaders (root, layout, screen) share the request's load context instead: they all read the same
 * incoming cookie. An action keeps its own (its loaders run after it, and may see a session it ended).
 */
function lookupKey(request: Request, context: ShopContext): object {
  return request.method === 'GET' || request.method === 'HEAD' ? context : request;
}

/**
 * The signed-in user of this request, or null: read from the database (the session and the user), so
 * anything personal a page shows or an action writes belongs to a session that is still alive.
 * Looked up once per request.
 */
export function getSessionUser(request: Request, context: ShopContext): Promise<SessionUser | null> {
  return getCheckedSessionUser(request, context);
}

/**
 * What kind of visitor this request comes from, and nothing of who: all a page shared by every
 * visitor of one kind may read (server/page-cache.ts, docs/decisions/021). The server's page cache
 * asks this first; the root loader reads it for the header's links. It may come from the signed
 * session cookie (up to SESSION_CACHE_SECONDS old): a session ended elsewhere may still see the
 * signed-in header on a catalogue page for that long, and nothing else.
 */
export async function getViewerKind(request: Request, context: ShopContext): Promise<ViewerKind> {
  const user = await viewerOf(request, context);
  if (!user) return 'guest';
  return user.showsAdminTools ? 'admin' : 'shopper';
}

function viewerOf(request: Request, context: ShopContext): Promise<SessionUser | null> {
  const key = lookupKey(request, context);
  // Every admin request and every action is checked against the database anyway: one lookup, not two.
  const checked = checkedSessionCache.get(key);
  if (checked || isAdminPath(request) || key === request) return checkedSessionUserOf(request, context);
  return once(sessionCache, key, () => lookUpSessionUser(request, context, { checked: false }));
}

function isAdminPath(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname === '/admin.data';
}

/** The signed-in user as the database has them now: a revoked session or a removed role counts. */
export function getCheckedSessionUser(
  request: Request,
  context: ShopContext,
): Promise<CheckedSessionUser | null> {
  shop(context).requestState.readsVisitor = true;
  return checkedSessionUserOf(request, context);
}

function checkedSessionUserOf(request: Request, context: ShopContext): Promise<CheckedSessionUser | null> {
  return once(checkedSessionCache, lookupKey(request, context), () =>
    lookUpSessionUser(request, context, { checked: true, renew: 'when-due' }),
  );
}

/**
 * After this request changed what the session cookie carries (the user's name), reissues it from the
 * database so the next page shows the change.
 */
export async function refreshSessionCookie(request: Request, context: ShopContext): Promise<void> {
  await lookUpSessionUser(request, context, { checked: true, renew: 'always' });
}

function once<T>(cache: WeakMap<object, Promise<T>>, key: object, lookUp: () => Promise<T>): Promise<T> {
  let pending = cache.get(key);
  if (!pending) {
    pending = lookUp();
    cache.set(key, pending);
  }
  return pending;
}

/** How long a signed cookie's answer is remembered past the moment Better Auth gave it. */
export const SESSION_MEMO_MS = 10_000;

/** Unchecked lookups by their exact cookies (core/accounts/session-memo.ts, docs/decisions/028). */
const recentSessions = new SessionMemo<CheckedSessionUser>({ ttlMs: SESSION_MEMO_MS, maxEntries: 5_000 });

/** A session cookie longer than this is not remembered (Better Auth's are ~1–2 KB). */
const MEMO_KEY_MAX = 4096;

/**
 * What a lookup is remembered by: the session cookies, only when they carry the signed cookie cache
 * (without it Better Auth reads the database each time, and that answer stays immediate), '' otherwise.
 */
function memoKey(request: Request): string {
  const cookies = authCookiesOf(request.headers.get('Cookie'));
  return carriesSessionCache(cookies) && cookies.length <= MEMO_KEY_MAX ? cookies : '';
}

/**
 * `checked` reads the session and user from the database. It then reissues the signed cookie cache
 * only when asked to (`renew: 'always'`, after the name changed), when the session is due its daily
 * renewal, or when the browser no longer has it: signing a cookie on every admin request would cost CPU
 * and send a Set-Cookie for nothing.
 */
async function lookUpSessionUser(
  request: Request,
  context: ShopContext,
  options: { checked: false } | { checked: true; renew: 'always' | 'when-due' },
): Promise<CheckedSessionUser | null> {
  if (!hasSessionCookie(request.headers.get('Cookie'))) return null;
  const { auth } = shop(context).services;
  if (options.checked && options.renew === 'when-due') {
    const session = await auth.api.getSession({
      headers: request.headers,
      query: { disableCookieCache: true, disableRefresh: true },
    });
    if (!session) {
      // Gone or expired: let Better Auth say so in the usual way (it clears the cookies).
      return lookUpSessionUser(request, context, { checked: true, renew: 'always' });
    }
    // The browser keeps its signed cookie cache (catalogue pages read it): reissued only when it is
    // missing (the browser dropped it) or the session is due renewal.
    const keepsCache = carriesSessionCache(authCookiesOf(request.headers.get('Cookie')));
    if (keepsCache && !sessionDueRenewal(session.session.expiresAt)) return checkedUser(session.user);
  }
  const cookies = options.checked ? '' : memoKey(request);
  const known = recentSessions.get(cookies);
  if (known) return known;
  const { headers, response: session } = await auth.api.getSession({
    headers: request.headers,
    query: options.checked ? { disableCookieCache: true } : {},
    returnHeaders: true,
  });
  // A renewed session, a refreshed cookie cache, or the removal of a dead session's cookies.
  const setCookies = headers.getSetCookie();
  for (const cookie of setCookies) shop(context).appendSetCookie(cookie);
  if (!session) return null;
  const user = checkedUser(session.user);
  if (setCookies.length === 0) recentSessions.set(cookies, user);
  return user;
}

/** The user as the shop keeps them (frozen: a remembered answer is shared). */
export function checkedUser(user: {
  id: string;
  name: string;
  email: string;
  role?: string | null;
  image?: string | null;
  twoFactorEnabled?: boolean | null;
}): CheckedSessionUser {
  const role = user.role ?? 'user';
  const { id, name, email } = user;
  // Frozen: a remembered answer is handed to every request that sends the same cookies.
  return Object.freeze({
    id,
    name,
    email,
    image: user.image ?? null,
    role,
    twoFactor: user.twoFactorEnabled === true,
    showsAdminTools: isAdmin({ role }),
  });
}

/**
 * The session this request carries, as the database has it now (no cookie cache, no renewal): its id, its
 * user's and whether they sign in with a code, for what is asked of the session itself (the password again, app/lib/auth/fresh.server.ts).
 */
export async function currentSession(
  request: Request,
  context: ShopContext,
): Promise<{ sessionId: string; userId: string; twoFactor: boolean } | null> {
  const found = await shop(context).services.auth.api.getSession({
    headers: request.headers,
    query: { disableCookieCache: true, disableRefresh: true },
  });
  return found
    ? { sessionId: found.session.id, userId: found.user.id, twoFactor: found.user.twoFactorEnabled === true }
    : null;
}
