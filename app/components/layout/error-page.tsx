import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';

/**
 * What a visitor sees when a page could not be made (a bug, or the database briefly away: then the
 * server also answers 503 with Retry-After). The same words either way, so the page the server
 * renders and the one the browser hydrates agree.
 */
export function ErrorPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-slate-700">We could not load this page. Please try again in a moment.</p>
      <Link to="." reloadDocument className={buttonClasses()}>
        Try again
      </Link>
    </section>
  );
}
