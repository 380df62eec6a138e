import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { offlineWords } from '#sw/rules';

/**
 * A page that could not be fetched because the phone is offline. With the service worker running, the
 * page is opened afresh as a document, once: the worker answers with the copy it kept, or with its own
 * page saying what needs a connection. Without one, the same words are said here.
 */
export function OfflinePage() {
  const { pathname, search } = useLocation();
  const { title, message } = offlineWords(pathname);
  useEffect(() => {
    if (navigator.serviceWorker?.controller) window.location.replace(pathname + search);
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
