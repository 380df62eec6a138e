import { hasPersonalCookie } from '#server/cookies';
import { shop, type ShopContext } from './context';

/**
 * Catalogue pages may be cached briefly by a CDN for guests (no cookies at all); a page for anyone
 * with a session or a pending toast is never cached outside this server, so it cannot reach another
 * visitor through a shared cache.
 */
export function catalogueCacheControl(request: Request): string {
  return hasPersonalCookie(request.headers.get('Cookie'))
    ? 'private, no-store'
    : 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
}

export function catalogueHeaders(request: Request): HeadersInit {
  return { 'Cache-Control': catalogueCacheControl(request), Vary: 'Cookie' };
}

/**
 * A catalogue page whose loaders read nothing of the visitor but what kind they are (guest, shopper,
 * admin: the root loader's `user`). The server's page cache may then answer every signed-in shopper
 * with one stored copy, and every admin with another (docs/decisions/021). A loader that reads
 * anything personal (a wishlist, a review right, an order) must use `catalogueHeaders` instead; one
 * that reads the user anyway (getSessionUser, requireUser) makes the page personal again, so the
 * mistake costs speed, never privacy. The visitor's kind comes from `getViewerKind`.
 */
export function sharedCatalogueHeaders(request: Request, context: ShopContext): HeadersInit {
  shop(context).requestState.sharedWithSignedIn = true;
  return catalogueHeaders(request);
}
