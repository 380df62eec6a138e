import { useSearchParams } from 'react-router';

/**
 * Links within an admin list that keep its address (search, filters, sort, page) and change a few
 * parameters: `null` or '' removes one. `hrefWith({ edit: 'new' })`, `hrefWith({ page: '2', edit: null })`.
 */
export function useListHref(path: string) {
  const [params] = useSearchParams();
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    const search = next.toString();
    return search ? `${path}?${search}` : path;
  };
}
