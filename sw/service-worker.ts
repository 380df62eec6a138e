/// <reference lib="webworker" />
/**
 * The shop's service worker (docs/decisions/048), built by scripts/build-sw.mjs into build/client/sw.js
 * and served at /sw.js. It keeps the scripts of the pages a buyer goes through (precached at install,
 * listed by the build) and any other script once loaded, the pictures a buyer has seen, and the catalogue pages the server marked as shared; with no
 * connection it answers from those, says so on the page, and otherwise shows a page that says plainly
 * what needs a connection. Pages always come from the server first: prices are never older than they
 * must be, and checkout is never answered from the phone.
 */
import { clientsClaim } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  changesWhoIsSignedIn,
  GUEST_PAGES_AT_INSTALL,
  isPageRequest,
  KEPT_AT_HEADER,
  LATE,
  markKeptPage,
  mayKeep,
  OFFLINE_PAGE_CSP,
  offlinePageHtml,
  PAGE_PATIENCE_MS,
  pagesToKeepAtActivation,
  type WorkerMessage,
  withinPatience,
} from './rules';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const manifest = self.__WB_MANIFEST;
/** This build, by its entry script's hash: kept pages name the scripts of the build that made them. */
const BUILD =
  /entry\.client-([\w-]+)\.js$/.exec(manifest.find((e) => /entry\.client/.test(e.url))?.url ?? '')?.[1] ??
  'dev';
const PAGES = `freshcatch-pages-${BUILD}`;
/** Pages kept at install as a guest sees them (the cart, the home page): nobody's, so kept across sign-ins. */
const GUEST_PAGES = `freshcatch-guest-pages-${BUILD}`;
const PICTURES = 'freshcatch-pictures-v1';
const SCRIPTS = 'freshcatch-scripts-v1';
/** Pages kept at most: the latest a buyer opened. */
const MAX_PAGES = 80;
const MAX_PAGE_AGE_SECONDS = 7 * 24 * 60 * 60;

// A new build takes over at once: its scripts are precached before it activates, and a page still
// running the old build reloads itself when it next needs a script it no longer finds (React Router).
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(manifest);

// Other pages' scripts (the account, recipes, the admin area…): kept once loaded. Content-hashed too.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: SCRIPTS,
    plugins: [
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// Pictures: content-hashed (uploads, the seed's artwork), so a kept one never changes.
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' &&
    url.origin === self.location.origin &&
    /^\/(media|images)\//.test(url.pathname),
  new CacheFirst({
    cacheName: PICTURES,
    plugins: [
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

/**
 * Bumped at each sign-in or sign-out: a page still being kept from before one (its body arriving over
 * 2G) is not put back into the pages just dropped.
 */
let visit = 0;

const pageExpiry = new CacheExpiration(PAGES, { maxEntries: MAX_PAGES, maxAgeSeconds: MAX_PAGE_AGE_SECONDS });

async function tell(clientId: string | undefined, message: WorkerMessage) {
  if (!clientId) return;
  const client = await self.clients.get(clientId);
  client?.postMessage(message);
}

/** Keeps a copy of a shared page with the time it was kept. */
async function keep(request: Request, response: Response, cacheName = PAGES) {
  const keptIn = visit;
  const headers = new Headers(response.headers);
  headers.set(KEPT_AT_HEADER, new Date().toISOString());
  // The body is kept as the browser decoded it.
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  const body = await response.arrayBuffer();
  if (cacheName === PAGES && keptIn !== visit) return;
  const cache = await caches.open(cacheName);
  await cache.put(request.url, new Response(body, { status: 200, statusText: 'OK', headers }));
  if (cacheName !== PAGES) return;
  await pageExpiry.updateTimestamp(request.url);
  await pageExpiry.expireEntries();
}

/** The copy of this page the phone holds, as served from it (undefined when none is kept). */
async function keptAnswer(event: FetchEvent): Promise<Response | undefined> {
  const { request } = event;
  const kept =
    (await caches.match(request.url, { cacheName: PAGES, ignoreVary: true })) ??
    (await caches.match(request.url, { cacheName: GUEST_PAGES, ignoreVary: true }));
  if (!kept) return undefined;
  const keptAt = kept.headers.get(KEPT_AT_HEADER) ?? new Date().toISOString();
  if (request.mode === 'navigate') {
    const html = markKeptPage(await kept.text(), keptAt);
    return new Response(html, { status: 200, headers: kept.headers });
  }
  await tell(event.clientId, { type: 'offline-copy', keptAt });
  return kept;
}

async function offlineAnswer(event: FetchEvent): Promise<Response> {
  const kept = await keptAnswer(event);
  if (kept) return kept;
  if (event.request.mode === 'navigate') {
    return new Response(offlinePageHtml(new URL(event.request.url).pathname), {
      status: 503,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': OFFLINE_PAGE_CSP,
      },
    });
  }
  // A client-side navigation to a page never kept: the page's error boundary says the visitor is offline.
  return Response.error();
}

/**
 * Pages come from the server first. With no connection, the kept copy or the worker's own page; with
 * a connection that does not answer within PAGE_PATIENCE_MS, the kept copy if there is one (without
 * one, the server is waited for: there is nothing better to show). What the server answers is kept,
 * even when it comes after the copy was shown.
 */
async function page(event: FetchEvent): Promise<Response> {
  const network = fetch(event.request);
  event.waitUntil(
    network.then(
      (response) => (mayKeep(response) ? keep(event.request, response.clone()) : undefined),
      () => undefined,
    ),
  );
  let response: Response;
  try {
    const answer = await withinPatience(network, PAGE_PATIENCE_MS);
    if (answer === LATE) {
      const kept = await keptAnswer(event);
      if (kept) return kept;
    }
    response = answer === LATE ? await network : answer;
  } catch {
    return offlineAnswer(event);
  }
  // A client-side navigation the server answered: the page's offline note, if any, goes.
  if (response.ok) void tell(event.clientId, { type: 'fresh-copy' });
  return response;
}

// The cart and the home page open offline even when they were only ever reached by a tap (or were the
// first page, opened before the worker came): kept at install as a guest sees them, nothing of anyone.
self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all(
      GUEST_PAGES_AT_INSTALL.map((path) =>
        fetch(path, { credentials: 'omit' })
          .then((response) =>
            mayKeep(response) ? keep(new Request(path), response, GUEST_PAGES) : undefined,
          )
          .catch(() => undefined),
      ),
    ),
  );
});

/**
 * The pages the worker's tabs show, kept as their visitor sees them when the server marks them shared
 * (as any page is): the first page a buyer opens came before the worker and was never kept otherwise.
 */
async function keepOpenPages() {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const pages = pagesToKeepAtActivation(
    tabs.map((tab) => tab.url),
    self.location.origin,
  );
  await Promise.all(
    pages.map(async (url) => {
      const request = new Request(url, { credentials: 'same-origin' });
      const response = await fetch(request).catch(() => undefined);
      if (response && mayKeep(response)) await keep(request, response);
    }),
  );
}

// Pages kept by an earlier build name scripts this one no longer holds: they go with it. Then the open
// tabs' pages are kept by this build.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter(
              (name) => /^freshcatch-(guest-)?pages-/.test(name) && name !== PAGES && name !== GUEST_PAGES,
            )
            .map((name) => caches.delete(name)),
        ),
      )
      .then(keepOpenPages)
      .catch(() => undefined),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (changesWhoIsSignedIn(request)) {
    // Whatever was kept was kept for the visit that is ending or beginning.
    visit++;
    event.waitUntil(caches.delete(PAGES));
    return;
  }
  if (isPageRequest(request, self.location.origin)) event.respondWith(page(event));
});

// The build the worker carries, for a page (and the tests) to ask.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type !== 'version') return;
  const entry = manifest.find((item) => /entry\.client/.test(item.url));
  event.ports[0]?.postMessage({ entry: entry?.url ?? null });
});
