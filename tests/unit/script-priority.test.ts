import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowerModulePreloadPriority } from '~/lib/script-priority.server';

const run = (chunks: Buffer[]) => text(Readable.from(chunks).pipe(lowerModulePreloadPriority()));

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

  it('passes a document without a head through, rewritten', async () => {
    expect(await run([Buffer.from('<link rel="modulepreload" href="/x.js"/>')])).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/x.js"/>',
    );
  });
});
