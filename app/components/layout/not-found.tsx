import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        <span className="block text-7xl font-extrabold text-brand-700">404</span> Oops! Page not found
      </h1>
      <p className="text-slate-700">The page you are looking for has moved or never existed.</p>
      <Link to="/" className={buttonClasses()}>
        Return to Home
      </Link>
    </section>
  );
}
