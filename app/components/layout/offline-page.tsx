import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { offlineWords } from '#sw/rules';

/**
 * A page that could not be fetched because the phone is offline. With the service worker running, the
 * page is opened afresh as a document, once per address a minute: the worker answers with the copy it
 * kept, or with its own page saying what needs a connection. Without one, or if the kept copy failed
 * the same way, the same words are said here.
 */
/** A document reload of an address at most once in this long (a kept page that fails again stays put). */
const RELOAD_ONCE_MS = 60_000;

export function OfflinePage() {
  const { pathname, search } = useLocation();
  const { title, message } = offlineWords(pathname);
  useEffect(() => {
    if (!navigator.serviceWorker?.controller) return;
    const address = pathname + search;
    const key = `fc-offline-reload:${address}`;
    try {
      if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < RELOAD_ONCE_MS) return;
      sessionStorage.setItem(key, String(Date.now()));
    } catch {
      return; // no storage: never risk reloading in a loop
    }
    window.location.replace(address);
  }, [pathname, search]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-700">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="." reloadDocument className={buttonClasses()}>
          Try again
        </Link>
        <Link to="/cart" className={buttonClasses({ variant: 'outline' })}>
          Open your cart
        </Link>
      </div>
    </section>
  );
}
