import { useSearchParams } from 'react-router';

/**
 * An admin list's address with a few parameters changed, the rest (search, filters, sort, page) kept:
 * `null` or '' removes one. The one rule for every link, page, closed dialog and redirect back to a list.
 */
export function listHref(path: string, params: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  const search = next.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Links within an admin list that keep its address and change a few parameters (`listHref`):
 * `hrefWith({ edit: 'new' })`, `hrefWith({ page: '2', edit: null })`.
 */
export function useListHref(path: string) {
  const [params] = useSearchParams();
  return (changes: Record<string, string | null>) => listHref(path, params, changes);
}

/** Where an action sends the admin back to: the list the request came from, with `changes` made. */
export function backToList(request: Request, changes: Record<string, string | null>) {
  const url = new URL(request.url);
  return listHref(url.pathname, url.searchParams, changes);
}
