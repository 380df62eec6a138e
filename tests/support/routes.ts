import routes from '~/routes';

interface RouteEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/**
 * Every URL of the route table (app/routes.ts), parameters filled in with 1. An index route is also
 * listed with `?index`, the URL its own action answers on (a plain post goes to its parent layout).
 */
function pathsOf(entries: RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    const filled = own.replace(/:\w+/g, '1').replace('*', 'no-such-page') || '/';
    const urls = entry.index ? [filled, `${filled}?index`] : entry.path ? [filled] : [];
    return [...urls, ...pathsOf(entry.children ?? [], own)];
  });
}

/** Every URL of the route table, each once (see pathsOf). */
export function routeTablePaths(): string[] {
  return [...new Set(pathsOf(routes as RouteEntry[]))];
}

/** The URLs of the routes under the layout route in `file` (an area's door), as routeTablePaths. */
export function routeTablePathsUnder(file: string): string[] {
  const find = (entries: RouteEntry[], parent: string): string[] =>
    entries.flatMap((entry) => {
      const own = entry.path ? `${parent}/${entry.path}` : parent;
      if (entry.file === file) return pathsOf(entry.children ?? [], own);
      return find(entry.children ?? [], own);
    });
  return [...new Set(find(routes as RouteEntry[], ''))];
}
