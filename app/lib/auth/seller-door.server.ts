import { createContext, redirect, type MiddlewareFunction } from 'react-router';
import { Forbidden, Unauthorized, type DomainError } from '#core/errors';
import { SELLER_AREA } from '#core/sellers/rules';
import { activeSellerOf, type Seller } from '#core/sellers/service';
import { shop } from '../context';
import { actionFailure, errorResponse } from '../errors.server';
import { getSessionUser, type SessionUser } from './session.server';

/*
 * The seller's area's door (issue 51 §6): /seller/** for an approved or suspended seller (a suspended one
 * still sees what they brought, sold and are owed). A guest is sent to /login and back; a signed-in
 * person who is no seller is refused (403). Every page under it shows only the seller's own rows: there is
 * no seller id in its addresses to change.
 */

const sellerContext = createContext<{ user: SessionUser; seller: Seller } | null>(null);

const isPage = (request: Request) => request.method === 'GET' || request.method === 'HEAD';

function refused(request: Request, error: DomainError) {
  return isPage(request) ? errorResponse(error) : actionFailure(error);
}

export const sellerDoor: MiddlewareFunction<Response> = async ({ request, context }) => {
  const user = await getSessionUser(request, context);
  if (!user) {
    if (!isPage(request)) throw actionFailure(new Unauthorized(SELLER_AREA.guest, SELLER_AREA.title));
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const seller = await activeSellerOf(shop(context).services.db, user.id);
  if (!seller || (seller.status !== 'approved' && seller.status !== 'suspended'))
    throw refused(request, new Forbidden(SELLER_AREA.notSeller, SELLER_AREA.title));
  context.set(sellerContext, { user, seller });
};

/** The seller the door let in, and their account. */
export function sellerOf(context: Parameters<typeof shop>[0]): { user: SessionUser; seller: Seller } {
  const found = context.get(sellerContext);
  if (!found) throw new Error("sellerOf() outside the seller's area");
  return found;
}
