import { createContext, redirect, type MiddlewareFunction } from 'react-router';
import {
  adminActor,
  type AdminActor,
  STAFF_HOME,
  STAFF_REFUSED,
  staffMayOpen,
  staffMayPost,
} from '#core/roles';
import { Forbidden, NotSupported, Unauthorized } from '#core/errors';
import { needsTwoFactorSetUp, TWO_FACTOR } from '#core/accounts/two-factor-rules';
import { actionFailure } from '../errors.server';
import type { ToastInput } from '../toast';
import { redirectWithToast } from '../toast.server';
import type { ShopContext } from '../context';
import { getCheckedSessionUser, getSessionUser, type SessionUser } from './session.server';

/*
 * The doors (app/lib/auth/): who may pass into the areas that need a signed-in visitor. Each area's
 * layout route declares its door as middleware, so every route under it (a page, a data request, a form
 * post, a resource route) passes it before any loader or action runs (docs/decisions/035, 039).
 */

/**
 * Where to come back to: the address as the visitor sees it. React Router's `?index` (which route of a
 * path a form posts to) is left out: loaders never see it, but middleware gets the request as sent.
 */
function returnPath(request: Request): string {
  const url = new URL(request.url);
  if (url.searchParams.has('index')) url.searchParams.delete('index');
  return url.pathname + url.search;
}

function isPage(request: Request): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

/** The sign-in page, with the way back here. */
function loginPath(request: Request): string {
  return `/login?redirectTo=${encodeURIComponent(returnPath(request))}`;
}

/**
 * A guest in a signed-in area, where a screen has its own words for them (spec §2, §4). Anywhere else in
 * the area a guest is sent to /login, which brings them back afterwards.
 */
interface GuestAnswer {
  /** A page: the toast that goes with the redirect to /login, or the page's own sign-in screen. */
  page?: ToastInput | 'sign-in-screen';
  /** A form post or a fetcher: refused with these words (401) instead of being sent to /login. */
  post?: Unauthorized;
}

const GUEST_ANSWERS: Record<string, GuestAnswer> = {
  '/checkout': {
    page: { type: 'error', title: 'Authentication Required', description: 'Please log in to check out.' },
  },
  '/account': {
    page: 'sign-in-screen',
    post: new Unauthorized('Please log in again.', 'Sign In Required'),
  },
  '/api/wishlist': { post: new Unauthorized('Please log in to keep a wishlist on your account.') },
  '/api/checkout/quote': {
    post: new Unauthorized('You must be logged in to complete this purchase.', 'Authentication Error'),
  },
};

const shopperContext = createContext<SessionUser | null>(null);

/**
 * The signed-in shopper's door (routes/shopper-area.tsx): the session is
 * read from the database, and a guest is answered as the screen's GUEST_ANSWERS say (by default, sent
 * to /login and brought back). It hands the shopper on: shopperOf().
 */
export const shopperArea: MiddlewareFunction<Response> = async ({ request, context }) => {
  const user = await getSessionUser(request, context);
  if (user) {
    context.set(shopperContext, user);
    return;
  }
  const answer = GUEST_ANSWERS[new URL(request.url).pathname] ?? {};
  if (!isPage(request)) {
    if (answer.post) throw actionFailure(answer.post);
    throw redirect(loginPath(request));
  }
  if (answer.page === 'sign-in-screen') return;
  if (!answer.page) throw redirect(loginPath(request));
  throw await redirectWithToast(context, loginPath(request), answer.page);
};

/**
 * The same door for the signed-in shopper's resource routes (routes/api/shopper-api.ts): an API answers
 * a guest 401 in the one action-failure shape, with the route's own words (GUEST_ANSWERS), never a
 * redirect to a page.
 */
export const shopperApi: MiddlewareFunction<Response> = async ({ request, context }) => {
  const user = await getSessionUser(request, context);
  if (!user) {
    const answer = GUEST_ANSWERS[new URL(request.url).pathname];
    throw actionFailure(answer?.post ?? new Unauthorized());
  }
  context.set(shopperContext, user);
};

/** The shopper the signed-in area's door let in (routes under the shopper area only). */
export function shopperOf(context: ShopContext): SessionUser {
  const user = context.get(shopperContext);
  if (!user) throw new Error('shopperOf() outside the signed-in area, or where guests see a sign-in screen');
  return user;
}

/** On a page that shows guests its own sign-in screen (GUEST_ANSWERS): the shopper, or null for a guest. */
export function shopperOrGuestOf(context: ShopContext): SessionUser | null {
  return context.get(shopperContext);
}

/**
 * A public screen with one form that needs a signed-in shopper (a product page's review): a guest is
 * sent to /login and brought back.
 */
export async function requireUser(request: Request, context: ShopContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (user) return user;
  throw redirect(loginPath(request));
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
  if (actor && user && needsTwoFactorSetUp(user)) {
    // No admin page, and no admin form, before two-factor sign-in is on (issue 52 §1).
    if (!isPage(request)) throw actionFailure(new Forbidden(TWO_FACTOR.required, TWO_FACTOR.requiredTitle));
    throw redirect(`${TWO_FACTOR_SETUP_PATH}?redirectTo=${encodeURIComponent(returnPath(request))}`);
  }
  if (actor?.role === 'staff') return staffThrough(request, context, actor);
  if (actor) return actor;
  if (!isPage(request)) {
    throw actionFailure(
      user
        ? new Forbidden(ADMIN_ACCESS_DENIED.notAdmin, ADMIN_ACCESS_DENIED.title)
        : new Unauthorized(ADMIN_ACCESS_DENIED.signedOut, ADMIN_ACCESS_DENIED.title),
    );
  }
  if (!user) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(returnPath(request))}`);
  const toast = DENIED_TOASTS[new URL(request.url).pathname];
  if (toast) throw await redirectWithToast(context, '/admin/login?denied=1', toast);
  throw redirect('/admin/login?denied=1');
}

/**
 * Staff pass where core/roles.ts's STAFF_SCREENS lets them, and no further: an owner's page sends them to
 * the orders (the dashboard quietly, any other with STAFF_REFUSED), an owner's form is refused 403.
 */
async function staffThrough(request: Request, context: ShopContext, actor: AdminActor): Promise<AdminActor> {
  // A data request (`/admin/orders.data`) is the page it asks for.
  const path = new URL(request.url).pathname.replace(/\.data$/, '').replace(/\/$/, '') || '/';
  if (isPage(request)) {
    if (staffMayOpen(path)) return actor;
    if (path === '/admin') throw redirect(STAFF_HOME);
    throw await redirectWithToast(context, STAFF_HOME, {
      type: 'error',
      title: STAFF_REFUSED.title,
      description: STAFF_REFUSED.message,
    });
  }
  const form = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  if (staffMayPost(path, form)) return actor;
  throw actionFailure(new Forbidden(STAFF_REFUSED.message, STAFF_REFUSED.title));
}

/** Where an account sets up (or turns off) two-factor sign-in: routes/account-two-factor.tsx. */
export const TWO_FACTOR_SETUP_PATH = '/account/two-factor';

const adminContext = createContext<AdminActor>();

/**
 * The admin area's door, the admin layout's middleware (routes/admin/admin-layout.tsx): every request
 * for a route under it passes here before any loader or action runs, so no admin route can be left
 * unguarded. It hands the admin on: adminOf().
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
  return actionFailure(new NotSupported('This screen takes no form.', 'Not allowed'));
}
