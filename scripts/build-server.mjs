// Bundles server.ts (our server, core/ and db/ code) into build/server.mjs, so production runs on
// plain Node without a TypeScript loader. Packages stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['server.ts'],
  outfile: 'build/server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
