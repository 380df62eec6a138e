/**
 * `npm run bench:uploads`: what picture uploads do to a server process's memory. The shop
 * runs as `npm run serve` runs it (the supervisor and one server process, 128 MB heap cap) on
 * PostgreSQL (DATABASE_URL, or a throwaway cluster), so that the embedded database's own memory does
 * not hide the pictures'; an admin sends eight pictures at once, twice:
 *   1. the probe's pictures: 39.7 megapixels at 16 bits per sample (~320 MB each once decoded), which
 *      the header check now refuses before decoding;
 *   2. the largest pictures still taken: 19.4 megapixels at 16 bits (~116 MB each decoded), decoded
 *      one at a time.
 * It prints the server process's resident memory before, at its peak and 15 s after each round, as a
 * ratio to its memory before the first round, and PASS/MISS for: the peak at most one decode above where it
 * started (≤ before + 200 MB), and memory back within 64 MB of where it started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { benchNodeVersion, ensurePostgres, serveShop, signIn, table, verdict } from './lib';
import { freshDatabase, shopEnv } from '../tests/support/shop';

const PORT = 3631;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'uploads.admin@freshcatch.ng', password: 'uploads-admin-password' };
const AT_ONCE = 8;

async function deepPicture(width: number, height: number, shade: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 94, b: 117 } } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function upload(cookie: string, picture: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), name);
  const response = await fetch(`${BASE}/admin/products/image`, {
    method: 'POST',
    body: form,
    headers: { origin: BASE, cookie },
  });
  await response.arrayBuffer();
  return response.status;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'freshcatch-bench-uploads-'));
console.log(`bench:uploads on ${benchNodeVersion()}`);
const postgres = await ensurePostgres();
const { url: databaseUrl } = await freshDatabase(postgres.url, 'fc_bench_uploads');
const shop = await serveShop(
  shopEnv({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
  }),
);
try {
  const cookie = await signIn(BASE, ADMIN.email, ADMIN.password);
  // One small upload first: sharp and libvips are loaded on the first picture, once per process.
  await upload(
    cookie,
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
    'warm.png',
  );
  // The server process is the largest of the two; the supervisor stays small.
  const serverRss = () => shop.memory().largestRssMb;
  const start = serverRss();
  const rows: (string | number)[][] = [
    ['round', 'answers', 'seconds', 'RSS before', 'peak', 'RSS 15 s after'],
  ];
  let worstPeakRise = 0;
  let worstAfterRise = 0;
  for (const [label, width, height] of [
    ['8 × 39.7 MP, 16-bit (refused by header)', 7700, 5160],
    ['8 × 19.4 MP, 16-bit (decoded)', 4400, 4400],
  ] as const) {
    const pictures = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => deepPicture(width, height, 40 + i)),
    );
    const before = serverRss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, serverRss())), 50);
    const began = Date.now();
    const statuses = await Promise.all(pictures.map((p, i) => upload(cookie, p, `deep-${i}.png`)));
    const seconds = ((Date.now() - began) / 1000).toFixed(1);
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const after = serverRss();
    worstPeakRise = Math.max(worstPeakRise, peak - start);
    worstAfterRise = Math.max(worstAfterRise, after - start);
    const ratio = (mb: number) => `${mb} MB (${(mb / start).toFixed(2)}×)`;
    const counts = Object.entries(
      statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {}),
    )
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
    rows.push([label, counts, seconds, ratio(before), ratio(peak), ratio(after)]);
  }
  console.log(`RSS of the server process at the start (after one small upload): ${start} MB`);
  table(rows);
  console.log(
    `peak ≤ start + 200 MB (one decode at a time)`.padEnd(60),
    verdict(worstPeakRise <= 200),
    `+${worstPeakRise} MB`,
  );
  console.log(
    `memory back within 64 MB of the start`.padEnd(60),
    verdict(worstAfterRise <= 64),
    `+${worstAfterRise} MB`,
  );
} finally {
  await shop.stop();
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
