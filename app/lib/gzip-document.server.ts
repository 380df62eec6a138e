import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import type { TurnEncoding } from './coalesce-chunks.server';

const deflateRawOnThreadPool = promisify(deflateRaw);

/**
 * Bytes every page sends the same (the inlined stylesheet), deflated once at start-up: a page's gzip
 * stream carries them as they are instead of compressing ~43 KB again for every page (decision 031).
 */
export interface Precompressed {
  /** The bytes themselves: the very Buffer the page's stream carries, recognised by identity. */
  bytes: Buffer;
  /** Their raw deflate, ending byte-aligned on a sync flush and not final, so more can follow it. */
  deflated: Buffer;
}

export function precompress(bytes: Buffer): Precompressed {
  return { bytes, deflated: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }) };
}

// gzip's member header (RFC 1952): deflate, no flags, no time, no extra flags, unknown OS.
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty final block (fixed Huffman codes): ends a deflate stream whose blocks were all flushed.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * A page as one gzip stream, made as `pigz -i` makes one (independent blocks): the page's own bytes
 * are deflated in runs, each ending on a sync flush, and a precompressed part is put between runs as
 * it is. A run never refers back to anything before it, so its blocks decode the same wherever they
 * sit; the trailer's CRC-32 and length cover the whole page. For coalesceChunks: each turn's bytes go
 * out deflated and flushed, so a page that streams still shows each part as soon as it is rendered.
 *
 * Runs are deflated on the thread pool, as the compression middleware does: deflated on the main
 * thread the hello page served 6–12% more, but its process peaked ~12 MB higher (decision 031), and a
 * big page would hold up every other request while it was compressed.
 */
export function gzipEncoding(options: { level: number; precompressed: Precompressed }): TurnEncoding {
  const { level, precompressed } = options;
  let started = false;
  let crc = 0;
  let length = 0;
  return {
    encode(chunks) {
      const parts: (Buffer | Promise<Buffer>)[] = started ? [] : [HEADER];
      started = true;
      let run: Buffer[] = [];
      const deflateRun = () => {
        if (run.length === 0) return;
        const raw = run.length === 1 ? run[0]! : Buffer.concat(run);
        parts.push(deflateRawOnThreadPool(raw, { level, finishFlush: constants.Z_SYNC_FLUSH }));
        run = [];
      };
      for (const chunk of chunks) {
        crc = crc32(chunk, crc);
        length += chunk.length;
        if (chunk === precompressed.bytes) {
          deflateRun();
          parts.push(precompressed.deflated);
        } else {
          run.push(chunk);
        }
      }
      deflateRun();
      return Promise.all(parts).then((done) => (done.length === 1 ? done[0]! : Buffer.concat(done)));
    },
    finish() {
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      // ISIZE: the length modulo 2^32.
      trailer.writeUInt32LE(length % 2 ** 32, 4);
      return Buffer.concat([...(started ? [] : [HEADER]), FINAL_BLOCK, trailer]);
    },
  };
}
