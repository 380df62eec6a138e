import path from 'node:path';
import type { RequestHandler, Response } from 'express';
import onHeaders from 'on-headers';
import { hasPersonalCookie, hasSessionCookie } from './cookies';

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

function setsSessionCookie(res: Response): boolean {
  const cookies = res.getHeader('Set-Cookie');
  const lines = Array.isArray(cookies) ? cookies : cookies === undefined ? [] : [String(cookies)];
  return lines.some((line) => hasSessionCookie(line));
}

/**
 * Whatever is rendered for a signed-in visitor (a session or a pending toast in the request), and any
 * answer that signs someone in, is theirs alone: `Cache-Control: private, no-store` on every page,
 * data and API response, whatever the route set, so no browser history, proxy or CDN keeps a copy.
 * Static files (the build's assets, pictures) are the same for everyone and keep their own caching.
 */
export function privateResponsesForSignedIn(): RequestHandler {
  return (req, res, next) => {
    const extension = path.extname(req.path);
    const staticFile = req.path.startsWith('/assets/') || (extension !== '' && extension !== '.data');
    if (staticFile) return next();
    const personal = hasPersonalCookie(req.headers.cookie);
    onHeaders(res, function (this: Response) {
      if (personal || setsSessionCookie(this)) this.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
    });
    next();
  };
}
