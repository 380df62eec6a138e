import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import {
  createRequestHandler as createReactRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from 'react-router';
import type { RequestState } from './request-context';
import { bufferedBody } from './request-body';
import { RETRY_AFTER_SECONDS } from './unavailable';
import { writeBody } from './write-body';
import { OFFLINE_COPY_HEADER, OFFLINE_COPY_VALUE } from '../sw/rules';

/**
 * React Router behind Express, as @react-router/express does it, with one difference: the body is the
 * one `readBoundedBody` already read within the limit, not the raw socket stream, so no route can be
 * made to hold an unbounded body in memory (request-body.ts).
 */
export function createPageHandler(options: {
  build: ServerBuild;
  mode: 'production' | 'development';
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  /** What went wrong while answering (set by entry.server.tsx's handleError). */
  requestStateOf: (req: ExpressRequest, res: ExpressResponse) => RequestState;
}): RequestHandler {
  const handle = createReactRouterHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const context = options.getLoadContext(req, res);
      const response = await handle(fetchRequestFor(req, res), context);
      const state = options.requestStateOf(req, res);
      // A page that read who the visitor is, though its route declared it shared, is theirs alone: no
      // phone keeps a copy of it either (the server's page cache refuses it too, server/page-cache.ts).
      // A page declared theirs for this visit (a farm's) stays so.
      if (state.readsVisitor && response.headers.get(OFFLINE_COPY_HEADER) === OFFLINE_COPY_VALUE)
        response.headers.delete(OFFLINE_COPY_HEADER);
      await sendResponse(res, state.databaseUnavailable ? unavailable(response) : response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A page, data or resource request that failed because the database could not be reached (recorded by
 * handleError in entry.server.tsx) is a 503 with Retry-After, not a 500: the same page (the error
 * boundary's), and a hint to browsers, crawlers and load balancers to come back shortly.
 */
function unavailable(response: Response): Response {
  if (response.status < 500) return response;
  const headers = new Headers(response.headers);
  headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, statusText: 'Service Unavailable', headers });
}

/** The request as React Router sees it, made once per request (the page cache reads it first). */
export function fetchRequestFor(req: ExpressRequest, res: ExpressResponse): Request {
  return ((res.locals.fetchRequest as Request | undefined) ??= toFetchRequest(req, res));
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // The host as @react-router/express reads it: X-Forwarded-Host only behind a trusted proxy.
  const forwarded = req.app.enabled('trust proxy') ? req.get('X-Forwarded-Host') : undefined;
  const port = [forwarded, req.get('host')]
    .map((host) => Number.parseInt(host?.split(':')[1] ?? '', 10))
    .find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost';
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ''}${req.originalUrl}`);

  const controller = new AbortController();
  let finished = false;
  res.on('finish', () => (finished = true));
  res.on('close', () => finished || controller.abort());

  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : bufferedBody(req);
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: body && new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
  });
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.writableEnded || res.destroyed) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (!response.body) {
    res.end();
    return;
  }
  let ready: ReadyPart;
  try {
    ready = await readyPart(response.body);
  } catch {
    // A body that fails at once ends the connection, as one that fails later does (its status and
    // headers are already set, so no error page can follow them).
    if (!res.destroyed) res.destroy();
    return;
  }
  if (ready.complete) {
    if (res.destroyed) return;
    // The whole body is here: sent with its length, which lets the compression middleware leave a
    // small one alone (under its 1 KB threshold) and compress a big one whole.
    if (!res.hasHeader('Content-Length')) res.setHeader('Content-Length', ready.bytes);
    for (const chunk of ready.chunks) res.write(chunk);
    res.end();
    return;
  }
  await writeBody(ready.stream, res);
}

type ReadyPart =
  | { complete: true; chunks: Uint8Array[]; bytes: number }
  | { complete: false; stream: ReadableStream<Uint8Array> };

/**
 * What the body has ready within this turn of the event loop. Most answers are complete by then: an
 * action's or a loader's data (`.data`), a small JSON answer, a page without anything suspended.
 * Streamed as they come, each would be compressed however small (the middleware cannot see a length),
 * and a compressor costs ~0.3–0.5 ms of CPU to set up (decision 029): an order's 328 bytes of data
 * cost more to deflate than to send. A body still under way is passed on as it comes, undelayed.
 */
async function readyPart(body: ReadableStream<Uint8Array>): Promise<ReadyPart> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let pending = reader.read();
  const nextTurn = new Promise<'later'>((resolve) => setImmediate(resolve, 'later'));
  for (;;) {
    const result = await Promise.race([pending, nextTurn]);
    if (result === 'later') break;
    if (result.done) {
      reader.releaseLock();
      return { complete: true, chunks, bytes };
    }
    chunks.push(result.value);
    bytes += result.value.byteLength;
    pending = reader.read();
  }
  let next: typeof pending | null = pending;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const result = await (next ?? reader.read());
      next = null;
      if (result.done) controller.close();
      else controller.enqueue(result.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { complete: false, stream };
}
