import { Transform } from 'node:stream';

/** How a turn's chunks leave the stream: joined as they are, or encoded (gzip-document.server.ts). */
export interface TurnEncoding {
  /** One chunk for what was written in one turn (never called with none), now or once it is encoded. */
  encode(chunks: Buffer[]): Buffer | Promise<Buffer>;
  /** What closes the stream after the last turn, if anything. */
  finish?(): Buffer;
}

const joined: TurnEncoding = {
  encode: (chunks) => (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)),
};

/**
 * React writes a page as many small chunks (a few KB each), and every chunk costs a trip through the
 * web-stream adapter, the compressor and a socket write. This gathers what React writes in one turn of
 * the event loop and passes it on as one chunk, so a page rendered in one go is compressed and written
 * once; content that streams in later (a Suspense boundary) still goes out as soon as it is rendered.
 */
export function coalesceChunks(encoding: TurnEncoding = joined): Transform {
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
      take();
      sent.then(() => encoding.finish?.()).then((end) => callback(null, end), callback);
    },
  });
  // Turns leave in the order they were written, each once its encoding is done.
  let sent: Promise<void> = Promise.resolve();
  function take() {
    scheduled = false;
    if (pending.length === 0) return;
    const chunks = pending;
    pending = [];
    // An encoding that throws fails the stream as one that rejects does, never the process.
    const encoded = new Promise<Buffer>((resolve) => resolve(encoding.encode(chunks)));
    sent = Promise.all([sent, encoded]).then(([, chunk]) => {
      if (!stream.destroyed) stream.push(chunk);
    });
    sent.catch((error: Error) => stream.destroy(error));
  }
  function flushPending() {
    if (scheduled) take();
  }
  return stream;
}
