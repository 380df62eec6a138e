import { useEffect, useState, useSyncExternalStore } from 'react';
import { rememberInCookie } from './browser-cookie';
import { useLocation } from 'react-router';
import { isWorkerMessage, OFFLINE_COPY_ATTRIBUTE, STYLESHEET_COOKIE } from '#sw/rules';
import { STYLESHEET_FILE, stylesheetHref } from './inline-css';

/**
 * The page's side of going offline (docs/decisions/048): the service worker's registration, whether the
 * phone has a connection, and whether what the page shows is a copy kept on the phone.
 */

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser says it has a connection (true on the server and while hydrating). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** Whether a request may be sent now: a fetcher sent offline would fail into the page's error screen. */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/**
 * A failed fetch of the page's data (a client-side navigation or a fetcher) while the phone has no
 * connection: a TypeError from fetch, not an answer from the server.
 */
export function isOfflineError(error: unknown): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine && error instanceof TypeError;
}

/**
 * Registers /sw.js once the page has loaded and the browser is idle, so a first visit over 2G spends
 * nothing on it before the page works. Not in development (Vite serves no worker).
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then(sayStylesheetKept)
      .catch(() => {
        // No worker (an old browser, a private window that refuses it): the shop works as before.
      });
  };
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * Once the worker holds this build's stylesheet, the next pages link it instead of carrying it inline
 * (~9 KB less each over 2G): the server reads the cookie, and inlines it again for any other file name.
 */
async function sayStylesheetKept(): Promise<void> {
  if (!(await caches.match(stylesheetHref))) return;
  if (document.cookie.includes(`${STYLESHEET_COOKIE}=${STYLESHEET_FILE}`)) return;
  rememberInCookie(STYLESHEET_COOKIE, STYLESHEET_FILE);
}

/**
 * When what the page shows was kept on the phone (an ISO time), or null when it is today's. A page
 * opened offline carries the time on <html> (the worker sets it); a client-side navigation answered
 * from the phone is told by the worker's message. A page shown online that loses its connection is as
 * old as the moment it was shown.
 */
export function useOfflineCopy(): string | null {
  const online = useOnline();
  const location = useLocation();
  const [keptAt, setKeptAt] = useState<string | null>(null);
  const [shownAt, setShownAt] = useState<string | null>(null);

  useEffect(() => {
    setShownAt(new Date().toISOString());
    // Online, a new page is today's (a worker's message about it, if any, says otherwise).
    if (navigator.onLine) setKeptAt(null);
  }, [location.key]);

  useEffect(() => {
    setKeptAt(document.documentElement.getAttribute(OFFLINE_COPY_ATTRIBUTE));
    const worker = navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent) => {
      if (!isWorkerMessage(event.data)) return;
      setKeptAt(event.data.type === 'offline-copy' ? event.data.keptAt : null);
      if (event.data.type === 'fresh-copy') document.documentElement.removeAttribute(OFFLINE_COPY_ATTRIBUTE);
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, []);

  return keptAt ?? (online ? null : shownAt);
}
