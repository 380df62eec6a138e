import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import { ErrorPage } from '~/components/layout/error-page';
import { NotFound } from '~/components/layout/not-found';
import { SiteShell as Shell } from '~/components/layout/site-shell';

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
      <ErrorPage />
    </Shell>
  );
}
