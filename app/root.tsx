import { useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useNavigation,
} from 'react-router';
import { toast as showToast, Toaster } from './lib/toasts';
import type { Route } from './+types/root';
import { WishlistMerge } from './components/catalog/wishlist-merge';
import { WishlistOutbox } from './components/catalog/wishlist-outbox';
import type { RootData } from './lib/session-user';
import { AccessDenied, isRefusal } from './components/layout/access-denied';
import { ErrorPage } from './components/layout/error-page';
import { NotFound } from './components/layout/not-found';
import { OfflinePage } from './components/layout/offline-page';
import { SiteShell } from './components/layout/site-shell';
import { Spinner } from './components/ui/spinner';
import { getViewerKind } from './lib/auth/session.server';
import { isOfflineError, registerServiceWorker } from './lib/offline';
import { load } from './lib/route.server';
import { emailConfirmedRedirect } from './lib/email-confirmed';
import { useStylesheet } from './lib/inline-css';
import { useDataSaver } from './lib/data-saver';
import { useNonce } from './lib/nonce';
import { takeToast } from './lib/toast.server';
import './lib/context';

export const meta: Route.MetaFunction = () => [
  { title: 'FreshCatch — fresh fish, seafood and fish-farm supplies in Nigeria' },
  {
    name: 'description',
    content:
      'Order fresh, smoked and dried fish, shellfish, fish-farming equipment and feeds online. Paid in naira, delivered from Port Harcourt.',
  },
];

export const loader = load({
  auth: 'public',
  run: async ({ request, context }) => {
    const confirmedTarget = emailConfirmedRedirect(new URL(request.url));
    if (confirmedTarget) throw redirect(confirmedTarget);
    const [viewer, { toast, setCookie }] = await Promise.all([
      getViewerKind(request, context),
      takeToast(request, context),
    ]);
    // Only what kind of visitor this is, never who: catalogue pages are shared by every signed-in
    // shopper (or admin) alike (server/page-cache.ts), and this data is part of each page.
    return data(
      { user: viewer === 'guest' ? null : { isAdmin: viewer === 'admin' }, toast } satisfies RootData,
      setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
    );
  },
});

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const stylesheet = useStylesheet();
  const dataSaver = useDataSaver();
  return (
    <html lang="en" data-saver={dataSaver ? '' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0e7490" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        {stylesheet.linked ? (
          <link rel="stylesheet" href={stylesheet.href} data-stylesheet="" />
        ) : (
          // Server-rendered once; the browser keeps it (hydration leaves this text alone).
          <style
            nonce={nonce || undefined}
            dangerouslySetInnerHTML={{ __html: stylesheet.css }}
            suppressHydrationWarning
          />
        )}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function ToastFromServer() {
  const { toast } = useLoaderData<typeof loader>();
  useEffect(() => {
    if (!toast) return;
    const options = { id: toast.id, description: toast.description };
    if (toast.type === 'success') showToast.success(toast.title, options);
    else if (toast.type === 'error') showToast.error(toast.title, options);
    else if (toast.type === 'warning') showToast.warning(toast.title, options);
    else showToast(toast.title, options);
  }, [toast]);
  return null;
}

/** Guards run on the server; while a client-side navigation into /admin waits for them, say so. */
function AdminCheckPending() {
  const navigation = useNavigation();
  const pending = navigation.state === 'loading' && navigation.location.pathname.startsWith('/admin');
  if (!pending) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/80">
      <Spinner label="Checking admin privileges..." />
    </div>
  );
}

export default function App() {
  useEffect(registerServiceWorker, []);
  return (
    <>
      <Outlet />
      <ToastFromServer />
      <AdminCheckPending />
      <WishlistMerge />
      <WishlistOutbox />
      <Toaster
        position="top-center"
        // Below the header (64 px), so a toast never covers its links; on a phone, in the room the
        // header makes for it (ToastRoom), so it covers nothing.
        offset={{ top: 72 }}
        mobileOffset={{ top: 72 }}
        closeButton
        duration={4000}
        toastOptions={{
          classNames: {
            toast: '!border-slate-300 !bg-white !text-slate-900',
            title: '!text-slate-900 !font-semibold',
            description: '!text-slate-700',
            success: '!border-l-4 !border-l-green-600',
            error: '!border-l-4 !border-l-red-600',
            warning: '!border-l-4 !border-l-amber-500',
            info: '!border-l-4 !border-l-brand-700',
          },
        }}
      />
    </>
  );
}

/**
 * When even the root loader failed (the session could not be read: the database is away), the page
 * still wears the shop's header and footer, as every other error page does.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A refusal at an area's door (the admin area's middleware) reaches this boundary, not the area's.
  if (isRefusal(error)) return <AccessDenied error={error} />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SiteShell>{isOfflineError(error) ? <OfflinePage /> : notFound ? <NotFound /> : <ErrorPage />}</SiteShell>
  );
}
