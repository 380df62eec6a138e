import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createInlinePictures, INLINE_MAX_BYTES } from '#server/inline-pictures';

/** A public folder and a media folder with a few inline copies, as the build and uploads leave them. */
function folders() {
  const root = mkdtempSync(path.join(tmpdir(), 'freshcatch-inline-'));
  const publicDir = path.join(root, 'client');
  const mediaDir = path.join(root, 'media');
  mkdirSync(path.join(publicDir, 'images', 'products'), { recursive: true });
  mkdirSync(path.join(mediaDir, 'products'), { recursive: true });
  writeFileSync(path.join(publicDir, 'images', 'products', 'tilapia-inline.webp'), 'RIFF-tilapia');
  writeFileSync(path.join(mediaDir, 'products', 'abc123-inline.webp'), 'RIFF-upload');
  writeFileSync(path.join(mediaDir, 'products', 'huge-inline.webp'), Buffer.alloc(INLINE_MAX_BYTES + 1));
  writeFileSync(path.join(root, 'secret-inline.webp'), 'not a picture of ours');
  const warnings: object[] = [];
  const pictures = createInlinePictures({ publicDir, mediaDir, logger: { warn: (o) => warnings.push(o) } });
  return { pictures, warnings };
}

const dataUri = (text: string) => `data:image/webp;base64,${Buffer.from(text).toString('base64')}`;

describe('inline copies of our pictures (decision 054)', () => {
  it('has the public pictures’ copies once warmed, by the URL of their largest width', async () => {
    const { pictures } = folders();
    await pictures.warm();
    expect(pictures.get('/images/products/tilapia-800.webp')).toBe(dataUri('RIFF-tilapia'));
  });

  it('reads an uploaded picture’s copy in the background: the next page has it, this one does not wait', async () => {
    const { pictures, warnings } = folders();
    expect(pictures.get('/media/products/abc123-800.webp')).toBeUndefined();
    await pictures.load('/media/products/abc123-800.webp');
    expect(pictures.get('/media/products/abc123-800.webp')).toBe(dataUri('RIFF-upload'));
    // A picture with no copy (uploaded before copies were made) simply has none, without a warning.
    expect(pictures.get('/media/products/old-800.webp')).toBeUndefined();
    await pictures.load('/media/products/old-800.webp');
    expect(pictures.get('/media/products/old-800.webp')).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('carries no copy larger than its limit, none of a picture not ours, and nothing outside its folders', async () => {
    const { pictures } = folders();
    for (const url of [
      '/media/products/huge-800.webp',
      'https://elsewhere.example/fish.jpg',
      '/media/../secret-800.webp',
      '/media/%2e%2e/secret-800.webp',
      '/images/../../secret-800.webp',
    ])
      await pictures.load(url);
    expect(pictures.get('/media/products/huge-800.webp')).toBeUndefined();
    expect(pictures.get('https://elsewhere.example/fish.jpg')).toBeUndefined();
    expect(pictures.get('/media/../secret-800.webp')).toBeUndefined();
    expect(pictures.get('/media/%2e%2e/secret-800.webp')).toBeUndefined();
    expect(pictures.get('/images/../../secret-800.webp')).toBeUndefined();
  });

  it('reads an S3 picture’s copy from the store’s own address only, no more than it may carry, and tries a passing failure again later', async () => {
    const asked: string[] = [];
    const answers: Record<string, () => Response> = {
      'https://cdn.example/media/products/a-inline.webp': () => new Response('RIFF-a'),
      'https://cdn.example/media/products/big-inline.webp': () =>
        new Response(new Uint8Array(INLINE_MAX_BYTES * 4)),
      'https://cdn.example/media/products/gone-inline.webp': () => new Response('', { status: 404 }),
    };
    let busy = true;
    answers['https://cdn.example/media/products/busy-inline.webp'] = () =>
      busy ? new Response('', { status: 503 }) : new Response('RIFF-busy');
    let clock = 1_000_000;
    const warnings: object[] = [];
    const pictures = createInlinePictures({
      publicDir: '/nowhere',
      mediaDir: '/nowhere',
      remoteBase: 'https://cdn.example',
      logger: { warn: (o) => warnings.push(o) },
      now: () => clock,
      fetch: (input) => {
        const url = String(input);
        asked.push(url);
        return Promise.resolve(answers[url]?.() ?? new Response('', { status: 404 }));
      },
    });
    const at = (name: string) => `https://cdn.example/media/products/${name}-800.webp`;
    for (const name of ['a', 'big', 'gone', 'busy']) await pictures.load(at(name));
    await pictures.load('https://elsewhere.example/media/products/x-800.webp');
    expect(pictures.get(at('a'))).toBe(dataUri('RIFF-a'));
    expect(pictures.get(at('big'))).toBeUndefined();
    expect(pictures.get(at('gone'))).toBeUndefined();
    expect(pictures.get(at('busy'))).toBeUndefined();
    expect(asked).not.toContain('https://elsewhere.example/media/products/x-inline.webp');
    expect(warnings).toHaveLength(1);
    // The store is well again: not asked within the minute, asked after it.
    busy = false;
    await pictures.load(at('busy'));
    expect(pictures.get(at('busy'))).toBeUndefined();
    clock += 61_000;
    await pictures.load(at('busy'));
    expect(pictures.get(at('busy'))).toBe(dataUri('RIFF-busy'));
    // A copy had, or known to be missing, is never asked for again.
    const before = asked.length;
    for (const name of ['a', 'gone', 'busy']) await pictures.load(at(name));
    expect(asked.length).toBe(before);
  });
});
