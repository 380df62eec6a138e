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
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('inline copies of our pictures (decision 054)', () => {
  it('has the public pictures’ copies once warmed, by the URL of their largest width', async () => {
    const { pictures } = folders();
    await pictures.warm();
    expect(pictures.get('/images/products/tilapia-800.webp')).toBe(dataUri('RIFF-tilapia'));
  });

  it('reads an uploaded picture’s copy in the background: the next page has it, this one does not wait', async () => {
    const { pictures, warnings } = folders();
    expect(pictures.get('/media/products/abc123-800.webp')).toBeUndefined();
    await settle();
    expect(pictures.get('/media/products/abc123-800.webp')).toBe(dataUri('RIFF-upload'));
    // A picture with no copy (uploaded before copies were made) simply has none, without a warning.
    expect(pictures.get('/media/products/old-800.webp')).toBeUndefined();
    await settle();
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
      pictures.get(url);
    await settle();
    expect(pictures.get('/media/products/huge-800.webp')).toBeUndefined();
    expect(pictures.get('https://elsewhere.example/fish.jpg')).toBeUndefined();
    expect(pictures.get('/media/../secret-800.webp')).toBeUndefined();
    expect(pictures.get('/media/%2e%2e/secret-800.webp')).toBeUndefined();
    expect(pictures.get('/images/../../secret-800.webp')).toBeUndefined();
  });
});
