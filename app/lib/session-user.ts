import { useRouteLoaderData } from 'react-router';
import type { Toast } from './toast';

/**
 * What the root route loads for every page (app/root.tsx), declared here so the components that read
 * it need not import the root module (which imports them).
 */
export interface RootData {
  /** Only what kind of visitor this is, never who (server/page-cache.ts shares catalogue pages). */
  user: { isAdmin: boolean } | null;
  toast: Toast | null;
}

/** The root route's data, as loaded for this page. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

/** Whether someone is signed in (and whether they see admin tools), as the root route loaded it; null for a guest. */
export function useSessionUser() {
  return useRootData()?.user ?? null;
}
