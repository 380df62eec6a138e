// The framework's floor: a bare React Router 7 app (bench/floor/app, one route saying hello) served
// the leanest way React Router offers — node:http and its own request listener, no Express, no
// middleware, no compression — plus its built scripts, for the browser runs. bench:storefront
// measures it beside the shop's own hello page.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { createRequestListener } from '@react-router/node';

const here = path.dirname(new URL(import.meta.url).pathname);
const clientDir = path.join(here, 'build/client');
const build = await import('./build/server/index.js');
const pages = createRequestListener({ build, mode: 'production' });
const TYPES = { '.js': 'text/javascript', '.css': 'text/css' };

const server = http.createServer(async (req, res) => {
  const file = path.join(clientDir, path.normalize(new URL(req.url ?? '/', 'http://x').pathname));
  if (file.startsWith(`${clientDir}/assets/`)) {
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
    return;
  }
  pages(req, res);
});
server.listen(Number(process.env.PORT ?? 3603), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
