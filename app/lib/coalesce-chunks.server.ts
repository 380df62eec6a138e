import { Transform } from 'node:stream';

/** How a turn's chunks leave the stream: joined as they are, or encoded (gzip-document.server.ts). */
export interface TurnEncoding {
  /** One chunk for what was written in one turn (never called with none). */
  encode(chunks: Buffer[]): Buffer;
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
      const rest = take();
      const end = encoding.finish?.();
      callback(null, rest && end ? Buffer.concat([rest, end]) : (rest ?? end));
    },
  });
  function take(): Buffer | undefined {
    scheduled = false;
    if (pending.length === 0) return undefined;
    const chunk = encoding.encode(pending);
    pending = [];
    return chunk;
  }
  function flushPending() {
    if (!scheduled) return;
    const chunk = take();
    if (chunk && !stream.destroyed) stream.push(chunk);
  }
  return stream;
}
