// Bundles server.ts (our server, core/ and db/ code) into build/server.mjs and its chunks, so production
// runs on plain Node without a TypeScript loader. Packages stay external and load from node_modules.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('build/server-chunks', { recursive: true, force: true });

// Split into chunks so that what server/start.ts imports only when a process starts serving is loaded
// only then: the production supervisor stays small (docs/decisions/017).
await build({
  entryPoints: ['server.ts'],
  outdir: 'build',
  entryNames: '[name]',
  chunkNames: 'server-chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
