/**
 * After `react-router build`: bundles the service worker (sw/service-worker.ts, with Workbox) and writes
 * it to build/client/sw.js with its precache list — the scripts of the pages a buyer goes through, as
 * React Router's manifest lists them. Decision 048.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

const client = path.resolve('build/client');

/** React Router's manifest of the build: which files each route needs. */
function routerManifest() {
  const name = readdirSync(path.join(client, 'assets')).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error('No React Router manifest in build/client/assets: run react-router build first');
  const window = {};
  vm.runInNewContext(readFileSync(path.join(client, 'assets', name), 'utf8'), { window });
  return { name, manifest: window.__reactRouterManifest };
}

/**
 * The pages a buyer goes through, whose files are precached: the catalogue, the cart (it opens offline)
 * and the way to pay. Their parent routes come with them. Other pages' files are kept once loaded.
 */
const BUYING_ROUTES = [
  'routes/home',
  'routes/products',
  'routes/product',
  'routes/search',
  'routes/cart',
  'routes/wishlist',
  'routes/checkout',
];

/** The files of the buying pages (the entry, each route and its parents), as paths under build/client. */
function buyingFiles() {
  const { name, manifest } = routerManifest();
  const files = new Set([`assets/${name}`]);
  const add = (part) => {
    for (const file of [part.module, ...(part.imports ?? []), ...(part.css ?? [])])
      if (file) files.add(file.replace(/^\//, ''));
  };
  add(manifest.entry);
  for (const id of BUYING_ROUTES) {
    if (!manifest.routes[id]) throw new Error(`No route ${id} in React Router's manifest`);
    for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) add(route);
  }
  // The stylesheet (inlined into pages, so no route lists it): once the worker holds it, pages link it.
  for (const file of readdirSync(path.join(client, 'assets')))
    if (/^app-[\w-]+\.css$/.test(file)) files.add(`assets/${file}`);
  return [...files].sort();
}

const work = mkdtempSync(path.join(os.tmpdir(), 'freshcatch-sw-'));
try {
  const bundled = path.join(work, 'sw.js');
  await build({
    entryPoints: ['sw/service-worker.ts'],
    outfile: bundled,
    bundle: true,
    format: 'iife',
    target: 'chrome80',
    minify: true,
    // Workbox logs every step in development builds.
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const files = buyingFiles();
  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: path.join(client, 'sw.js'),
    globDirectory: client,
    globPatterns: files,
    // Content-hashed names: the name is the revision, and the browser's own cache may answer.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 1024 * 1024,
  });
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  const body = readFileSync(path.join(client, 'sw.js'));
  writeFileSync(
    path.join(client, 'sw.js.br'),
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
  writeFileSync(path.join(client, 'sw.js.gz'), gzipSync(body, { level: 9 }));
  console.log(
    `service worker: ${Math.round(body.length / 1024)} KB, precaching ${count} files (${Math.round(size / 1024)} KB before compression)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
