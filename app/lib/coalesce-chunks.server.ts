import { Transform } from 'node:stream';

/**
 * React writes a page as many small chunks (a few KB each), and every chunk costs a trip through the
 * web-stream adapter, the compressor (a zlib call on the thread pool) and a socket write. This gathers
 * what React writes in one turn of the event loop and passes it on as one chunk, so a page rendered in
 * one go is compressed and written once; content that streams in later (a Suspense boundary) still goes
 * out as soon as it is rendered.
 */
export function coalesceChunks(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flushPending);
      }
      callback();
    },
    flush(callback) {
      const rest = take();
      callback(null, rest);
    },
  });
  function take(): Buffer | undefined {
    scheduled = false;
    if (pending.length === 0) return undefined;
    const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    return joined;
  }
  function flushPending() {
    if (!scheduled) return;
    const joined = take();
    if (joined && !stream.destroyed) stream.push(joined);
  }
  return stream;
}
