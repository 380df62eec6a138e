/**
 * npm run bench:storefront — the storefront under load, on PostgreSQL, in one run:
 *   1. autocannon (20 connections) against a bare node:http hello server, the app's own smallest page
 *      (/healthz/render, same React Router build), /products?category=1 and /products/{id},
 *      with 10,000 generated products; req/s, p50, p99, the server's RSS, and ratios to both hellos;
 *   2. search over 100,000 products: p50/p95 of the search the /search page runs;
 *   3. first-load JavaScript of storefront pages (gzip) and a check that no admin code is in them;
 *   4. Lighthouse (mobile) performance scores of /, /products and a product page;
 *   5. a phone on a weak network (bench/phone.ts): LCP and when Add to Cart works, on two networks;
 *   6. a phone on 2G (issue 34): first and repeat visits, bytes by type, a tap at first paint;
 *   7. a whole first purchase on 2G (issue 34): bytes over the wire per step, with and without data saver.
 * Figures are printed as ratios against baselines measured in the same run; nothing here is a test.
 * BENCH_ONLY=throughput,search,bundles,lighthouse,phone,2g,purchase runs only the parts named
 * (BENCH_LIGHTHOUSE=0 leaves out Lighthouse, the phone, 2G and the purchase, which need Chromium).
 */
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { parseSearchQuery } from '#core/catalog/filters';
import { searchProducts } from '#core/catalog/service';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client';
import {
  bundleSizes,
  createBenchShopper,
  ensurePostgres,
  generateProducts,
  load,
  percentile,
  serveShop,
  BENCH_NODE,
  benchNodeVersion,
  signIn,
  startProcess,
  table,
  verdict,
  type LoadResult,
} from './lib';
import { phoneRuns, purchaseRuns, twoGRuns } from './phone';
import { chromiumLaunchOptions, freshDatabase, shopEnv } from '../tests/support/shop';

const APP_PORT = 3601;
const SHOPPER = { email: 'bench.shopper@freshcatch.ng', password: 'bench-shopper-password' };
type Result = LoadResult & { name: string; rssMb: number };
const HELLO_PORT = 3602;
/** bench/floor: a bare React Router 7 app, the framework's own floor on this machine. */
const FLOOR_PORT = 3603;
/** The whole-purchase run's throttling proxy, the shop's PUBLIC_URL in the browser runs (bench/phone.ts). */
const PURCHASE_PROXY_PORT = 3604;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const skipBrowsers = process.env.BENCH_LIGHTHOUSE === '0';
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const runs = (part: string) =>
  only ? only.includes(part) : !(skipBrowsers && ['lighthouse', 'phone', '2g', 'purchase'].includes(part));

function ensureBuild() {
  if (!existsSync('build/server.mjs'))
    throw new Error('Run `npm run build` first (npm run bench:storefront does).');
  if ((runs('throughput') || runs('lighthouse')) && !existsSync('bench/floor/build/server/index.js'))
    throw new Error('Run `react-router build bench/floor` first (npm run bench:storefront does).');
}

async function throughput(pgUrl: string) {
  const { url } = await freshDatabase(pgUrl, 'fc_bench_storefront');
  console.log('• generating 10,000 products…');
  const database = await generateProducts(url, 10_000);
  // a generated product in the middle of the catalogue
  const [{ id: productId } = { id: 1 }] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from products order by id limit 1 offset 5000`,
  );
  await createBenchShopper(database, SHOPPER.email, SHOPPER.password);
  await database.close();

  const hello = await startProcess(
    BENCH_NODE,
    ['bench/hello-server.mjs'],
    { PORT: String(HELLO_PORT) },
    `http://127.0.0.1:${HELLO_PORT}/`,
  );
  const floor = await startFloor();
  const app = await serveShop(shopEnv({ PORT: String(APP_PORT), DATABASE_URL: url, LOG_LEVEL: 'info' }));
  try {
    const cookie = await signIn(`http://127.0.0.1:${APP_PORT}`, SHOPPER.email, SHOPPER.password);
    const targets: [string, string, string?][] = [
      ['node:http hello', `http://127.0.0.1:${HELLO_PORT}/`],
      ['React Router hello (/healthz/render)', `http://127.0.0.1:${APP_PORT}/healthz/render`],
      ['/products?category=1 (guest)', `http://127.0.0.1:${APP_PORT}/products?category=1`],
      [`/products/${productId} (guest)`, `http://127.0.0.1:${APP_PORT}/products/${productId}`],
      ['/products?category=1 (signed in)', `http://127.0.0.1:${APP_PORT}/products?category=1`, cookie],
      [`/products/${productId} (signed in)`, `http://127.0.0.1:${APP_PORT}/products/${productId}`, cookie],
      // What the product page then asks for, as the shopper's own (wishlist heart, review right).
      [
        `/api/products/${productId}/for-shopper (signed in)`,
        `http://127.0.0.1:${APP_PORT}/api/products/${productId}/for-shopper`,
        cookie,
      ],
      // A personal page: its loader checks the session against the database (decision 033), then
      // reads the shopper's profile, orders and notifications.
      ['/account (signed in)', `http://127.0.0.1:${APP_PORT}/account`, cookie],
      ['bare React Router 7 hello (bench/floor)', `http://127.0.0.1:${FLOOR_PORT}/`],
    ];
    const results = [];
    for (const [name, target, withCookie] of targets) {
      console.log(`• autocannon ${name}…`);
      results.push({
        name,
        ...(await load(target, { seconds, cookie: withCookie })),
        rssMb: app.memory().rssMb,
      });
    }
    const memory = app.memory();
    const [nodeHello, rrHello, list, detail] = results as [Result, Result, Result, Result];
    console.log('\nThroughput (20 connections, 10,000 products on PostgreSQL)');
    table([
      ['target', 'req/s', 'p50 ms', 'p99 ms', '× node:http', '× RR hello', 'non-2xx', 'app RSS after'],
      ...results.map((r) => [
        r.name,
        r.rps,
        r.p50,
        r.p99,
        (r.rps / nodeHello.rps).toFixed(3),
        (r.rps / rrHello.rps).toFixed(2),
        r.non2xx,
        `${r.rssMb} MB`,
      ]),
    ]);
    console.log(
      `server RSS ${memory.rssMb} MB now, ${memory.peakMb} MB at peak (all processes); the largest process ${memory.largestPeakMb} MB at peak`,
    );
    const [, , , , signedList, signedPage, forShopper, account, bareHello] = results as Result[];
    const ratio = (a: Result, b: Result) => a.rps / b.rps;
    // A signed-in product view is the page and its shopper's request: the two costs add up.
    const signedDetail: Result = {
      ...signedPage!,
      name: 'product view, signed in (page + for-shopper)',
      rps: Math.round(1 / (1 / signedPage!.rps + 1 / forShopper!.rps)),
      p99: Math.max(signedPage!.p99, forShopper!.p99),
    };
    console.log(
      `a signed-in product view (the page, then its for-shopper request): ${signedDetail.rps} views/s, ` +
        `${ratio(signedDetail, rrHello).toFixed(2)}× React Router hello`,
    );
    console.log(
      `a personal page (/account, the session checked in the database): ${account!.rps} req/s, ` +
        `${ratio(account!, rrHello).toFixed(2)}× React Router hello, p99 ${account!.p99} ms`,
    );
    console.log(
      `the framework's floor: a bare React Router 7 app's hello (node:http, no middleware) ` +
        `${ratio(bareHello!, nodeHello).toFixed(3)}× node:http; the shop's hello is ` +
        `${ratio(rrHello, bareHello!).toFixed(2)}× the bare one`,
    );
    return [
      // Signed-in shoppers, the framework's hello and memory.
      [
        'React Router hello ≥ 0.02× node:http hello',
        verdict(ratio(rrHello, nodeHello) >= 0.02),
        `${ratio(rrHello, nodeHello).toFixed(3)} (bare React Router 7: ${ratio(bareHello!, nodeHello).toFixed(3)})`,
      ],
      [
        'list, signed in ≥ 0.8× React Router hello',
        verdict(ratio(signedList!, rrHello) >= 0.8),
        ratio(signedList!, rrHello).toFixed(2),
      ],
      ['list, signed in p99 ≤ 150 ms', verdict(signedList!.p99 <= 150), `${signedList!.p99} ms`],
      [
        'product view, signed in (page + for-shopper) ≥ 0.8× React Router hello',
        verdict(ratio(signedDetail, rrHello) >= 0.8),
        ratio(signedDetail, rrHello).toFixed(2),
      ],
      [
        'product view, signed in p99 ≤ 150 ms (the slower of the two)',
        verdict(signedDetail.p99 <= 150),
        `${signedDetail.p99} ms`,
      ],
      [
        'server RSS ≤ 250 MB per process (peak)',
        verdict(memory.largestPeakMb <= 250),
        `${memory.largestPeakMb} MB (all processes: ${memory.peakMb} MB)`,
      ],
      // Guests.
      [
        'list (guest) ≥ 0.01× node:http hello',
        verdict(ratio(list, nodeHello) >= 0.01),
        ratio(list, nodeHello).toFixed(3),
      ],
      [
        'list (guest) ≥ 0.5× React Router hello',
        verdict(ratio(list, rrHello) >= 0.5),
        ratio(list, rrHello).toFixed(2),
      ],
      [
        'product (guest) ≥ 0.6× React Router hello',
        verdict(ratio(detail, rrHello) >= 0.6),
        ratio(detail, rrHello).toFixed(2),
      ],
      ['list (guest) p99 ≤ 100 ms', verdict(list.p99 <= 100), `${list.p99} ms`],
      ['product (guest) p99 ≤ 100 ms', verdict(detail.p99 <= 100), `${detail.p99} ms`],
      [
        'no errors, all 2xx',
        verdict(results.every((r) => r.errors === 0 && r.non2xx === 0)),
        results.map((r) => r.non2xx + r.errors).join('/'),
      ],
    ];
  } finally {
    await app.stop();
    await floor.stop();
    await hello.stop();
  }
}

/** The bare React Router 7 app of bench/floor, served by node:http alone. */
function startFloor() {
  return startProcess(
    BENCH_NODE,
    ['bench/floor/server.mjs'],
    { NODE_ENV: 'production', PORT: String(FLOOR_PORT) },
    `http://127.0.0.1:${FLOOR_PORT}/`,
  );
}

async function search(pgUrl: string) {
  const { url } = await freshDatabase(pgUrl, 'fc_bench_search');
  console.log('• generating 100,000 products for search…');
  const database = await generateProducts(url, 100_000, { seed: false });
  const terms = [
    'catfish',
    'SMOKED',
    'prawns',
    'floating feed',
    'liner',
    'bonga',
    'pepper soup',
    'stockfish',
    'aerator',
    'Kano',
    'jumbo',
    'crayfish',
    'zzzz-nothing',
    'tilapia',
    'net',
    // The names buyers use and their misspellings (issue 34): a synonym adds a phrase; a miss is corrected.
    'titus',
    'kpanla',
    'stock fish',
    'catfsh',
    'tilapa',
  ];
  const timings: number[] = [];
  const byTerm = new Map<string, number[]>();
  try {
    for (const term of terms)
      await searchProducts(database.db, parseSearchQuery(new URLSearchParams({ q: term })));
    for (let round = 0; round < 20; round++) {
      for (const term of terms) {
        const category = round % 3 === 0 ? 'feeds' : '';
        const started = performance.now();
        await searchProducts(database.db, parseSearchQuery(new URLSearchParams({ q: term, category })));
        const took = performance.now() - started;
        timings.push(took);
        byTerm.set(term, [...(byTerm.get(term) ?? []), took]);
      }
    }
  } finally {
    await database.close();
  }
  const slowest = [...byTerm]
    .map(
      ([term, times]) =>
        [
          term,
          percentile(
            [...times].sort((a, b) => a - b),
            50,
          ),
        ] as const,
    )
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6);
  console.log(`  slowest terms (p50): ${slowest.map(([t, ms]) => `${t} ${ms.toFixed(1)} ms`).join(', ')}`);
  timings.sort((a, b) => a - b);
  const p50 = percentile(timings, 50);
  const p95 = percentile(timings, 95);
  console.log(
    `\nSearch over 100,000 products (${timings.length} searches, page + total count): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${timings.at(-1)!.toFixed(1)} ms`,
  );
  return [['search p95 ≤ 50 ms', verdict(p95 <= 50), `${p95.toFixed(1)} ms`]];
}

/** The shop on a small catalogue (the seed), for the browser runs: Lighthouse and the phone. */
async function browserRuns(pgUrl: string) {
  const { url } = await freshDatabase(pgUrl, 'fc_bench_lighthouse');
  const database = await generateProducts(url, 0);
  if (runs('purchase')) {
    // The buyer of the whole-purchase run: verified, with a complete profile, as checkout requires.
    await createBenchShopper(database, SHOPPER.email, SHOPPER.password);
    await database.db.execute(
      sql`update "user" set phone = '0803 555 0101', address = '12 Aba Road', location = 'Port Harcourt'
          where email = ${SHOPPER.email}`,
    );
  }
  await database.close();
  const app = await serveShop(
    shopEnv({
      PORT: String(APP_PORT),
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      // The payment page's address is made from it: the purchase run's buyer reaches it through the proxy.
      PUBLIC_URL: `http://localhost:${PURCHASE_PROXY_PORT}`,
    }),
  );
  const pages = ['/', '/products', '/products/1'];
  try {
    const checks = [];
    if (runs('lighthouse')) {
      checks.push(...(await lighthouseScores(`http://localhost:${APP_PORT}`, pages)));
      // The same measure of a page with nothing but React Router on it: what the framework costs.
      const floor = await startFloor();
      try {
        await lighthouseScores(`http://localhost:${FLOOR_PORT}`, ['/'], 'bare React Router 7 hello');
      } finally {
        await floor.stop();
      }
    }
    if (runs('phone')) checks.push(...(await phoneRuns(`http://localhost:${APP_PORT}`, pages)));
    if (runs('2g'))
      checks.push(...(await twoGRuns(`http://localhost:${APP_PORT}`, [...pages, '/search?q=fish'])));
    if (runs('purchase'))
      checks.push(...(await purchaseRuns(`http://localhost:${APP_PORT}`, SHOPPER, PURCHASE_PROXY_PORT)));
    return checks;
  } finally {
    await app.stop();
  }
}

/**
 * Lighthouse's mobile score of each page, three runs each; judged against the targets (score ≥ 95, TBT ≤
 * 150 ms, LCP ≤ 2.5 s, every run) unless `label`led.
 */
async function lighthouseScores(baseUrl: string, pages: string[], label?: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
  });
  const rows: (string | number)[][] = [['page', 'scores', 'median', 'LCP ms (runs)', 'TBT ms (runs)', 'CLS']];
  const checks = [];
  try {
    for (const pagePath of pages) {
      const results = [];
      let failures = 0;
      while (results.length < 3) {
        const result = await lighthouse(`${baseUrl}${pagePath}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result!.lhr;
        // A run Lighthouse itself could not finish (NO_NAVSTART, a lost trace) scores 0 whatever the
        // page did: it is reported and run again (up to three such), not counted as the page's score.
        if (lhr.runtimeError) {
          console.log(`  ! Lighthouse ${pagePath}: ${lhr.runtimeError.code} — run again`);
          if (++failures <= 3) continue;
        }
        results.push({
          score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
          lcp: Math.round(lhr.audits['largest-contentful-paint']!.numericValue ?? 0),
          tbt: Math.round(lhr.audits['total-blocking-time']!.numericValue ?? 0),
          cls: (lhr.audits['cumulative-layout-shift']!.numericValue ?? 0).toFixed(3),
        });
      }
      const median = [...results].sort((a, b) => a.score - b.score)[1]!;
      const worst = {
        score: Math.min(...results.map((r) => r.score)),
        lcp: Math.max(...results.map((r) => r.lcp)),
        tbt: Math.max(...results.map((r) => r.tbt)),
      };
      rows.push([
        label ? `${label} (${pagePath})` : pagePath,
        results.map((r) => r.score).join('/'),
        median.score,
        results.map((r) => r.lcp).join('/'),
        results.map((r) => r.tbt).join('/'),
        median.cls,
      ]);
      if (label) continue;
      checks.push(
        [
          `Lighthouse mobile ${pagePath} ≥ 95 (every run)`,
          verdict(worst.score >= 95),
          `${worst.score} (worst)`,
        ],
        [`Lighthouse ${pagePath} TBT ≤ 150 ms (every run)`, verdict(worst.tbt <= 150), `${worst.tbt} ms`],
        [`Lighthouse ${pagePath} LCP ≤ 2.5 s (every run)`, verdict(worst.lcp <= 2500), `${worst.lcp} ms`],
      );
    }
  } finally {
    await chrome.kill();
  }
  console.log('\nLighthouse (mobile, simulated slow 4G and a slower CPU)');
  table(rows);
  return checks;
}

ensureBuild();
console.log(`• the shop, the bare framework and the node:http hello run on Node ${benchNodeVersion()}`);
const postgres = await ensurePostgres();
try {
  const checks = [];
  if (runs('throughput')) checks.push(...(await throughput(postgres.url)));
  if (runs('search')) checks.push(...(await search(postgres.url)));
  if (runs('bundles')) checks.push(...(await bundleSizes()));
  if (['lighthouse', 'phone', '2g', 'purchase'].some(runs)) checks.push(...(await browserRuns(postgres.url)));
  console.log('\nTargets (issues 3 and 16)');
  table([['target', 'result', 'measured'], ...checks]);
} finally {
  await postgres.stop();
}
