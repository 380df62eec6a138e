/**
 * Writes the installable shop's icons (public/icons, listed in public/manifest.webmanifest) from the
 * favicon: run once when the favicon changes (`node scripts/make-icons.mjs`), and commit the PNGs.
 * "any" icons keep the favicon's rounded square; the maskable one is the fish on a full square with
 * the safe margin Android's masks need.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const favicon = readFileSync('public/favicon.svg', 'utf8');
const fish = favicon.replace(/<rect[^>]*\/>/, '');
const maskable = fish
  .replace('viewBox="0 0 64 64"', 'viewBox="-16 -16 96 96"')
  .replace('>', '><rect x="-16" y="-16" width="96" height="96" fill="#0e7490"/>');

for (const [name, svg, size] of [
  ['icon-192.png', favicon, 192],
  ['icon-512.png', favicon, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`public/icons/${name}`);
  console.log(`public/icons/${name}`);
}
