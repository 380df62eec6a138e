import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { hasSessionCookie } from './cookies';

/** The most a form or JSON body may carry. Uploads will have a route and a limit of their own. */
export const MAX_BODY_BYTES = 1024 * 1024;

export const BODY_TOO_LARGE_MESSAGE = 'This request is too large. Forms and data may be at most 1 MB.';

/** The body read by `readBoundedBody`: every later reader (React Router, Better Auth) takes it from here. */
const BODY = Symbol('freshcatch.request-body');

type WithBody = IncomingMessage & { [BODY]?: Buffer; body?: unknown };

/** The request's body as read within the limit: empty for GET/HEAD or a request without one. */
export function bufferedBody(req: IncomingMessage): Buffer {
  return (req as WithBody)[BODY] ?? Buffer.alloc(0);
}

/** A route allowed a larger body than the default, for the callers `allowed` says yes to. */
export interface LargerBody {
  limit: number;
  /** Asked before a byte of the body is read (a session checked in the database). */
  allowed(req: Request): Promise<boolean>;
}

/**
 * Reads every request body before any route sees it, counting bytes as they arrive: a declared
 * Content-Length over the limit is refused before a byte is read, and a body that grows past it
 * (chunked, or lying about its length) is cut off there. Either way the answer is 413 and the
 * connection is closed, so at most `limit` bytes per request are ever held in memory.
 */
export function readBoundedBody(
  options: {
    limit?: number;
    routes?: Record<string, LargerBody>;
    /** Routes whose path has a parameter (a buyer's order page), by pattern: `allowed` reads it from req.path. */
    patterns?: { path: RegExp; body: LargerBody }[];
  } = {},
): RequestHandler {
  const { limit: defaultLimit = MAX_BODY_BYTES, routes = {}, patterns = [] } = options;
  return (req, res, next) => {
    // A request after a refused body on the same connection: the connection is closing, and nothing
    // it asks is done (its answer could not be sent anyway).
    if ((req.socket as Socket & { [LINGERING]?: true })[LINGERING]) return;
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    // A route with a larger allowance of its own (picture uploads), by exact path, and only for the
    // callers it allows (an admin whose session the database confirms): anyone else never gets more
    // than the default to hold in memory, and is refused before their body is read.
    const larger = hasSessionCookie(req.headers.cookie)
      ? (routes[req.path] ?? patterns.find((route) => route.path.test(req.path))?.body)
      : undefined;
    if (!larger) return readWithin(req, res, next, defaultLimit, defaultLimit);
    larger.allowed(req).then(
      (allowed) => readWithin(req, res, next, allowed ? larger.limit : defaultLimit, defaultLimit),
      () => readWithin(req, res, next, defaultLimit, defaultLimit),
    );
  };
}

/**
 * Marks a connection closing after a refused body: a request a client sends after it on the same
 * connection (pipelined, while the rest is dropped) is never acted on, as HTTP asks of a server that
 * said `Connection: close`.
 */
const LINGERING = Symbol('freshcatch.lingering');

/** How long a refused upload may go on arriving, to be dropped, after the answer is out. */
const LINGER_MS = 2000;

/**
 * Closes the connection of a refused body without losing the answer (a lingering close, as Apache
 * and nginx do). Closing a socket while the client is still uploading makes the kernel send a reset,
 * and a reset can destroy the 413 before the client has read it: the buyer sees "connection reset"
 * instead of the message. So once the answer is out we end our side, read and drop whatever still
 * arrives for at most LINGER_MS, and only then close. Node ends a `Connection: close` socket through
 * `destroySoon()` when the answer finishes, which destroys it at once: this replaces it.
 */
function closeLingering(req: Request) {
  const socket = req.socket as Socket & { destroySoon?: () => void; [LINGERING]?: true };
  socket[LINGERING] = true;
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    // Flowing with nobody listening: the parser reads the rest of the body and it is dropped.
    req.resume();
  };
}

/** Reads the body within `limit` bytes (see readBoundedBody); 413 past it. */
function readWithin(req: Request, res: Response, next: NextFunction, limit: number, defaultLimit: number) {
  const refuse = () => {
    req.unpipe();
    req.pause();
    res.set('Connection', 'close');
    res
      .status(413)
      .type('text/plain')
      .send(
        limit === defaultLimit
          ? BODY_TOO_LARGE_MESSAGE
          : `This upload is too large (at most ${Math.floor(limit / 1024 / 1024)} MB).`,
      );
    closeLingering(req);
  };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return refuse();

  const chunks: Buffer[] = [];
  let received = 0;
  let done = false;
  const finish = (error?: unknown) => {
    if (done) return;
    done = true;
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    if (error) return next(error);
    const body = Buffer.concat(chunks, received);
    (req as WithBody)[BODY] = body;
    // Better Auth's Node adapter reads `req.body` when the stream has already been consumed.
    if (received > 0) (req as WithBody).body = body.toString('utf8');
    next();
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) {
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      chunks.length = 0;
      return refuse();
    }
    chunks.push(chunk);
  };
  const onEnd = () => finish();
  const onError = (error: Error) => {
    // The client went away mid-body: nothing to answer.
    if (req.destroyed || res.headersSent) {
      done = true;
      return;
    }
    finish(Object.assign(error, { status: 400 }));
  };
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onError);
}
