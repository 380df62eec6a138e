import { gzipSync } from 'node:zlib';
import type { RequestHandler, Response } from 'express';
import { hasPersonalCookie } from '../core/accounts/cookies';

/**
 * A short-lived, in-process cache of whole pages for guests (docs/decisions/006).
 *
 * Only pages that declare themselves shareable (`Cache-Control: public`, which catalogue routes set
 * only for visitors without cookies) are stored; only requests without a session or toast cookie are
 * answered from it; nothing with a Set-Cookie is stored. A stored page is kept gzipped and replayed
 * with the CSP nonce it was rendered with (the header is rewritten to match), so a hit costs a write.
 */
export interface PageCacheOptions {
  /** A page is fresh this long, then may be served three times as long while one request renders it afresh. */
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
}

interface Entry {
  body: Buffer;
  gzipped: Buffer;
  nonce: string;
  contentType: string;
  cacheControl: string;
  vary: string | undefined;
  expires: number;
  staleUntil: number;
  /** A request is rendering this page afresh; others get the stale copy meanwhile. */
  refreshing: boolean;
  bytes: number;
}

export function createPageCache(options: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };

  const store = (key: string, entry: Entry) => {
    remove(key);
    if (entry.bytes > options.maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    // Oldest first out (a Map keeps insertion order).
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
      remove(oldest);
    }
  };

  const replay = (
    req: { headers: Record<string, string | string[] | undefined> },
    res: Response,
    entry: Entry,
    headOnly: boolean,
  ) => {
    const csp = res.getHeader('Content-Security-Policy');
    if (typeof csp === 'string') {
      res.setHeader(
        'Content-Security-Policy',
        csp.replace(`'nonce-${res.locals.cspNonce}'`, `'nonce-${entry.nonce}'`),
      );
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? entry.gzipped : entry.body;
    res.status(200);
    res.setHeader('Content-Type', entry.contentType);
    res.setHeader('Cache-Control', entry.cacheControl);
    res.setHeader('Vary', entry.vary ? `${entry.vary}, Accept-Encoding` : 'Accept-Encoding');
    // Set before the body, so the compression middleware leaves it alone.
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', body.length);
    res.setHeader('X-Cache', 'HIT');
    res.end(headOnly ? undefined : body);
  };

  const middleware: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || hasPersonalCookie(req.headers.cookie))
      return next();
    const key = req.originalUrl;
    const cached = entries.get(key);
    const now = Date.now();
    if (cached && cached.expires > now) return replay(req, res, cached, req.method === 'HEAD');
    // Stale: one request renders the page again; the others meanwhile get what is stored, so an
    // expiring page never sends every waiting visitor to the renderer at once.
    if (cached && cached.staleUntil > now && (cached.refreshing || req.method === 'HEAD')) {
      return replay(req, res, cached, req.method === 'HEAD');
    }
    if (cached && cached.staleUntil > now) {
      cached.refreshing = true;
      res.once('close', () => (cached.refreshing = false));
    } else if (cached) {
      remove(key);
    }
    if (req.method === 'HEAD') return next();

    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      size += buffer.length;
      if (size > options.maxBytes / 4) overflow = true;
      else chunks.push(buffer);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const cacheControl = String(res.getHeader('Cache-Control') ?? '');
      const contentType = String(res.getHeader('Content-Type') ?? '');
      const shareable =
        res.statusCode === 200 &&
        !overflow &&
        /(^|,\s*)public(,|$)/.test(cacheControl) &&
        contentType.startsWith('text/html') &&
        res.getHeader('Set-Cookie') === undefined;
      if (shareable) {
        const body = Buffer.concat(chunks);
        const gzipped = gzipSync(body);
        store(key, {
          body,
          gzipped,
          nonce: res.locals.cspNonce as string,
          contentType,
          cacheControl,
          vary: res.getHeader('Vary')?.toString(),
          expires: Date.now() + options.ttlMs,
          staleUntil: Date.now() + options.ttlMs * 4,
          refreshing: false,
          bytes: body.length + gzipped.length,
        });
      }
      return end(chunk, ...rest);
    }) as Response['end'];
    if (!res.headersSent) res.setHeader('X-Cache', 'MISS');
    next();
  };

  return { middleware };
}
