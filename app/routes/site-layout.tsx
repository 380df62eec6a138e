import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import { ErrorPage } from '~/components/layout/error-page';
import { NotFound } from '~/components/layout/not-found';
import { OfflinePage } from '~/components/layout/offline-page';
import { isOfflineError } from '~/lib/offline';
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
  if (isOfflineError(error)) {
    return (
      <Shell>
        <OfflinePage />
      </Shell>
    );
  }
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
