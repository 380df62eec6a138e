import { describe, expect, it } from 'vitest';
import { textStream } from '~/lib/text-stream.server';

const turn = () => new Promise((resolve) => setImmediate(resolve));
const turns = async (count: number) => {
  for (let i = 0; i < count; i++) await turn();
};

/** The download cancelled while a piece is being made (a slow query), which then finishes. */
async function cancelMidPiece(reader: ReadableStreamDefaultReader<Uint8Array>, release: () => void) {
  await turns(5);
  const cancelled = reader.cancel();
  release();
  await cancelled;
  await turns(5);
}

/** Pieces made on demand, each taking until `release()` from the piece numbered `holdAt` on. */
function pieces(count: number, options: { holdAt?: number; failAt?: number } = {}) {
  const made: number[] = [];
  let finished = false;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  async function* generate() {
    try {
      for (let i = 0; i < count; i++) {
        if (i === options.holdAt) await held;
        if (i === options.failAt) throw new Error('the database went away');
        made.push(i);
        yield `piece ${i}, naira ₦\n`;
      }
    } finally {
      finished = true;
    }
  }
  return { generator: generate(), made, finished: () => finished, release };
}

describe('textStream: a download made of text pieces', () => {
  it('sends every piece as UTF-8 bytes, in order', async () => {
    const source = pieces(3);
    const text = await new Response(textStream(source.generator, () => {})).text();
    expect(text).toBe('piece 0, naira ₦\npiece 1, naira ₦\npiece 2, naira ₦\n');
    expect(source.finished()).toBe(true);
  });

  it('makes one piece ahead of what has been read, no more', async () => {
    const source = pieces(100);
    const reader = textStream(source.generator, () => {}).getReader();
    await turns(5);
    expect(source.made).toEqual([0]);
    await reader.read();
    await turns(5);
    expect(source.made).toEqual([0, 1]);
    await reader.cancel();
  });

  it('stops making pieces when the visitor goes away, even mid-piece, and reports no error', async () => {
    const source = pieces(100, { holdAt: 2 });
    const errors: unknown[] = [];
    const reader = textStream(source.generator, (error) => errors.push(error)).getReader();
    await reader.read();
    await reader.read();
    // Piece 2 is being made when the download is cancelled.
    await cancelMidPiece(reader, source.release);
    expect(source.finished()).toBe(true);
    expect(source.made.length).toBeLessThanOrEqual(3);
    expect(errors).toEqual([]);
  });

  it('ends the download unfinished and reports why when a piece fails', async () => {
    const source = pieces(10, { failAt: 2 });
    const errors: unknown[] = [];
    const reader = textStream(source.generator, (error) => errors.push(error)).getReader();
    expect((await reader.read()).done).toBe(false);
    expect((await reader.read()).done).toBe(false);
    await expect(reader.read()).rejects.toThrow('the database went away');
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('the database went away');
  });

  it('reports nothing when a piece fails after the visitor went away', async () => {
    const source = pieces(10, { holdAt: 1, failAt: 1 });
    const errors: unknown[] = [];
    const reader = textStream(source.generator, (error) => errors.push(error)).getReader();
    await reader.read();
    await cancelMidPiece(reader, source.release);
    expect(errors).toEqual([]);
  });
});
