import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { rewriteHead } from '~/lib/script-priority.server';

const run = (chunks: Buffer[], append?: string) => text(Readable.from(chunks).pipe(rewriteHead({ append })));

const page =
  '<html><head><title>Fish ₦</title><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></head>' +
  '<body><p>₦4,800 per kg</p><link rel="modulepreload" href="/in-body.js"/></body></html>';
const expected = page
  .replace(
    '<link rel="modulepreload" href="/a.js"/>',
    '<link rel="modulepreload" fetchpriority="low" href="/a.js"/>',
  )
  .replace(
    '<link rel="modulepreload" href="/b.js"/>',
    '<link rel="modulepreload" fetchpriority="low" href="/b.js"/>',
  );

describe('module preloads go out at low priority', () => {
  it('marks the preloads in <head>, wherever the chunks split, and leaves the body and its characters intact', async () => {
    const bytes = Buffer.from(page);
    expect(await run([bytes])).toBe(expected);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await run([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
  });

  it('appends a server-only script just before </head>, wherever the chunks split, even byte by byte', async () => {
    const script = '<script nonce="n">catch()</script>';
    const withScript = expected.replace('</head>', `${script}</head>`);
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await run([bytes.subarray(0, cut), bytes.subarray(cut)], script)).toBe(withScript);
    }
    const oneByOne = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    expect(await run(oneByOne, script)).toBe(withScript);
  });

  it('passes a document without a head through, rewritten', async () => {
    expect(await run([Buffer.from('<link rel="modulepreload" href="/x.js"/>')])).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/x.js"/>',
    );
  });
});
