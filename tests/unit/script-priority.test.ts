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

/** Each chunk as the stream emitted it (flowing, so none are joined on the way out). */
function chunksFrom(stream: NodeJS.ReadableStream): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk));
    stream.on('end', () => resolve(out));
    stream.on('error', reject);
  });
}

describe('the inlined stylesheet fills its slot in the head', () => {
  const slot = '/*fc:inline-css*/';
  const css = Buffer.from('body{color:#0e7490}.price::after{content:"₦"}');
  const framed =
    `<html><head><style nonce="n">${slot}</style><link rel="modulepreload" href="/a.js"/></head>` +
    `<body><pre>${slot}</pre></body></html>`;
  const filled = framed
    .replace(slot, css.toString())
    .replace(
      '<link rel="modulepreload" href="/a.js"/>',
      '<link rel="modulepreload" fetchpriority="low" href="/a.js"/>',
    );
  const chunksOf = (chunks: Buffer[]) =>
    chunksFrom(Readable.from(chunks).pipe(rewriteHead({ fill: { slot, bytes: css } })));

  it('puts the bytes in the head’s slot, wherever the chunks split; a slot in the body stays text', async () => {
    const bytes = Buffer.from(framed);
    for (let cut = 1; cut < bytes.length; cut += 3) {
      const out = await chunksOf([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(Buffer.concat(out).toString()).toBe(filled);
    }
  });

  it('sends the very Buffer it was given, not a copy, page after page', async () => {
    for (let page = 0; page < 3; page++) {
      const out = await chunksOf([Buffer.from(framed)]);
      expect(out.some((chunk) => chunk === css)).toBe(true);
    }
    expect(css.toString()).toBe('body{color:#0e7490}.price::after{content:"₦"}');
  });

  it('leaves a page without the slot as it was', async () => {
    const out = await chunksOf([Buffer.from(page)]);
    expect(Buffer.concat(out).toString()).toBe(expected);
  });
});

describe('a page that shows its pictures first goes out with its scripts held (decision 051)', () => {
  const document =
    '<html><head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></head>' +
    '<body><p>Titus ₦4,800</p><script nonce="n">window.__ctx={}</script>' +
    '<script nonce="n" type="module" async="">import "/a.js";</script>' +
    '<pre> type="module" async=""</pre></body></html>';
  const held = document
    .replaceAll('<link rel="modulepreload"', '<link rel="x-held-modulepreload"')
    .replace('<script nonce="n" type="module"', '<script nonce="n" type="x-held-module"');
  const run = (chunks: Buffer[]) =>
    text(Readable.from(chunks).pipe(rewriteHead({ holdScripts: true, append: '<script>go()</script>' })));
  const expectedHeld = held.replace('</head>', '<script>go()</script></head>');

  it('holds the preloads and the module script that starts React, wherever the chunks split', async () => {
    const bytes = Buffer.from(document);
    expect(await run([bytes])).toBe(expectedHeld);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await run([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expectedHeld);
    }
    const oneByOne = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    expect(await run(oneByOne)).toBe(expectedHeld);
  });

  it('holds only the first module script; what follows streams through untouched', async () => {
    const out = await run([Buffer.from(document)]);
    expect(out).toContain('<pre> type="module" async=""</pre>');
    expect(out.match(/type="x-held-module"/g)).toHaveLength(1);
  });

  it('loses no byte of a body without a module script', async () => {
    const plain = '<html><head></head><body><p>Crayfish — ede ₦2,500</p></body></html>';
    const bytes = Buffer.from(plain);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await run([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(
        plain.replace('</head>', '<script>go()</script></head>'),
      );
    }
  });

  it('streams the body as it comes, holding back no more than the few bytes that might start the type', async () => {
    const before = `<html><head></head><body>${'<p>Smoked catfish, ₦6,500</p>'.repeat(20)}`;
    const module = '<script nonce="n" type="module" async="">import "/a.js";</script>';
    const after = '<p>Reviews</p></body></html>';
    const bytes = Buffer.from(before + module + after);
    const stream = rewriteHead({ holdScripts: true });
    let out = Buffer.alloc(0);
    stream.on('data', (chunk: Buffer) => (out = Buffer.concat([out, chunk])));
    const moduleAt = Buffer.byteLength(before);
    const grown = Buffer.byteLength('x-held-module') - Buffer.byteLength('module');
    for (let at = 0; at < bytes.length; at += 10) {
      stream.write(bytes.subarray(at, at + 10));
      await new Promise((resolve) => setImmediate(resolve));
      const written = Math.min(at + 10, bytes.length);
      if (written <= moduleAt) {
        expect(written - out.length).toBeLessThanOrEqual(' type="module" async=""'.length - 1);
      } else if (written >= moduleAt + module.length) {
        expect(out.length).toBe(written + grown);
      }
    }
    stream.end();
    expect(out.toString()).toBe(before + module.replace('type="module"', 'type="x-held-module"') + after);
  });
});
