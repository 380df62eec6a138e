import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '~/root';

/** Whether someone is signed in (and whether they see admin tools), as the root route loaded it; null for a guest. */
export function useSessionUser() {
  return useRouteLoaderData<typeof rootLoader>('root')?.user ?? null;
}
