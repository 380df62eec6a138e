import { isRouteErrorResponse, Link, Outlet, useRouteError, useRouteLoaderData } from 'react-router';
import { Footer } from '~/components/layout/footer';
import { Header } from '~/components/layout/header';
import { NotFound } from '~/components/layout/not-found';
import { WhatsAppButton } from '~/components/layout/whatsapp-button';
import { buttonClasses } from '~/components/ui/button';
import type { loader as rootLoader } from '~/root';

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header user={root?.user ?? null} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
      <WhatsAppButton />
    </div>
  );
}

export default function SiteLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFound />
      </Shell>
    );
  }
  return (
    <Shell>
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="text-slate-700">We could not load this page. Please try again in a moment.</p>
        <Link to="." reloadDocument className={buttonClasses()}>
          Try again
        </Link>
      </section>
    </Shell>
  );
}
