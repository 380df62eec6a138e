import { createContext, redirect, type MiddlewareFunction } from 'react-router';
import { Unauthorized, NotFound, type DomainError } from '#core/errors';
import { FARM_REFUSALS, farmAccess, requireOwner, type FarmAccess } from '#core/farm/farms';
import { parseRowId } from '#core/ids';
import { shop } from '../context';
import { actionFailure, errorResponse } from '../errors.server';
import { redirectWithToast } from '../toast.server';
import { getSessionUser, type SessionUser } from './session.server';

/*
 * The farm book's doors (issue 50 §1), three in a row as its routes nest (app/routes.ts):
 *   farmArea   /farm/**             anyone signed in (a guest is sent to /login and brought back);
 *   farmDoor   /farm/:farmId/**     the farm's owner or one of its workers (anyone else: 404, as if
 *                                   there were no such farm);
 *   ownerDoor  the money pages      the owner only (a worker: 403).
 * A page is answered with the route's error boundary; a post or the phone's sync with the one
 * action-failure shape.
 */

export const FARM_GUEST = {
  title: 'Sign In Required',
  message: 'Please log in to keep your farm book.',
} as const;

const farmerContext = createContext<SessionUser | null>(null);
const farmContext = createContext<FarmAccess | null>(null);

function isPage(request: Request): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

/**
 * A refusal, for the door to throw: a page's error boundary shows it; a post or the phone's sync reads
 * the action shape. Both are React Router's `data()` with the error's status, which a middleware throws
 * as a loader or an action would (farmArea throws actionFailure the same way).
 */
function refused(
  request: Request,
  error: DomainError,
): ReturnType<typeof errorResponse> | ReturnType<typeof actionFailure> {
  return isPage(request) && !new URL(request.url).pathname.startsWith('/api/')
    ? errorResponse(error)
    : actionFailure(error);
}

export const farmArea: MiddlewareFunction<Response> = async ({ request, context }) => {
  const user = await getSessionUser(request, context);
  if (user) {
    context.set(farmerContext, user);
    return;
  }
  const url = new URL(request.url);
  if (!isPage(request) || url.pathname.startsWith('/api/'))
    throw actionFailure(new Unauthorized(FARM_GUEST.message, FARM_GUEST.title));
  const login = `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
  if (url.pathname === '/farm') throw redirect(login);
  throw await redirectWithToast(context, login, {
    type: 'error',
    title: FARM_GUEST.title,
    description: FARM_GUEST.message,
  });
};

export const farmDoor: MiddlewareFunction<Response> = async ({ request, params, context }) => {
  const user = farmerOf(context);
  const farmId = parseRowId(params.farmId);
  const access = farmId === null ? null : await farmAccess(shop(context).services.db, user.id, farmId);
  if (!access) throw refused(request, new NotFound(FARM_REFUSALS.notFound, FARM_REFUSALS.title));
  context.set(farmContext, access);
};

export const ownerDoor: MiddlewareFunction<Response> = async ({ request, context }) => {
  try {
    requireOwner(farmOf(context));
  } catch (error) {
    throw refused(request, error as DomainError);
  }
};

/** The signed-in user the farm area's door let in. */
export function farmerOf(context: Parameters<typeof shop>[0]): SessionUser {
  const user = context.get(farmerContext);
  if (!user) throw new Error('farmerOf() outside the farm area');
  return user;
}

/** The farm, and whether its owner or a worker is looking: what the farm's door let in. */
export function farmOf(context: Parameters<typeof shop>[0]): FarmAccess {
  const access = context.get(farmContext);
  if (!access) throw new Error("farmOf() outside a farm's pages");
  return access;
}
