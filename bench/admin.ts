/**
 * npm run bench:admin — the admin area on PostgreSQL with 100,000 orders, 10,000 products, 100,000
 * users, 1,000 discount codes and 1,000,000 rows of activity, the shop running as production does
 * there (one server process per core, WEB_CONCURRENCY):
 *   1. five admins at once, each requesting one screen after another for a few seconds: the orders
 *      list and search, the products list and search, the dashboard, the users list and search, the
 *      discount codes and the activity log's first page (p95 of each), as page loads (judged
 *      against the target) and again as in-app navigation (the screen's `.data`, what the browser
 *      asks for when the search, a filter or the page changes; printed for comparison);
 *   2. the CSV export of all 100,000 orders, with the shop's RSS sampled while it streams;
 *   3. the storefront's first-load JavaScript, and that no admin code rides along.
 * Prints each figure against its target with PASS/MISS. Everything runs on this machine's loopback.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import {
  bundleSizes,
  createBenchShopper,
  ensurePostgres,
  generateProducts,
  keepSessionCookies,
  pageClient,
  percentile,
  sampleCpu,
  serveShop,
  benchNodeVersion,
  signIn,
  table,
  verdict,
} from './lib';
import { freshDatabase, shopEnv } from '../tests/support/shop';

const PORT = 3611;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'bench.admin@freshcatch.ng', password: 'bench-admin-password' };
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const CODES = 1_000;
const ACTIVITY = Number(process.env.BENCH_ACTIVITY ?? 1_000_000);
const ADMINS = 5;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const WORKERS = Number(process.env.BENCH_WEB_CONCURRENCY ?? availableParallelism());

async function prepare(pgUrl: string): Promise<string> {
  if (process.env.BENCH_REUSE_DB) {
    // BENCH_REUSE_DB=1 with DATABASE_URL: the database an earlier run filled (quicker while profiling).
    const url = new URL(pgUrl);
    url.pathname = '/fc_bench_admin';
    return url.toString();
  }
  const { url } = await freshDatabase(pgUrl, 'fc_bench_admin');
  console.log('• generating 10,000 products…');
  const database = await generateProducts(url, 10_000);
  await createBenchShopper(database, ADMIN.email, ADMIN.password);
  await database.db.execute(sql`update "user" set role = 'admin' where email = ${ADMIN.email}`);
  console.log(`• generating ${USERS.toLocaleString('en')} users…`);
  await database.db.execute(
    sql.raw(`
    insert into "user" (id, name, email, email_verified, role, phone, address, location, created_at, updated_at)
    select 'bench-user-' || i,
           (array['Ada','Chinedu','Ngozi','Tunde','Bisi','Emeka','Halima','Ibrahim'])[1 + i % 8] || ' ' ||
             (array['Okafor','Adeyemi','Musa','Eze','Bello','Nwosu','Amadi','Okonkwo'])[1 + (i / 8) % 8],
           'bench.user.' || i || '@example.ng', true, 'user',
           '0803 ' || lpad(i::text, 7, '0'), (i % 300) || ' Aba Road', 'Port Harcourt',
           now() - (i || ' minutes')::interval * 3, now()
    from generate_series(1, ${USERS}) as i`),
  );
  console.log(`• generating ${CODES.toLocaleString('en')} discount codes…`);
  await database.db.execute(
    sql.raw(`
    insert into discount_codes (code, type, discount_percent, discount_amount_kobo, min_order_amount_kobo,
                                usage_limit, used_count, expires_at, location_restriction, created_at)
    select 'BENCH' || i,
           (array['percent','amount','free_delivery'])[1 + i % 3]::discount_type,
           case when i % 3 = 0 then 1 + i % 50 end,
           case when i % 3 = 1 then 10000 * (1 + i % 100) when i % 3 = 2 then 0 end,
           case when i % 3 = 2 then 500000 end,
           case when i % 4 = 0 then null else 100 end, i % 60,
           case when i % 5 = 0 then null else now() + (i || ' days')::interval end,
           case when i % 7 = 0 then 'Lagos' end,
           now() - (i || ' minutes')::interval
    from generate_series(1, ${CODES}) as i`),
  );
  console.log(`• generating ${ACTIVITY.toLocaleString('en')} rows of admin activity…`);
  for (let start = 0; start < ACTIVITY; start += 250_000)
    await database.db.execute(
      sql.raw(`
      insert into admin_activity (admin_id, admin_name, admin_email, kind, action, subject_id, subject_label,
                                  before, after, created_at)
      select 'bench-admin-' || (i % 5), 'Bench Admin ' || (i % 5), 'bench.admin.' || (i % 5) || '@example.ng',
             (array['product','order','user','delivery_rate','discount_code'])[1 + i % 5]::admin_change_kind,
             (array['created','updated','deleted','updated'])[1 + i % 4]::admin_change_action,
             i::text, 'Subject ' || i,
             jsonb_build_object('priceKobo', i, 'name', 'Subject ' || i, 'inStock', true),
             jsonb_build_object('priceKobo', i + 100, 'name', 'Subject ' || i, 'inStock', i % 2 = 0),
             now() - (i || ' seconds')::interval * 30
      from generate_series(${start + 1}, ${Math.min(ACTIVITY, start + 250_000)}) as i`),
    );
  console.log(`• generating ${ORDERS.toLocaleString('en')} orders with their items…`);
  // Orders spread over the last year, of the seeded customers, most of them paid; 1–3 items each.
  await database.db.execute(
    sql.raw(`
    with customers as (select array_agg(id) as ids from "user"),
         prods as (select array_agg(id) as ids, array_agg(name) as names, array_agg(price_kobo) as prices from (select id, name, price_kobo from products order by id limit 500) p)
    insert into orders (user_id, status, payment_status, payment_reference, payment_provider, subtotal_kobo,
                        delivery_fee_kobo, total_kobo, shipping_name, shipping_phone, shipping_address,
                        delivery_method, delivery_location, total_weight_grams, paid_at, created_at)
    select c.ids[1 + i % array_length(c.ids, 1)],
           (array['pending','processing','shipped','delivered','cancelled'])[1 + i % 5]::order_status,
           (array['success','success','success','pending','expired'])[1 + (i / 5) % 5]::payment_status,
           'FC-BENCH-' || i, 'demo', 1000000 + (i % 97) * 1000, 250000, 1250000 + (i % 97) * 1000,
           (array['Ada','Chinedu','Ngozi','Tunde','Bisi','Emeka','Halima','Ibrahim'])[1 + i % 8] || ' ' ||
             (array['Okafor','Adeyemi','Musa','Eze','Bello','Nwosu','Amadi','Okonkwo'])[1 + (i / 8) % 8] || ' ' || i,
           '0803 ' || lpad((i % 1000000)::text, 7, '0'),
           (i % 200) || ' Aba Road, Port Harcourt',
           'standard', 'Port Harcourt', 2000,
           now() - (i || ' minutes')::interval * 5,
           now() - (i || ' minutes')::interval * 5
    from generate_series(1, ${ORDERS}) as i, customers c`),
  );
  await database.db.execute(
    sql.raw(`
    insert into order_items (order_id, product_id, product_name, product_image_url, quantity, unit_price_kobo,
                             total_price_kobo, product_weight_grams, product_total_weight_grams)
    select o.id, p.id, p.name, p.image_url, 1, p.price_kobo, p.price_kobo, p.weight_grams, p.weight_grams
    from orders o
    cross join lateral generate_series(1, 1 + (abs(hashtext(o.id::text)) % 3)) as n
    join lateral (select * from products where id = 1 + (abs(hashtext(o.id::text || n)) % 500)) p on true`),
  );
  await database.db.execute(sql`vacuum analyze`);
  await database.close();
  return url;
}

/** The address React Router's client asks for a screen's data at (single fetch: `<path>.data`). */
function dataUrl(path: string): string {
  const url = new URL(path, 'http://bench.invalid');
  url.pathname = url.pathname === '/' ? '/_root.data' : `${url.pathname.replace(/\/$/, '')}.data`;
  return url.pathname + url.search;
}

/**
 * `ADMINS` admins at once (each signed in on their own, keeping the cookies the shop renews, as a
 * browser does), each requesting `path` one after another for `seconds`: every latency.
 */
async function screen(
  path: string,
  admins: { cookie: string; client: ReturnType<typeof pageClient> }[],
  forSeconds = seconds,
): Promise<{ p50: number; p95: number; count: number; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  const until = Date.now() + forSeconds * 1000;
  await Promise.all(
    admins.map(async (admin) => {
      while (Date.now() < until) {
        const started = performance.now();
        const response = await admin.client.get(path, admin.cookie);
        latencies.push(performance.now() - started);
        admin.cookie = keepSessionCookies(admin.cookie, response);
        if (response.status !== 200) failures++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    count: latencies.length,
    failures,
  };
}

async function main() {
  console.log(`• the shop runs on Node ${benchNodeVersion()}`);
  if (!existsSync('build/server.mjs'))
    throw new Error('Run `npm run build` first (npm run bench:admin does).');
  const postgres = await ensurePostgres();
  try {
    const url = await prepare(postgres.url);
    const shop = await serveShop(
      shopEnv({ DATABASE_URL: url, PORT: String(PORT), LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT_MAX: '100' }),
      // one server process per core, as README → Environment advises on PostgreSQL
      { processes: WORKERS, cpuProfile: true },
    );
    const admins: { cookie: string; client: ReturnType<typeof pageClient> }[] = [];
    try {
      for (let i = 0; i < ADMINS; i++)
        admins.push({ cookie: await signIn(BASE, ADMIN.email, ADMIN.password), client: pageClient(BASE) });
      const cookie = admins[0]!.cookie;
      const results: (string | number)[][] = [['figure', 'verdict', 'value']];
      const screens = [
        ['orders list', '/admin/orders'],
        ['orders search', '/admin/orders?q=Ngozi+Bello'],
        ['orders, paid and pending', '/admin/orders?status=pending&payment=paid'],
        ['products list', '/admin/products'],
        ['products search', '/admin/products?q=prawns'],
        ['dashboard', '/admin'],
        ['users list', '/admin/users'],
        ['users search', '/admin/users?q=ngozi+bello'],
        ['discount codes', '/admin/discount-codes'],
        ['activity, first page', '/admin/activity'],
        ['activity, one kind', '/admin/activity?kind=order'],
      ] as const;
      // BENCH_ONLY=users (a part of a screen's name) measures only the matching screens and skips the
      // export and bundle figures, for profiling.
      const only = process.env.BENCH_ONLY;
      const measured = screens.filter(([name]) => !only || name.includes(only));
      // Each screen twice: as a page load (a link opened, a reload: the whole page rendered on the
      // server), which the target judges, and as an admin working in the admin app once it is loaded: a
      // new search, filter or page asks React Router for the screen's data only (`<path>.data`, every
      // loader of the page), and the browser renders it.
      const kinds = [
        { label: 'page loads', url: (path: string) => path, judged: true },
        { label: 'in-app navigation (.data)', url: dataUrl, judged: false },
      ];
      // The export streams right after the page loads, from the memory they left (as in earlier runs).
      const csvExport = async () => {
        console.log(`\nCSV export of all ${ORDERS.toLocaleString('en')} orders`);
        const before = shop.memory().rssMb;
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, shop.memory().rssMb)), 50);
        const started = performance.now();
        const response = await fetch(`${BASE}/admin/orders/export`, { headers: { cookie } });
        let lines = 0;
        const decoder = new TextDecoder();
        for await (const chunk of response.body!)
          lines += (decoder.decode(chunk, { stream: true }).match(/\n/g) ?? []).length;
        clearInterval(sampler);
        const took = (performance.now() - started) / 1000;
        const growth = peak - before;
        console.log(`  ${lines - 1} rows in ${took.toFixed(1)} s; RSS ${before} MB → peak ${peak} MB`);
        results.push(['CSV export has every order', verdict(lines - 1 >= ORDERS), `${lines - 1} rows`]);
        results.push(['CSV export RSS growth ≤ 50 MB', verdict(growth <= 50), `${growth} MB`]);
      };
      for (const kind of kinds) {
        console.log(
          `\nFive admins at once, ${kind.label}, ${seconds} s per screen (the shop on ${WORKERS} server processes, as on PostgreSQL in production)`,
        );
        const rows: (string | number)[][] = [
          [
            'screen',
            'requests',
            'p50 ms',
            'p95 ms',
            'failures',
            'CPU ms/request: shop',
            'PostgreSQL',
            'bench',
          ],
        ];
        // A shop that has been running: every screen once round first, so the first one measured does
        // not pay for the server's just-in-time compilation of the code all screens share.
        for (const [, path] of measured) await screen(kind.url(path), admins, 1);
        for (const [name, path] of measured) {
          await screen(kind.url(path), admins, 1); // warm-up, not counted (as the other benchmarks do)
          const before = sampleCpu(shop.child.pid!, postgres.pid);
          const r = await screen(kind.url(path), admins);
          const after = sampleCpu(shop.child.pid!, postgres.pid);
          const per = (key: keyof typeof after) => ((after[key] - before[key]) / r.count).toFixed(1);
          rows.push([
            name,
            r.count,
            r.p50.toFixed(1),
            r.p95.toFixed(1),
            r.failures,
            per('server'),
            per('postgres'),
            per('loadGenerator'),
          ]);
          results.push([
            `${name}${kind.judged ? '' : ', in-app'} p95 ≤ 100 ms`,
            kind.judged
              ? verdict(r.p95 <= 100 && r.failures === 0)
              : `(${r.failures === 0 ? 'ok' : 'failures'})`,
            `${r.p95.toFixed(1)} ms`,
          ]);
        }
        table(rows);
        if (kind.judged && !only) await csvExport();
      }
      if (only) return; // profiling one screen: nothing else runs in the profile

      results.push(...(await bundleSizes()));
      console.log('\nSummary');
      table(results);
    } finally {
      for (const admin of admins) admin.client.close();
      await shop.stop();
    }
  } finally {
    await postgres.stop();
  }
}

await main();
