/**
 * What the shop's service worker keeps and what it says offline (docs/decisions/048). Plain functions,
 * no worker globals, so the unit tests read them as the worker does.
 */

/**
 * The header a page's server answer carries when a copy of it may be kept on the buyer's phone: a
 * catalogue page that reads nothing of the visitor but their kind (app/lib/cache.server.ts writes it,
 * the one place that declares a page shared). Anything personal never carries it, so it is never kept.
 */
export const OFFLINE_COPY_HEADER = 'X-Offline-Copy';
export const OFFLINE_COPY_VALUE = 'shared';
/**
 * The same header on a personal page its visitor must be able to open without signal (a farm's pages,
 * issue 50): kept for this visit only, like every kept page dropped when someone signs in or out on the
 * phone (`changesWhoIsSignedIn`), and never shared with anyone by the server.
 */
export const OFFLINE_COPY_THIS_VISIT = 'this-visit';

/** The attribute the worker sets on a kept page's <html> when it serves it offline: when it was kept. */
export const OFFLINE_COPY_ATTRIBUTE = 'data-offline-copy';

/**
 * The cookie a page sets once this browser's worker holds the build's stylesheet (its file name): the
 * server then links the stylesheet instead of inlining it (server/cookies.ts reads it).
 */
export const STYLESHEET_COOKIE = 'fc_sheet';

/** The header a kept copy remembers its time in. */
export const KEPT_AT_HEADER = 'X-Kept-At';

/** Message from the worker to a page: what it just showed came from the phone, kept at `keptAt`. */
export interface OfflineCopyMessage {
  type: 'offline-copy';
  keptAt: string;
}
/** Message from the worker to a page: the server answered, so what it shows is today's. */
export interface FreshCopyMessage {
  type: 'fresh-copy';
}
export type WorkerMessage = OfflineCopyMessage | FreshCopyMessage;

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'offline-copy' || type === 'fresh-copy';
}

/** Whether a server answer may be kept for offline use. */
export function mayKeep(response: {
  status: number;
  headers: { get(name: string): string | null };
}): boolean {
  const copy = response.headers.get(OFFLINE_COPY_HEADER);
  return response.status === 200 && (copy === OFFLINE_COPY_VALUE || copy === OFFLINE_COPY_THIS_VISIT);
}

/**
 * A page or its data, as the worker sees it: a document navigation, or React Router's data request for
 * a client-side navigation (`/products/1.data`). Only GETs; /admin, /api and other files are not pages.
 */
export function isPageRequest(request: { method: string; mode: string; url: string }, origin: string) {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  if (url.origin !== origin) return false;
  if (/^\/(admin|api|assets|media)(\/|$)/.test(url.pathname)) return false;
  return request.mode === 'navigate' || url.pathname.endsWith('.data');
}

/**
 * The pages kept as a guest sees them when the worker installs, whoever is signed in: the cart (its
 * lines live on the phone) and the home page, which the logo opens from every page, offline too. Neither
 * holds anything of anyone.
 */
export const GUEST_PAGES_AT_INSTALL = ['/cart', '/'] as const;

/**
 * The pages to keep when the worker activates: those its open tabs show (the first page a buyer ever
 * opens, such as a product link from a chat, was loaded before there was a worker to keep it). Each is
 * fetched as the tab's visitor and kept only if the server marks it shared, like any page; this only
 * picks which addresses are pages, once each.
 */
export function pagesToKeepAtActivation(clientUrls: readonly string[], origin: string): string[] {
  const pages = new Set<string>();
  for (const address of clientUrls) {
    const url = new URL(address);
    url.hash = '';
    if (isPageRequest({ method: 'GET', mode: 'navigate', url: url.href }, origin)) pages.add(url.href);
  }
  return [...pages];
}

/**
 * Requests after which the pages kept so far may belong to someone else's visit: signing in, signing
 * up, signing out, and the sign-in providers' returns. The kept pages are then dropped.
 */
export function changesWhoIsSignedIn(request: { method: string; url: string }): boolean {
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  if (/^\/(logout|api\/auth\/callback\/[^/]+|verify-email)$/.test(path)) return true;
  return (
    request.method === 'POST' && /^\/(login|signup|admin\/login|auth\/social|reset-password)$/.test(path)
  );
}

/**
 * How long a page the phone holds a copy of may wait for the server's answer before the copy is shown
 * instead: a connection that says it is up but carries nothing ("lie-fi": a weak 2G cell, a full
 * mast) otherwise leaves the buyer on a blank, loading screen. A healthy 2G answer starts within ~2 s
 * (two 800 ms round trips and the server), so this is well past it.
 */
export const PAGE_PATIENCE_MS = 5000;

/** What `withinPatience` gives when the answer has not come in time. */
export const LATE = Symbol('late');

/**
 * `answer`'s value, or LATE once `patienceMs` has passed without it (the answer is still waited for by
 * whoever else holds it). A failed answer fails here too.
 */
export function withinPatience<T>(answer: Promise<T>, patienceMs: number): Promise<T | typeof LATE> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(LATE), patienceMs);
    answer.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Where a page stands offline when no copy of it is kept. */
export function offlineWords(pathname: string): { title: string; message: string } {
  if (/^\/(checkout|order-success)(\/|$)/.test(pathname))
    return {
      title: 'Checkout needs a connection',
      message:
        "You're offline. Your cart is kept on this phone, and nothing has been charged. Come back to checkout when you are connected.",
    };
  if (/^\/account(\/|$)/.test(pathname))
    return {
      title: 'Your account needs a connection',
      message: "You're offline. Your orders and details open again when you are connected.",
    };
  if (/^\/admin(\/|$)/.test(pathname))
    return {
      title: 'The admin area needs a connection',
      message: "You're offline. The shop's screens open again when you are connected.",
    };
  return {
    title: "You're offline",
    message:
      "This page hasn't been saved on this phone yet. Pages you have opened before, and your cart, still open.",
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The offline page's look: the shop's colours and type, written out (the stylesheet is not on the phone). */
const OFFLINE_PAGE_STYLE =
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}' +
  'header{background:#155e75;padding:16px}header a{color:#fff;font-size:20px;font-weight:700;text-decoration:none}' +
  'main{max-width:36rem;margin:0 auto;padding:64px 16px;text-align:center}h1{font-size:24px;margin:0}' +
  'p{color:#334155}nav{display:flex;flex-wrap:wrap;justify-content:center;gap:12px;margin-top:32px}' +
  'nav a{border:1px solid #cbd5e1;border-radius:6px;padding:8px 16px;font-weight:600;color:#0f172a;background:#fff;text-decoration:none}' +
  'nav a:first-child{background:#0e7490;border-color:#0e7490;color:#fff}a:focus-visible{outline:2px solid #0e7490;outline-offset:2px}';

/** The Content-Security-Policy of the offline page: its own style, no script at all. */
export const OFFLINE_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'self'";

/**
 * The page the worker answers a navigation with when there is no connection and no kept copy: plain
 * HTML, no script, with a retry of the same address and links to what still opens.
 */
export function offlinePageHtml(pathname: string): string {
  const { title, message } = offlineWords(pathname);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#0e7490"><title>${escapeHtml(title)} — FreshCatch</title><style>${OFFLINE_PAGE_STYLE}</style></head><body><header><a href="/">FreshCatch</a></header><main id="main"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><nav aria-label="What still opens"><a href="${escapeHtml(pathname)}">Try again</a><a href="/cart">Open your cart</a><a href="/">Home</a></nav></main></body></html>`;
}

/** A kept page as served offline: its <html> says when it was kept, for the page's offline note. */
export function markKeptPage(html: string, keptAt: string): string {
  return html.replace(/<html(?=[\s>])/i, `<html ${OFFLINE_COPY_ATTRIBUTE}="${escapeHtml(keptAt)}"`);
}
