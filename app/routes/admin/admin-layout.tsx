import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { AdminShell } from '~/components/admin/admin-shell';
import { buttonClasses } from '~/components/ui/button';
import { adminScreenWithoutForm, requireAdmin } from '~/lib/auth.server';
import type { Route } from './+types/admin-layout';

export const meta: Route.MetaFunction = () => [
  { title: 'Admin — FreshCatch' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { email: admin.email };
}

/** A post to /admin itself (not `/admin?index`) lands here. */
export const action = adminScreenWithoutForm;

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <AdminShell email={email}>
      <Outlet />
    </AdminShell>
  );
}

/** A screen that fails keeps the sidebar, so the admin can go on to another one. */
export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>('routes/admin/admin-layout');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const body = isRouteErrorResponse(error) ? (error.data as ErrorData | null) : null;
  const message = body?.error?.message ?? body?.message ?? null;
  if (status === 401 || status === 403) {
    // Refused by requireAdmin: nothing of the admin area for someone who may not use it.
    return (
      <main className="mx-auto max-w-xl p-8 text-center" role="alert">
        <h1 className="text-2xl font-bold">Access Denied</h1>
        <p className="mt-2 text-slate-700">{message}</p>
        <Link to="/" className={buttonClasses({ className: 'mt-4' })}>
          Return to marketplace
        </Link>
      </main>
    );
  }
  return (
    <AdminShell email={layout?.email ?? null}>
      <section role="alert" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-bold">{status === 404 ? 'Not found' : 'Something went wrong'}</h1>
        <p className="mt-2 text-slate-700">
          {message ??
            (status === 404
              ? 'This page does not exist.'
              : 'This screen could not be loaded. Please try again.')}
        </p>
        <Link to="." reloadDocument className={buttonClasses({ className: 'mt-4' })}>
          Try again
        </Link>
      </section>
    </AdminShell>
  );
}

type ErrorData = { message?: string; error?: { message?: string } };
