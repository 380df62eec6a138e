import { hasPersonalCookie } from '#core/accounts/cookies';

/**
 * Catalogue pages may be cached briefly by a CDN for guests (no cookies at all); a page for anyone
 * with a session or a pending toast is never cached, so it cannot reach another visitor.
 */
export function catalogueCacheControl(request: Request): string {
  return hasPersonalCookie(request.headers.get('Cookie'))
    ? 'private, no-store'
    : 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
}

export function catalogueHeaders(request: Request): HeadersInit {
  return { 'Cache-Control': catalogueCacheControl(request), Vary: 'Cookie' };
}
