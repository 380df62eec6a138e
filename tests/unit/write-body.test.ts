import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import compression from 'compression';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { writeBody } from '../../server/write-body';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A response that takes what it is given, keeps only a count, and makes room when told to. */
function response(options: { highWaterMark?: number; slow?: boolean } = {}) {
  const pending: (() => void)[] = [];
  let bytes = 0;
  let flushes = 0;
  const res = Object.assign(
    new Writable({
      highWaterMark: options.highWaterMark ?? 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        if (options.slow) pending.push(callback);
        else callback();
      },
    }),
    { flush: () => void flushes++ },
  );
  return {
    res,
    bytes: () => bytes,
    flushes: () => flushes,
    makeRoom: () => pending.splice(0).forEach((callback) => callback()),
  };
}

/** A body of `count` chunks of `size` bytes, read on demand; `reads()` says how many were asked for. */
function body(count: number, size: number, options: { hold?: number; failAt?: number } = {}) {
  let reads = 0;
  let canceled = false;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const refs: WeakRef<Uint8Array>[] = [];
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (reads === options.hold) await held;
        if (reads === options.failAt) throw new Error('the database went away');
        if (reads === count) return controller.close();
        const chunk = new Uint8Array(size).fill(65 + (reads % 26));
        refs.push(new WeakRef(chunk));
        reads++;
        controller.enqueue(chunk);
      },
      cancel: () => void (canceled = true),
    },
    { highWaterMark: 0 },
  );
  return { stream, reads: () => reads, canceled: () => canceled, release, refs };
}

describe('writeBody: a streamed answer written to the response', () => {
  it('writes every chunk, flushing each through the compressor, and ends the response', async () => {
    const { res, bytes, flushes } = response();
    const { stream } = body(20, 1000);
    await writeBody(stream, res);
    expect(bytes()).toBe(20_000);
    expect(flushes()).toBe(20);
    expect(res.writableEnded).toBe(true);
  });

  it('reads the next chunk only when the response has room for it', async () => {
    const { res, makeRoom } = response({ highWaterMark: 4096, slow: true });
    const source = body(50, 4096);
    const writing = writeBody(source.stream, res);
    for (let i = 0; i < 5; i++) await turn();
    // The first chunk fills the response's buffer; nothing more is read until it drains.
    expect(source.reads()).toBe(1);
    makeRoom();
    for (let i = 0; i < 5; i++) await turn();
    expect(source.reads()).toBe(2);
    for (let i = 0; i < 60 && source.reads() < 50; i++) {
      makeRoom();
      await turn();
    }
    makeRoom();
    await writing;
    expect(source.reads()).toBe(50);
    expect(res.writableEnded).toBe(true);
  });

  it('keeps no chunk it has written: a long export holds one chunk at a time, not all it sent', async () => {
    const { res } = response();
    // 200 chunks of 64 KB (12.5 MB) sent, then the source waits (a slow query) with the response open.
    const source = body(400, 64 * 1024, { hold: 200 });
    const writing = writeBody(source.stream, res);
    while (source.reads() < 200) await turn();
    for (let i = 0; i < 5; i++) await turn();
    gc();
    await turn();
    gc();
    const alive = source.refs.filter((ref) => ref.deref() !== undefined).length;
    expect(alive).toBeLessThanOrEqual(2);
    source.release();
    await writing;
    expect(res.writableEnded).toBe(true);
  });

  it('cancels the body when the visitor goes away, and does not end the closed response', async () => {
    const { res } = response();
    const source = body(100, 1000, { hold: 10 });
    const writing = writeBody(source.stream, res);
    while (source.reads() < 10) await turn();
    res.destroy();
    await turn();
    source.release();
    await writing;
    expect(source.canceled()).toBe(true);
    expect(source.reads()).toBeLessThan(100);
    expect(res.writableEnded).toBe(false);
  });

  it('ends the connection when the body fails part-way (the status line is gone already)', async () => {
    const { res, bytes } = response();
    const source = body(100, 1000, { failAt: 5 });
    await writeBody(source.stream, res);
    expect(bytes()).toBe(5000);
    expect(res.destroyed).toBe(true);
    expect(res.writableEnded).toBe(false);
  });

  it('cancels the body when the visitor left before the writing began, and writes nothing', async () => {
    const { res, bytes } = response();
    const source = body(100, 1000);
    res.destroy();
    await turn();
    await writeBody(source.stream, res);
    expect(source.canceled()).toBe(true);
    expect(bytes()).toBe(0);
  });

  it('waits for room through the compression middleware without piling up listeners', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const app = express();
    app.use(compression());
    // 64 KB chunks into a compressor that takes 16 KB before it asks the writer to wait: a wait for
    // 'drain' after nearly every one of the 300 chunks.
    app.get('/', (_req, res) => {
      res.setHeader('Content-Type', 'text/csv');
      void writeBody(body(300, 64 * 1024).stream, res);
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(answer.headers.get('Content-Encoding')).toBe('gzip');
      expect((await answer.arrayBuffer()).byteLength).toBe(300 * 64 * 1024);
      await turn();
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      server.close();
    }
  });
});
