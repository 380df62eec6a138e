import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import { errorPageHtml } from './error-page';
import expressStaticGzip from 'express-static-gzip';
import express, {
  type ErrorRequestHandler,
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { RouterContextProvider, ServerBuild } from 'react-router';
import type { ShopRequest } from './request-context';
import { fromNodeHeaders, toNodeHandler } from 'better-auth/node';
import { CLIENT_IP_HEADER, isBrowserAuthEndpoint } from '../core/accounts/auth';
import { isAdmin, type ViewerKind } from '../core/roles';
import { isDatabaseUnavailable } from '../db/errors';
import { createPageCache, isSharedPage } from './page-cache';
import { privateResponsesForSignedIn } from './private-responses';
import { loggedUrl } from './logged-url';
import { createPageHandler, fetchRequestFor } from './react-router-handler';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_TEXT } from './unavailable';
import { bufferedBody, readBoundedBody } from './request-body';
import { mediaDirectory, type Services } from './services';
import {
  MAX_UPLOAD_BYTES,
  PRODUCT_IMAGE_UPLOAD_PATH,
  UPLOAD_FORM_OVERHEAD_BYTES,
} from '../core/media/images';
import { LOCAL_MEDIA_PATH } from '../core/media/storage';
import { CLAIM_PHOTO_PATH, mayUploadClaimPhoto } from '../core/orders/claims';
import { containsNul, hasNul, NUL_REFUSED } from '../core/text';

export interface AppOptions {
  mode: 'production' | 'development';
  /** Production: the React Router build (`build/server/index.js`) and its client assets. */
  build?: ServerBuild;
  clientDir?: string;
  /** Set while the process shuts down, so /readyz turns the load balancer away. */
  isShuttingDown?: () => boolean;
}

/** Whether a request to Better Auth carries a NUL: in its address (decoded) or anywhere in its body. */
function authInputHasNul(req: Request): boolean {
  let address = req.originalUrl;
  try {
    address = decodeURIComponent(address);
  } catch {
    // A malformed escape: Better Auth refuses the address itself.
  }
  if (hasNul(address)) return true;
  const body = bufferedBody(req).toString('utf8');
  if (hasNul(body)) return true;
  if (req.is('application/x-www-form-urlencoded')) return containsNul([...new URLSearchParams(body)]);
  try {
    return containsNul(JSON.parse(body));
  } catch {
    return false;
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * The headers a file sent before the page middleware carries: no sniffing, not for other sites, and
 * for an SVG opened on its own, a policy under which it runs nothing.
 */
function fileHeaders(res: Response, filePath: string) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  if (/\.svg$/i.test(filePath))
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
}

/**
 * The shop's Express app. The middleware in the order a request meets it: built files and uploaded
 * pictures (with only a file's headers), the request's identity and log, compression, security headers,
 * the same-origin check, health, the bounded body (and its uploads gate), Better Auth's few browser
 * paths, then the pages (through the page cache) and the error page.
 */
export async function createApp(services: Services, options: AppOptions) {
  const { env } = services;
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is believed only behind a proxy the operator names (TRUST_PROXY).
  app.set('trust proxy', parseTrustProxy(env.TRUST_PROXY));

  if (options.mode !== 'development' && options.clientDir) serveBuiltFiles(app, options.clientDir);
  app.use(LOCAL_MEDIA_PATH, uploadedPictures(env));
  app.use(requestIdentity);
  app.use(requestLog(services.logger));
  app.use(streamedCompression());
  app.use(securityHeaders(env, options.mode));
  app.use(sameOriginWrites(env));
  app.use(healthChecks(services, options));
  app.use(boundedBodies(services));
  app.use(privateResponsesForSignedIn());
  app.all('/api/auth/{*path}', ...betterAuthForBrowsers(services));
  await servePages(app, services, options);
  app.use(errorHandler);
  return app;
}

/**
 * Built scripts and styles, first: content-hashed, compressed once at build (scripts/precompress.mjs),
 * and sent with only the headers a script needs. The page headers below (its CSP alone is ~700 bytes)
 * would cost a 2G phone a kilobyte per file (decision 047). Then the service worker and public files.
 */
function serveBuiltFiles(app: Express, clientDir: string) {
  const assets = expressStaticGzip(path.join(clientDir, 'assets'), {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    serveStatic: {
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
      setHeaders: (res) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      },
    },
  });
  app.use('/assets', assets);
  // The service worker (decision 048): compressed at build like the scripts, and asked for afresh
  // on every check, so a new build reaches phones at their next visit.
  const worker = expressStaticGzip(clientDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      cacheControl: false,
      fallthrough: false,
      setHeaders: (res) => {
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Content-Security-Policy', "default-src 'self'");
      },
    },
  });
  app.get('/sw.js', worker);
  // Public files (pictures, the favicon, the manifest): all have an extension, pages never do, so
  // that is checked first. Sent like the scripts, with only the headers a file needs; a picture
  // with the page's headers cost ~1 KB more, and a catalogue page shows six or more of them.
  const publicFiles = express.static(clientDir, {
    maxAge: '1d',
    index: false,
    setHeaders: fileHeaders,
  });
  app.use((req, res, next) =>
    path.extname(req.path) && !/\.html?$/i.test(req.path) ? publicFiles(req, res, next) : next(),
  );
}

/** Uploaded pictures (core/media): content-hashed names, so they never change. A file's headers only. */
function uploadedPictures(env: Services['env']) {
  return express.static(mediaDirectory(env), {
    immutable: true,
    maxAge: '1y',
    index: false,
    fallthrough: false,
    setHeaders: fileHeaders,
  });
}

/** The request's client address and its page's CSP nonce. */
function requestIdentity(req: Request, res: Response, next: NextFunction) {
  // The client address Better Auth rate-limits on: always ours, never what the client sent.
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

/** One JSON line per request, with its id (X-Request-Id) and a URL without a mailed link's token. */
function requestLog(logger: Services['logger']) {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url?.startsWith('/assets/') === true },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: loggedUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}

/**
 * Answers are compressed as they stream. Browsers accept Brotli, whose defaults (quality 11, 4 MB
 * window) cost far too much CPU and memory per answer: quality 4 with a 256 KB window is about as
 * fast as gzip and still smaller. gzip level 3: half the CPU of the default for ~10% more bytes.
 * Pages come gzipped already to clients that take gzip (entry.server.tsx, decision 031), and the
 * middleware leaves them alone; it still compresses pages for the rare client that takes only Brotli.
 */
function streamedCompression() {
  return compression({
    level: 3,
    brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
  });
}

/** The page's security headers: the CSP (scripts by nonce, Paystack's checkout), HSTS over HTTPS. */
function securityHeaders(env: Services['env'], mode: AppOptions['mode']) {
  const https = env.PUBLIC_URL.startsWith('https://');
  return helmet({
    contentSecurityPolicy:
      mode === 'development'
        ? false
        : {
            useDefaults: true,
            directives: {
              'default-src': ["'self'"],
              // Paystack's inline checkout script, and our own scripts by nonce.
              'script-src': [
                "'self'",
                (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
                'https://js.paystack.co',
              ],
              'style-src': ["'self'", "'unsafe-inline'", 'https://paystack.com'],
              'img-src': ["'self'", 'data:', 'blob:', 'https:'],
              'font-src': ["'self'", 'data:'],
              'connect-src': ["'self'", 'https://api.paystack.co'],
              'frame-src': ["'self'", 'https://checkout.paystack.com', 'https://*.paystack.co'],
              'form-action': ["'self'", 'https://checkout.paystack.com'],
              'upgrade-insecure-requests': https ? [] : null,
            },
          },
    crossOriginEmbedderPolicy: false,
    // Headers for browsers no buyer has (IE 8's downloads, Flash's cross-domain files), and one that
    // stops the browser looking up Paystack's address ahead of Pay: ~100 bytes on every page over 2G.
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: https,
  });
}

/**
 * Our forms post to our own actions: a state-changing request from another site is refused
 * (Better Auth checks its own endpoints; payment webhooks come from the provider, signed).
 */
function sameOriginWrites(env: Services['env']) {
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || req.path.startsWith('/api/webhooks/'))
      return next();
    const origin = req.headers.origin;
    const crossSite = req.headers['sec-fetch-site'] === 'cross-site';
    const foreignOrigin =
      origin !== undefined &&
      origin !== publicOrigin &&
      origin !== `${req.protocol}://${req.headers.host ?? ''}`;
    if (crossSite || foreignOrigin) {
      res.status(403).type('text/plain').send('Cross-site requests are not allowed.');
      return;
    }
    next();
  };
}

/** /healthz (the process answers), /readyz (and its database does, unless shutting down), /__manifest. */
function healthChecks(services: Services, options: AppOptions) {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (options.isShuttingDown?.()) {
      res.status(503).json({ status: 'shutting down' });
      return;
    }
    try {
      await withTimeout(services.database.ping(), 2000);
      res.json({ status: 'ready', database: services.database.kind });
    } catch {
      res.status(503).json({ status: 'unavailable', database: services.database.kind });
    }
  });

  // Every route is known to the browser from the start (react-router.config.ts). A tab still running an
  // older build, which discovered routes lazily, asks for /__manifest when a new link appears: it is
  // answered as React Router answers a tab of an older build (reload the document), not with a 404.
  router.get('/__manifest', (_req, res) => {
    res.status(204).set('X-Remix-Reload-Document', 'true').end();
  });
  return router;
}

/**
 * Every body is read here, within one limit, before Better Auth, the webhook or any page action sees it;
 * only an administrator may send a product picture's 5 MB, and only an order's owner a claim's photo.
 */
function boundedBodies(services: Services) {
  return readBoundedBody({
    routes: {
      [PRODUCT_IMAGE_UPLOAD_PATH]: {
        limit: MAX_UPLOAD_BYTES + UPLOAD_FORM_OVERHEAD_BYTES,
        // An administrator as the database has them now: nobody else may make the shop hold 5 MB.
        allowed: async (req) => {
          const found = await services.auth.api.getSession({
            headers: fromNodeHeaders(req.headers),
            query: { disableCookieCache: true, disableRefresh: true },
          });
          return isAdmin(found ? { role: found.user.role ?? null } : null);
        },
      },
    },
    patterns: [
      {
        // A buyer's freshness claim with its photo (the order page's form): only the order's owner,
        // while the order is delivered and paid, may send a picture's 5 MB.
        path: CLAIM_PHOTO_PATH,
        body: {
          limit: MAX_UPLOAD_BYTES + UPLOAD_FORM_OVERHEAD_BYTES,
          allowed: async (req) => {
            const found = await services.auth.api.getSession({
              headers: fromNodeHeaders(req.headers),
              query: { disableCookieCache: true, disableRefresh: true },
            });
            const orderId = CLAIM_PHOTO_PATH.exec(req.path)?.[1];
            return !!found && !!orderId && mayUploadClaimPhoto(services.database.db, found.user.id, orderId);
          },
        },
      },
    ],
  });
}

/**
 * Better Auth answers a browser only on the few paths our e-mails and sign-in providers send it to
 * (isBrowserAuthEndpoint); everything else there, its admin API included, is not found. Our forms call
 * the rest on the server, through app/lib/auth/gateway.server.ts.
 */
function betterAuthForBrowsers(services: Services): RequestHandler[] {
  const browserPathsOnly: RequestHandler = (req, _res, next) => {
    // The address as it came (req.path has been through Express's own reading of it).
    const asSent = req.originalUrl.split('?')[0]!;
    if (
      asSent.startsWith('/api/auth/') &&
      isBrowserAuthEndpoint(req.method, asSent.slice('/api/auth'.length))
    )
      return next();
    next(Object.assign(new Error('not a browser endpoint of Better Auth'), { status: 404 }));
  };
  // A NUL in its input would reach PostgreSQL, which refuses it in text (core/text.ts): refused here
  // with the forms' words.
  const nulRefused: RequestHandler = (req, res, next) => {
    if (!authInputHasNul(req)) return next();
    res.status(400).json({ message: NUL_REFUSED, code: 'INVALID_CHARACTER' });
  };
  return [browserPathsOnly, nulRefused, toNodeHandler(services.auth)];
}

/** The pages: React Router (Vite's in development), behind the page cache in production. */
async function servePages(app: Express, services: Services, options: AppOptions) {
  const { env } = services;
  // One per request: the page cache asks who the visitor is on it before React Router renders with it.
  const shopRequestOf = (req: Request, res: Response): ShopRequest =>
    ((res.locals.shopRequest as ShopRequest | undefined) ??= {
      services,
      cspNonce: res.locals.cspNonce as string,
      clientIp: req.headers[CLIENT_IP_HEADER] as string,
      // React Router's adapter appends the route's own headers, so these are kept alongside them.
      // A lookup after the headers went out (a streamed, deferred loader) cannot set cookies any more.
      appendSetCookie: (cookie: string) => {
        if (!res.headersSent) res.append('Set-Cookie', cookie);
      },
      requestState: { databaseUnavailable: false },
    });
  // The router's context is made by the build's own entry (its context keys are the build's objects).
  const contextFor = (build: ServerBuild) => {
    const { requestContext } = shopEntry(build);
    return (req: Request, res: Response): RouterContextProvider =>
      ((res.locals.routerContext as RouterContextProvider | undefined) ??= requestContext(
        shopRequestOf(req, res),
      ));
  };
  const requestStateOf = (req: Request, res: Response) => shopRequestOf(req, res).requestState;

  if (options.mode === 'development') {
    const vite = await import('vite').then((m) =>
      m.createServer({ server: { middlewareMode: true }, appType: 'custom' }),
    );
    app.use(vite.middlewares);
    app.all('/{*path}', async (req, res, next) => {
      try {
        const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
        await createPageHandler({
          build,
          mode: 'development',
          getLoadContext: contextFor(build),
          requestStateOf,
        })(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    if (!options.build || !options.clientDir) throw new Error('A production app needs its build');
    const getLoadContext = contextFor(options.build);
    if (env.PAGE_CACHE_SECONDS > 0) {
      const { pageViewer } = shopEntry(options.build);
      app.use(
        createPageCache({
          ttlMs: env.PAGE_CACHE_SECONDS * 1000,
          maxEntries: 500,
          maxBytes: 32 * 1024 * 1024,
          viewerOf: (req, res) => pageViewer(fetchRequestFor(req, res), getLoadContext(req, res)),
          renderedPage: (req, res) => {
            const requestState = requestStateOf(req, res);
            return {
              sharedWithSignedIn: isSharedPage(requestState),
              failed: requestState.databaseUnavailable,
            };
          },
        }).middleware,
      );
    }
    app.all(
      '/{*path}',
      createPageHandler({ build: options.build, mode: 'production', getLoadContext, requestStateOf }),
    );
  }
}

/** Plain text for programs; the shop's own small page for a browser (it asks for HTML first). */
function sendError(req: Request, res: Response, status: number, title: string, message: string) {
  res.status(status);
  if (req.accepts(['text/plain', 'html']) === 'html') res.type('html').send(errorPageHtml(title, message));
  else res.type('text/plain').send(status >= 500 || status === 503 ? message : title);
}

const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (isDatabaseUnavailable(error)) {
    req.log?.warn({ err: error }, 'database unavailable');
    if (!res.headersSent) {
      res.set('Retry-After', String(RETRY_AFTER_SECONDS));
      sendError(req, res, 503, 'One moment', UNAVAILABLE_TEXT);
    }
    return;
  }
  const status =
    typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status >= 500) req.log?.error({ err: error }, 'request failed');
  if (res.headersSent) return;
  if (status === 404)
    sendError(req, res, 404, 'Not found', 'The page you are looking for has moved or never existed.');
  else if (status < 500) sendError(req, res, status, 'Bad request', 'The shop could not read this request.');
  else sendError(req, res, 500, 'Something went wrong', 'Something went wrong. Please try again.');
};

/** What the server asks of the build's entry (app/entry.server.tsx) beside rendering. */
interface ShopEntry {
  requestContext(request: ShopRequest): RouterContextProvider;
  pageViewer(request: globalThis.Request, context: RouterContextProvider): Promise<ViewerKind>;
}

function shopEntry(build: ServerBuild): ShopEntry {
  const entry = build.entry.module as unknown as Partial<ShopEntry>;
  if (typeof entry.requestContext !== 'function' || typeof entry.pageViewer !== 'function')
    throw new Error(
      'The build has no requestContext or pageViewer in app/entry.server.tsx: rebuild it (npm run build)',
    );
  return entry as ShopEntry;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
