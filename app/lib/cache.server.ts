import { hasPersonalCookie } from '#server/cookies';
import { OFFLINE_COPY_HEADER, OFFLINE_COPY_THIS_VISIT, OFFLINE_COPY_VALUE } from '#sw/rules';
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

export function catalogueHeaders(request: Request): Record<string, string> {
  // Save-Data: a page is drawn with smaller pictures for it (core/data-saver.ts).
  return { 'Cache-Control': catalogueCacheControl(request), Vary: 'Cookie, Save-Data' };
}

/**
 * A catalogue page whose loaders read nothing of the visitor but what kind they are (guest, shopper,
 * admin: the root loader's `user`). The server's page cache may then answer every signed-in shopper
 * with one stored copy, and every admin with another (docs/decisions/021). A loader that reads
 * anything personal (a wishlist, a review right, an order) must use `catalogueHeaders` instead; one
 * that reads the user anyway (getSessionUser, requireUser) makes the page personal again, so the
 * mistake costs speed, never privacy. The visitor's kind comes from `getViewerKind`.
 *
 * The same declaration lets the buyer's own phone keep a copy for when the connection drops (the
 * service worker, sw/rules.ts): kept per browser, and dropped when someone signs in or out there.
 */
export function sharedCatalogueHeaders(request: Request, context: ShopContext): Record<string, string> {
  shop(context).requestState.sharedWithSignedIn = true;
  return { ...catalogueHeaders(request), ...offlineCopyHeaders() };
}

/**
 * For a page with nothing of the visitor in it but their kind that is not a catalogue page (the cart,
 * whose lines live in the browser): the phone may keep it for offline use (sw/rules.ts).
 */
export function offlineCopyHeaders(): Record<string, string> {
  return { [OFFLINE_COPY_HEADER]: OFFLINE_COPY_VALUE };
}

/**
 * A personal page its visitor must be able to open with no signal (a farm's pages at a pond): never
 * stored outside their browser, and kept by their phone for this visit only (sw/rules.ts).
 */
export function thisVisitCopyHeaders(): Record<string, string> {
  return { 'Cache-Control': 'private, no-store', [OFFLINE_COPY_HEADER]: OFFLINE_COPY_THIS_VISIT };
}
