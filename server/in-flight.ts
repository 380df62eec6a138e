import type { Server, ServerResponse } from 'node:http';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_TEXT } from './unavailable';

/**
 * Keeps the answers a server still owes. The function it returns is for a process about to die of
 * an error: it stops taking connections (a live process takes them instead), closes idle ones, and
 * answers every request it holds 503 with Retry-After, or cuts it off if its answer had begun, so that
 * no client is left waiting for a process that is gone.
 */
export function trackRequestsInFlight(server: Server): () => void {
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return () => {
    server.close();
    server.closeIdleConnections();
    for (const res of inFlight) {
      if (res.headersSent) {
        res.destroy();
        continue;
      }
      res
        .writeHead(503, {
          'Content-Type': 'text/plain; charset=utf-8',
          'Retry-After': String(RETRY_AFTER_SECONDS),
          Connection: 'close',
        })
        .end(UNAVAILABLE_TEXT);
    }
  };
}
