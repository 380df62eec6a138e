import { createContext, data, redirect, type MiddlewareFunction } from 'react-router';
import {
  CLIENT_IP_HEADER,
  SERVER_AUTH_ENDPOINTS,
  sessionDueRenewal,
  type ServerAuthEndpoint,
} from '#core/accounts/auth';
import { authCookiesOf, carriesSessionCache, hasSessionCookie } from '#server/cookies';
import { SessionMemo } from '#core/accounts/session-memo';
import { adminActor, isAdmin, type AdminActor, type ViewerKind } from '#core/roles';
import { DomainError, Forbidden, Invalid, TooManyRequests, Unauthorized } from '#core/errors';
import type { ActionFailure } from './action-result';
import type { ToastInput } from './toast';
import { emailConfirmationCallback } from './return-target';
import { redirectWithToast } from './toast.server';
import { shop, type ShopContext } from './context';

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
 * only when asked to (`renew: 'always'`, after the name changed) or when the session is due its daily
 * renewal: signing a cookie on every admin request would cost CPU and send a Set-Cookie for nothing.
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
    if (!sessionDueRenewal(session.session.expiresAt)) return checkedUser(session.user);
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

function checkedUser(user: {
  id: string;
  name: string;
  email: string;
  role?: string | null;
  image?: string | null;
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
    showsAdminTools: isAdmin({ role }),
  });
}

/**
 * Where to come back to: the address as the visitor sees it. React Router's `?index` (which route of a
 * path a form posts to) is left out: loaders never see it, but middleware gets the request as sent.
 */
function returnPath(request: Request): string {
  const url = new URL(request.url);
  if (url.searchParams.has('index')) url.searchParams.delete('index');
  return url.pathname + url.search;
}

/** Shopper routes: a guest goes to /login, which brings them back here afterwards. */
export async function requireUser(
  request: Request,
  context: ShopContext,
  options: { toast?: ToastInput } = {},
): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (user) return user;
  const to = `/login?redirectTo=${encodeURIComponent(returnPath(request))}`;
  throw options.toast ? await redirectWithToast(context, to, options.toast) : redirect(to);
}

/** Spec §6/§8: what a refused admin action says. */
export const ADMIN_ACCESS_DENIED = {
  /** Spec §6: the discount-code page's own words for a signed-in non-admin. */
  discountCodesPage: 'You need administrator privileges to access this page.',
  title: 'Access Denied',
  signedOut: 'Please sign in as an administrator to do that.',
  notAdmin: "You don't have permission to access the admin area",
};

/** Screens with their own words for a signed-in non-admin (spec §6: the discount-code page's toast). */
const DENIED_TOASTS: Record<string, ToastInput> = {
  '/admin/discount-codes': {
    type: 'error',
    title: ADMIN_ACCESS_DENIED.title,
    description: ADMIN_ACCESS_DENIED.discountCodesPage,
  },
};

/**
 * Who may use the admin area: the role is read from the database on every request, never from the
 * cookie cache. Pages (GET) keep the spec's redirects: guests to /admin/login with a way back, signed-in
 * non-admins to /admin/login with the access-denied flag. Anything else (a form post, a fetcher) is
 * refused with 401 or 403 and §6's 'Access Denied', in the one action-failure shape. The admin area's
 * middleware asks it for every admin route; a screen outside the area with one admin-only intent (a
 * product page's review deletion) asks it itself.
 */
export async function requireAdmin(request: Request, context: ShopContext): Promise<AdminActor> {
  const user = await getCheckedSessionUser(request, context);
  const actor = adminActor(user);
  if (actor) return actor;
  const page = request.method === 'GET' || request.method === 'HEAD';
  if (!page) {
    const failure: ActionFailure = {
      ok: false,
      error: {
        title: ADMIN_ACCESS_DENIED.title,
        message: user ? ADMIN_ACCESS_DENIED.notAdmin : ADMIN_ACCESS_DENIED.signedOut,
      },
      fieldErrors: {},
    };
    throw data(failure, { status: user ? 403 : 401 });
  }
  if (!user) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(returnPath(request))}`);
  const toast = DENIED_TOASTS[new URL(request.url).pathname];
  if (toast) throw await redirectWithToast(context, '/admin/login?denied=1', toast);
  throw redirect('/admin/login?denied=1');
}

const adminContext = createContext<AdminActor>();

/**
 * The admin area's door, the admin layout's middleware (routes/admin/admin-layout.tsx): every request
 * for a route under it (a page, a data request, a form post, a resource route) passes here before any
 * loader or action runs, so no admin route can be left unguarded. It hands the admin on: adminOf().
 */
export const adminArea: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(adminContext, await requireAdmin(request, context));
};

/** The administrator the admin area's middleware let in (routes under the admin layout only). */
export function adminOf(context: ShopContext): AdminActor {
  return context.get(adminContext);
}

/**
 * The action of an admin screen that takes no form: a non-admin's post was refused at the door (401 or
 * 403: adminArea), and an admin is told there is nothing to post here (405). So every admin route
 * answers a post the same way, whatever it holds.
 */
export function adminScreenWithoutForm() {
  const failure: ActionFailure = {
    ok: false,
    error: { title: 'Not allowed', message: 'This screen takes no form.' },
    fieldErrors: {},
  };
  return data(failure, { status: 405 });
}

export interface AuthCallResult {
  status: number;
  body: Record<string, unknown> | null;
  setCookies: string[];
}

/**
 * Calls a Better Auth endpoint through its HTTP handler rather than `auth.api`, so its rate limits
 * (keyed on the trusted client address) and checks apply to our own forms exactly as to its API.
 */
export async function callAuthEndpoint(
  request: Request,
  context: ShopContext,
  path: ServerAuthEndpoint,
  body: Record<string, unknown>,
  cookieOverride?: string,
): Promise<AuthCallResult> {
  if (!SERVER_AUTH_ENDPOINTS.includes(path)) throw new Error(`${path} is not an endpoint the shop calls`);
  const { env, auth } = shop(context).services;
  const headers = new Headers({
    'Content-Type': 'application/json',
    Origin: env.PUBLIC_URL,
    [CLIENT_IP_HEADER]: shop(context).clientIp,
  });
  const cookie = cookieOverride ?? request.headers.get('Cookie');
  if (cookie) headers.set('Cookie', cookie);
  const userAgent = request.headers.get('User-Agent');
  if (userAgent) headers.set('User-Agent', userAgent);
  const response = await auth.handler(
    new Request(new URL(`/api/auth${path}`, env.PUBLIC_URL), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    }),
  );
  const text = await response.text();
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed, setCookies: response.headers.getSetCookie() };
}

/** The `name=value` pairs of Set-Cookie headers, as a Cookie header for a follow-up call. */
export function cookiesFromSetCookie(setCookies: string[]): string {
  return setCookies.map((c) => c.split(';')[0]).join('; ');
}

export function authErrorMessage(result: AuthCallResult, fallback: string): string {
  const message = result.body?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/**
 * E-mail and password sign-in through Better Auth. A refusal is a domain error with the spec's texts
 * for each failure ('Login failed', or 'An error occurred' when the auth service is down).
 */
export async function signInWithPassword(
  request: Request,
  context: ShopContext,
  credentials: { email: string; password: string; redirectTo?: string },
): Promise<{ user: CheckedSessionUser; setCookies: string[] }> {
  const result = await callAuthEndpoint(request, context, '/sign-in/email', {
    email: credentials.email,
    password: credentials.password,
    rememberMe: true,
    // An unconfirmed account is sent a fresh link (sendOnSignIn): where it lands, as the sign-up's.
    callbackURL: emailConfirmationCallback(credentials.redirectTo),
  });
  if (result.status === 200 && result.body?.user) {
    const user = result.body.user as Record<string, unknown>;
    return {
      setCookies: result.setCookies,
      user: checkedUser({
        id: String(user.id),
        name: String(user.name ?? ''),
        email: String(user.email ?? ''),
        role: typeof user.role === 'string' ? user.role : null,
        image: typeof user.image === 'string' ? user.image : null,
      }),
    };
  }
  const title = 'Login failed';
  if (result.status === 429)
    throw new TooManyRequests('Too many login attempts. Please wait a minute and try again.', title);
  if (result.body?.code === 'EMAIL_NOT_VERIFIED') {
    throw new Forbidden(
      'Please confirm your e-mail address first. We have sent you a new confirmation link.',
      title,
    );
  }
  if (result.status >= 500) throw new DomainError('Please try again later', 503, 'An error occurred');
  const message = authErrorMessage(result, 'Invalid email or password');
  throw result.status === 401 ? new Unauthorized(message, title) : new Invalid(message, {}, title);
}

/** Ends the session named by `cookie` (this request's, unless another is given). */
export async function signOut(
  request: Request,
  context: ShopContext,
  cookie?: string,
): Promise<AuthCallResult> {
  return callAuthEndpoint(request, context, '/sign-out', {}, cookie);
}

export function socialProviders(context: ShopContext) {
  const { env } = shop(context).services;
  return {
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    facebook: Boolean(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET),
  };
}
