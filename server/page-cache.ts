import { brotliCompress, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { pickEncoding } from './accept-encoding';
import { hasSessionCookie, hasToastCookie, keptStylesheet } from './cookies';
import { wantsDataSaver } from '../core/data-saver';
import type { ViewerKind } from '../core/roles';
import { OFFLINE_COPY_HEADER } from '../sw/rules';

/**
 * A short-lived, in-process cache of whole catalogue pages (docs/decisions/006 and 021).
 *
 * Pages are kept per kind of visitor — guest, signed-in shopper, admin — whose pages differ only in the
 * header's links. Guests get pages that declare themselves shareable (`Cache-Control: public`, which
 * catalogue routes set only for visitors without cookies). Signed-in visitors get pages whose loaders
 * declared they read nothing of the visitor but their kind (`sharedCatalogueHeaders`); the session is
 * looked up first, on the load context the page would render with, so the kind is the one the page
 * shows. A request with a pending toast is never answered from it, and nothing with a Set-Cookie is
 * stored or replayed. A stored page is kept gzipped and replayed with the CSP nonce it was rendered
 * with (the header is rewritten to match), so a hit costs a write. A page asked for again is also
 * compressed once with Brotli at its best (on the thread pool, never holding a request up), and later
 * hits go out in that: about a fifth fewer bytes than the gzip a render streams, which on 2G is most of
 * what a repeat visit costs (issue 34).
 */
export interface PageCacheOptions {
  /** A page is fresh this long, then may be served three times as long while one request renders it afresh. */
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  /** Who asks, for a request with a session cookie (without one it is a guest). */
  viewerOf?: (req: Request, res: Response) => Promise<ViewerKind>;
  /**
   * What the page just rendered said of itself: the same for every signed-in visitor of its kind, and
   * whether part of it failed (a streamed part whose data could not be read still leaves a 200).
   */
  renderedPage?: (req: Request, res: Response) => { sharedWithSignedIn: boolean; failed: boolean };
}

interface Entry {
  body: Buffer;
  gzipped: Buffer;
  /** Compressed at a hit, for the hits after it. */
  brotli?: Buffer;
  nonce: string;
  contentType: string;
  cacheControl: string;
  vary: string | undefined;
  /** Whether the phone may keep a copy (sw/rules.ts): replayed as the page said it. */
  offlineCopy: string | undefined;
  expires: number;
  staleUntil: number;
  /** A request is rendering this page afresh; others get the stale copy meanwhile. */
  refreshing: boolean;
  bytes: number;
}

/**
 * Whether a page rendered for a signed-in visitor may be stored for every visitor of their kind: its
 * route declared it shared (`sharedCatalogueHeaders`), and nothing read who the visitor is
 * (app/lib/auth/session.server.ts marks every read of the user). A loader on a shared page that reads the user
 * makes that page personal again, so it can never be served to another shopper (docs/decisions/021).
 */
export function isSharedPage(requestState: {
  sharedWithSignedIn?: boolean;
  readsVisitor?: boolean;
}): boolean {
  return requestState.sharedWithSignedIn === true && requestState.readsVisitor !== true;
}

/**
 * Brotli for a stored page: the best quality, with a 256 KB window (a page fits in it; the 4 MB default
 * only costs memory). ~80 ms of one thread-pool thread for a 90 KB catalogue page, once a minute at most.
 */
const BROTLI_FOR_KEEPS = {
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
    [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
  },
};

/**
 * A page as it is kept: plain, and gzipped. Pages the app gzips itself arrive here gzipped (decision 031);
 * any other arrives plain (the compression middleware compresses what it is given after this sees it).
 * A body that looks gzipped but does not decode is not kept.
 */
function bothForms(sent: Buffer): { body: Buffer; gzipped: Buffer } | undefined {
  if (sent[0] !== 0x1f || sent[1] !== 0x8b) return { body: sent, gzipped: gzipSync(sent) };
  try {
    return { body: gunzipSync(sent), gzipped: sent };
  } catch {
    return undefined;
  }
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

  const trim = () => {
    // Oldest first out (a Map keeps insertion order).
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
      remove(oldest);
    }
  };

  const store = (key: string, entry: Entry) => {
    remove(key);
    if (entry.bytes > options.maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    trim();
  };

  /**
   * Compresses a stored page with Brotli for the hits after this one (a page asked for once never is).
   * One page at a time: the thread pool is shared with file reads and every other compression, and a
   * crawler asking for many addresses twice must not fill it. A page skipped now is done at a later hit.
   */
  let compressing = false;
  const compressForLater = (key: string, entry: Entry) => {
    if (entry.brotli || compressing) return;
    compressing = true;
    brotliCompress(entry.body, BROTLI_FOR_KEEPS, (error, compressed) => {
      compressing = false;
      // Gone or replaced meanwhile: nothing to add to.
      if (error || entries.get(key) !== entry) return;
      entry.brotli = compressed;
      entry.bytes += compressed.length;
      bytes += compressed.length;
      trim();
    });
  };

  const replay = (
    req: { headers: Record<string, string | string[] | undefined> },
    res: Response,
    key: string,
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
    const encoding = pickEncoding(req.headers['accept-encoding'], entry.brotli ? ['br', 'gzip'] : ['gzip']);
    const body = encoding === 'br' ? entry.brotli! : encoding === 'gzip' ? entry.gzipped : entry.body;
    res.status(200);
    res.setHeader('Content-Type', entry.contentType);
    res.setHeader('Cache-Control', entry.cacheControl);
    res.setHeader('Vary', entry.vary ? `${entry.vary}, Accept-Encoding` : 'Accept-Encoding');
    if (entry.offlineCopy) res.setHeader(OFFLINE_COPY_HEADER, entry.offlineCopy);
    // Set before the body, so the compression middleware leaves it alone.
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.setHeader('X-Cache', 'HIT');
    res.end(headOnly ? undefined : body);
    compressForLater(key, entry);
  };

  const viewerOf = async (req: Request, res: Response): Promise<ViewerKind | null> => {
    const cookie = req.headers.cookie;
    if (hasToastCookie(cookie)) return null;
    if (!hasSessionCookie(cookie)) return 'guest';
    // Only pages are shared: not data for client navigations, nor the API; and never admin screens,
    // which look their admin up in the database themselves.
    if (!options.viewerOf || req.path.endsWith('.data') || /^\/(admin|api|__manifest)(\/|$)/i.test(req.path))
      return null;
    const viewer = await options.viewerOf(req, res);
    // The lookup renewed or cleared the session's cookies: this answer is the visitor's own.
    return res.getHeader('Set-Cookie') === undefined ? viewer : null;
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    viewerOf(req, res)
      .then(
        (viewer) => (viewer ? answer(req, res, next, viewer) : next()),
        // The session could not be read (the database is away): the page itself answers as it would
        // have (it reads the same failed lookup from its load context), with its 503 and error page.
        () => next(),
      )
      .catch(next);
  };

  const answer = (req: Request, res: Response, next: (error?: unknown) => void, viewer: ViewerKind) => {
    // A page that links the stylesheet the phone holds is kept apart from one that inlines it, and a
    // page drawn for data saving (smallest pictures) from one that is not.
    const saver = wantsDataSaver(req.headers.cookie, req.get('save-data')) ? 'saver' : '';
    const key = `${viewer} ${keptStylesheet(req.headers.cookie)} ${saver} ${req.originalUrl}`;
    const cached = entries.get(key);
    const now = Date.now();
    if (cached && cached.expires > now) return replay(req, res, key, cached, req.method === 'HEAD');
    // Stale: one request renders the page again; the others meanwhile get what is stored, so an
    // expiring page never sends every waiting visitor to the renderer at once.
    if (cached && cached.staleUntil > now && (cached.refreshing || req.method === 'HEAD')) {
      return replay(req, res, key, cached, req.method === 'HEAD');
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
      const rendered = options.renderedPage?.(req, res) ?? { sharedWithSignedIn: false, failed: false };
      const shareable =
        res.statusCode === 200 &&
        !overflow &&
        !rendered.failed &&
        (viewer === 'guest' ? /(^|,\s*)public(,|$)/.test(cacheControl) : rendered.sharedWithSignedIn) &&
        contentType.startsWith('text/html') &&
        res.getHeader('Set-Cookie') === undefined;
      const forms = shareable ? bothForms(Buffer.concat(chunks)) : undefined;
      if (forms) {
        const { body, gzipped } = forms;
        store(key, {
          body,
          gzipped,
          nonce: res.locals.cspNonce as string,
          contentType,
          cacheControl,
          vary: res.getHeader('Vary')?.toString(),
          offlineCopy: res.getHeader(OFFLINE_COPY_HEADER)?.toString(),
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
