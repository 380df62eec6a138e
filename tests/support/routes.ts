import routes from '~/routes';

interface RouteEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** A route's parameters, by name (`farmId`), for the URLs of the route table; any other is 1. */
export type RouteParams = Record<string, string | number>;

/**
 * Every URL of the route table (app/routes.ts), parameters filled in from `params` or else with 1. An
 * index route is also listed with `?index`, the URL its own action answers on (a plain post goes to
 * its parent layout).
 */
function pathsOf(entries: RouteEntry[], parent = '', params: RouteParams = {}): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    const filled =
      own.replace(/:(\w+)/g, (_, name: string) => String(params[name] ?? 1)).replace('*', 'no-such-page') ||
      '/';
    const urls = entry.index ? [filled, `${filled}?index`] : entry.path ? [filled] : [];
    return [...urls, ...pathsOf(entry.children ?? [], own, params)];
  });
}

/** Every URL of the route table, each once (see pathsOf). */
export function routeTablePaths(params: RouteParams = {}): string[] {
  return [...new Set(pathsOf(routes as RouteEntry[], '', params))];
}

/** The URLs of the routes under the layout route in `file` (an area's door), as routeTablePaths. */
export function routeTablePathsUnder(file: string, params: RouteParams = {}): string[] {
  const find = (entries: RouteEntry[], parent: string): string[] =>
    entries.flatMap((entry) => {
      const own = entry.path ? `${parent}/${entry.path}` : parent;
      if (entry.file === file) return pathsOf(entry.children ?? [], own, params);
      return find(entry.children ?? [], own);
    });
  return [...new Set(find(routes as RouteEntry[], ''))];
}
