/**
 * A download made of text pieces (an export read a batch at a time) as a response body: the next
 * piece is made while the one before it is sent, and never further ahead, so however long the
 * download, a few pieces are held at a time (the one being made, one waiting, the one being written).
 * When the visitor goes away the pieces stop being made; a failure part-way ends the download
 * unfinished (its status and headers are sent already) and `onError` says why.
 */
export function textStream(
  pieces: AsyncGenerator<string>,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<string>;
        try {
          next = await pieces.next();
        } catch (error) {
          if (cancelled) return;
          onError(error);
          controller.error(error);
          return;
        }
        // Cancelled while this piece was made: nothing more is sent or made.
        if (cancelled) return;
        if (next.done) controller.close();
        else controller.enqueue(Buffer.from(next.value));
      },
      async cancel() {
        cancelled = true;
        await pieces.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
