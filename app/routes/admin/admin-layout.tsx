import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { ADMIN_NAV, AdminShell } from '~/components/admin/admin-shell';
import { isOwner, staffMayOpen } from '#core/roles';
import { AccessDenied, errorMessage, isRefusal } from '~/components/layout/access-denied';
import { buttonClasses } from '~/components/ui/button';
import { adminArea, adminScreenWithoutForm } from '~/lib/auth/guards.server';
import type { Route } from './+types/admin-layout';
import { load } from '~/lib/route.server';

export const meta: Route.MetaFunction = () => [
  { title: 'Admin — FreshCatch' },
  { name: 'robots', content: 'noindex' },
];

/** The admin area's one door: every route under this layout is refused to anyone but an admin. */
export const middleware: Route.MiddlewareFunction[] = [adminArea];

export const loader = load({
  auth: 'admin',
  run: ({ admin }) => ({
    email: admin.email,
    // The menu shows what this admin may open: every screen for an owner, staff's for staff.
    menu: ADMIN_NAV.map((item) => item.to).filter((to) => isOwner(admin) || staffMayOpen(to)),
  }),
});

/** A post to /admin itself (not `/admin?index`) lands here. */
export const action = adminScreenWithoutForm;

export default function AdminLayout() {
  const { email, menu } = useLoaderData<typeof loader>();
  return (
    <AdminShell email={email} menu={menu}>
      <Outlet />
    </AdminShell>
  );
}

/** A screen that fails keeps the sidebar, so the admin can go on to another one. */
export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>('routes/admin/admin-layout');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = errorMessage(error);
  // Nothing of the admin area for someone who may not use it.
  if (isRefusal(error)) return <AccessDenied error={error} />;
  return (
    <AdminShell email={layout?.email ?? null} menu={layout?.menu}>
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
