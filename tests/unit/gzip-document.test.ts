import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { constants, gunzipSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, pickEncoding } from '#server/accept-encoding';
import { coalesceChunks } from '~/lib/coalesce-chunks.server';
import { gzipEncoding, precompress } from '~/lib/gzip-document.server';

const stylesheet = precompress(Buffer.from('body{margin:0;color:#0e7490}'.repeat(400) + '/* ₦ */'));
const encoder = () => coalesceChunks(gzipEncoding({ level: 6, precompressed: stylesheet }));
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a page as one gzip stream with the stylesheet deflated once', () => {
  it('decodes (CRC-32 and length checked) to exactly the page, with the stylesheet’s deflate carried as it is', async () => {
    const head = Buffer.from('<!DOCTYPE html><html lang="en"><head><style>');
    const tail = Buffer.from('</style></head><body><h1>Fresh catfish, ₦4,800 per kg</h1>');
    const streamed = Buffer.from('<template>streamed later</template></body></html>');
    const stream = encoder();
    const out = buffer(stream);
    stream.write(head);
    stream.write(stylesheet.bytes);
    stream.write(tail);
    await nextTurn();
    stream.end(streamed);
    const gzipped = await out;

    const page = Buffer.concat([head, stylesheet.bytes, tail, streamed]);
    expect(gunzipSync(gzipped).equals(page)).toBe(true);
    expect(gzipped.includes(stylesheet.deflated)).toBe(true);
    expect(gzipped.length).toBeLessThan(page.length / 4);
  });

  it('sends each turn’s part as soon as it is deflated, decodable before the page ends (a streamed page shows as it comes)', async () => {
    const stream = encoder();
    const firstPart = new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.write(Buffer.from('<html><head>'));
    stream.write(stylesheet.bytes);
    stream.write(Buffer.from('</head><body>shell'));
    // The gzip header (10 bytes), then deflate blocks that end on a flush: all of it readable now.
    const part = await firstPart;
    const soFar = inflateRawSync(part.subarray(10), { finishFlush: constants.Z_SYNC_FLUSH });
    expect(soFar.toString()).toBe(`<html><head>${stylesheet.bytes}</head><body>shell`);
    stream.end();
  });

  it('keeps bytes that are not text, and chunks that merely equal the stylesheet, intact', async () => {
    const noise = randomBytes(70_000);
    const copy = Buffer.from(stylesheet.bytes);
    const stream = encoder();
    const out = buffer(stream);
    stream.write(noise.subarray(0, 30_000));
    stream.write(copy);
    await nextTurn();
    stream.write(noise.subarray(30_000));
    stream.end(stylesheet.bytes);
    const page = Buffer.concat([noise.subarray(0, 30_000), copy, noise.subarray(30_000), stylesheet.bytes]);
    expect(gunzipSync(await out).equals(page)).toBe(true);
  });

  it('fails the stream, not the process, when a turn cannot be encoded', async () => {
    const stream = coalesceChunks({ encode: () => Promise.reject(new Error('deflate failed')) });
    const failed = new Promise<Error>((resolve) => stream.once('error', resolve));
    stream.resume();
    stream.write(Buffer.from('<html>'));
    expect((await failed).message).toBe('deflate failed');
  });

  it('fails the stream, not the process, when an encoding throws', async () => {
    const stream = coalesceChunks({
      encode: () => {
        throw new Error('out of memory');
      },
    });
    const failed = new Promise<Error>((resolve) => stream.once('error', resolve));
    stream.resume();
    stream.write(Buffer.from('<html>'));
    expect((await failed).message).toBe('out of memory');
  });

  it('gzips for clients that take it, by Accept-Encoding with its q-values', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['br', 'gzip'])).toBe(true);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('sends a stored copy in Brotli where the client takes it, else gzip, else plain', () => {
    expect(pickEncoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('gzip, deflate, br, zstd', ['gzip'])).toBe('gzip');
    expect(pickEncoding('gzip, br;q=0', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('*', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('identity', ['br', 'gzip'])).toBeUndefined();
    expect(pickEncoding(undefined, ['br', 'gzip'])).toBeUndefined();
  });

  it('makes a valid empty gzip stream of an empty page', async () => {
    const stream = encoder();
    const out = buffer(stream);
    stream.end();
    expect(gunzipSync(await out).length).toBe(0);
  });
});
