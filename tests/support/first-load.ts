import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * What a first visit to a page of the built shop downloads besides its HTML: the scripts and styles the
 * route manifest names for it (entry, the route's chain of modules, the manifest itself when every route
 * is known at the start), in bytes as the server sends them to a browser that takes Brotli: the copy
 * compressed at build (scripts/precompress.mjs), or gzip where there is none. One reading of the build
 * for bench:storefront and the budget test.
 */

interface AssetManifest {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, { parentId?: string; module: string; imports?: string[]; css?: string[] }>;
}

export interface FirstLoad {
  files: string[];
  jsBytes: number;
  cssBytes: number;
}

const CLIENT = 'build/client';
const sentBytes = (file: string) => {
  const br = path.join(CLIENT, `${file}.br`);
  return existsSync(br) ? statSync(br).size : gzipSync(readFileSync(path.join(CLIENT, file))).length;
};

export async function readBuild() {
  const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as {
    assets: AssetManifest;
    routeDiscovery?: { mode: string };
  };
  const { assets } = build;
  const manifest = build.routeDiscovery?.mode === 'initial' ? [assets.url] : [];
  const chain = (routeId: string): AssetManifest['routes'][string][] => {
    const route = assets.routes[routeId];
    if (!route) throw new Error(`No route ${routeId} in the build`);
    return [...(route.parentId ? chain(route.parentId) : []), route];
  };
  return {
    assets,
    /** The scripts and styles a first visit to this route downloads. */
    firstLoad(routeId: string): FirstLoad {
      const routes = chain(routeId);
      const scripts = [
        ...new Set([
          ...manifest,
          assets.entry.module,
          ...assets.entry.imports,
          ...routes.flatMap((r) => [r.module, ...(r.imports ?? [])]),
        ]),
      ];
      const styles = [...new Set(routes.flatMap((r) => r.css ?? []))];
      return {
        files: [...scripts, ...styles],
        jsBytes: scripts.reduce((sum, f) => sum + sentBytes(f), 0),
        cssBytes: styles.reduce((sum, f) => sum + sentBytes(f), 0),
      };
    },
    read: (file: string) => readFileSync(path.join(CLIENT, file), 'utf8'),
  };
}
