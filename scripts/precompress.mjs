/**
 * After `react-router build`: writes a Brotli (quality 11) and a gzip (level 9) copy beside each built
 * script, stylesheet and SVG in build/client/assets, once, so the server sends them as they are
 * (server/app.ts, express-static-gzip) instead of compressing every answer at quality 4 (decision 047).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve('build/client/assets');
const worth = /\.(js|css|svg|json)$/;
let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(dir)) {
  const file = path.join(dir, name);
  if (!worth.test(name) || !statSync(file).isFile()) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  files++;
  before += body.length;
  after += br.length;
}
console.log(
  `precompressed ${files} assets: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (Brotli 11)`,
);
