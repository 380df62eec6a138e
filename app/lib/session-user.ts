import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '~/root';

/** The signed-in user as the root route loaded it (name, e-mail, admin flag), or null. */
export function useSessionUser() {
  return useRouteLoaderData<typeof rootLoader>('root')?.user ?? null;
}
