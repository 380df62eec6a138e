import { clsx } from 'clsx';
import { NavLink, Outlet, useLoaderData, useRouteError, isRouteErrorResponse, Link } from 'react-router';
import { useMemo } from 'react';
import { FarmBookContext } from '~/components/farm/farm-book';
import { FarmSync } from '~/components/farm/farm-sync';
import { WaitingLines } from '~/components/farm/waiting-lines';
import type { OfflineNoteHandle } from '~/components/layout/offline-note';
import { farmDoor } from '~/lib/auth/farm-door.server';
import { errorMessage } from '~/components/layout/access-denied';
import { buttonClasses } from '~/components/ui/button';
import { thisVisitCopyHeaders } from '~/lib/cache.server';
import { load } from '~/lib/route.server';
import type { Route } from './+types/farm-layout';

/** A farm's pages: its owner and its workers only (anyone else is told there is no such farm). */
export const middleware: Route.MiddlewareFunction[] = [farmDoor];

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }];

/** Offline, the farm's pages say themselves what it means (WaitingLines): no "prices as of" note. */
export const handle: OfflineNoteHandle = { offlineNote: false };

/** Opened once, a farm page opens again at the pond with no signal (kept by this phone for this visit). */
export const headers: Route.HeadersFunction = () => thisVisitCopyHeaders();

export const loader = load({
  auth: 'farm',
  run: ({ farm }) => ({
    farmId: farm.farmId,
    farmName: farm.farmName,
    role: farm.role,
    userKey: farm.userId,
  }),
});

const tabClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100',
  );

export default function FarmLayout() {
  const { farmId, farmName, role, userKey } = useLoaderData<typeof loader>();
  const book = useMemo(() => ({ userKey, farmId }), [userKey, farmId]);
  return (
    <FarmBookContext.Provider value={book}>
      <FarmSync userKey={userKey} farmId={farmId} />
      <div className="mx-auto max-w-3xl px-4 py-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-700">
            <Link to="/farm" className="underline">
              My farm
            </Link>{' '}
            · <span className="font-semibold text-slate-900">{farmName}</span>
            {role === 'worker' ? ' · worker' : null}
          </p>
          <nav aria-label="Farm" className="flex gap-1">
            <NavLink to={`/farm/${farmId}`} end className={tabClass}>
              Today
            </NavLink>
            {role === 'owner' ? (
              <>
                <NavLink to={`/farm/${farmId}/ponds`} className={tabClass}>
                  Ponds
                </NavLink>
                <NavLink to={`/farm/${farmId}/feed`} className={tabClass}>
                  Feed
                </NavLink>
                <NavLink to={`/farm/${farmId}/workers`} className={tabClass}>
                  Workers
                </NavLink>
                <NavLink to={`/farm/${farmId}/sell`} className={tabClass}>
                  Sell
                </NavLink>
              </>
            ) : null}
          </nav>
        </div>
        <div className="mt-4 space-y-4">
          <WaitingLines />
          <Outlet />
        </div>
      </div>
    </FarmBookContext.Provider>
  );
}

/**
 * A farm page that failed (a cycle not on the farm): said plainly, with the way back. The doors'
 * refusals are the root's (Access Denied, as for the admin area).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-12 text-center">
      <h1 className="text-xl font-bold">{status === 404 ? 'Not found' : 'Something went wrong'}</h1>
      <p className="mt-2 text-slate-700">
        {errorMessage(error) ?? 'This page could not be loaded. Please try again.'}
      </p>
      <Link to="/farm" className={buttonClasses({ className: 'mt-4' })}>
        Back to My farm
      </Link>
    </section>
  );
}
