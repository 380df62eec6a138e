import type { Writable } from 'node:stream';

/** The response, with the `flush` the compression middleware gives it. */
type Response = Writable & { flush?: () => void };

/**
 * A body still under way, written to the response as it comes: each chunk flushed through the
 * compressor at once (a page's Suspense boundaries reach the browser as React renders them), and the
 * next one read only when the socket has room for it. A response that closes early (the visitor left)
 * cancels the body, so a render or an export stops working for nobody; a body that fails part-way
 * ends the connection (its status and headers are gone already, so no error page can follow).
 *
 * What @react-router/node's writeReadableStreamToWritable does (7.18), without its leak: it races
 * every read and every wait for room against one promise that lives as long as the response, and each
 * race leaves a reaction on that promise which holds what the read returned. A CSV export of 100,000
 * orders kept every row it had sent alive until its last byte (~60 MB; decision 032).
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: Response): Promise<void> {
  const reader = body.getReader();
  let wake: (() => void) | undefined;
  const stop = () => void reader.cancel().catch(() => {});
  const gone = () => {
    stop();
    wake?.();
  };
  // One listener for the whole answer: the compression middleware moves 'drain' listeners onto its
  // compressor, where `once` could not take them off again (one left per wait otherwise).
  const drained = () => wake?.();
  res.once('close', gone);
  res.on('drain', drained);
  try {
    for (;;) {
      // Closed before this began (the visitor left while the first part was awaited) or while reading.
      if (res.destroyed) return stop();
      const { done, value } = await reader.read();
      if (res.destroyed) return stop();
      if (done) {
        res.end();
        return;
      }
      const room = res.write(value);
      res.flush?.();
      // 'drain' comes in a later turn, never from within write() or flush().
      if (!room) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } catch {
    stop();
    if (!res.destroyed) res.destroy();
  } finally {
    res.off('close', gone);
    res.off('drain', drained);
  }
}
