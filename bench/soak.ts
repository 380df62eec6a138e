/**
 * `npm run bench:soak`: the shop on PostgreSQL under a steady mix a real day has,
 * for SOAK_MINUTES (10 by default) —
 *   guests browsing and searching, signed-in shoppers, checkouts with the demo provider (place → pay →
 *   verify), and an admin working — each arriving at a fixed rate whether or not the shop keeps up
 *   (an open model: a slow shop meets more work, as it would in a day).
 * Prints, per minute, the requests, errors, p50/p99 and the server's resident memory, then PASS/MISS
 * against the targets: 0 errors, p99 printed, and the last minute's RSS within 10% of the third's.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client';
import {
  createBenchShopper,
  ensurePostgres,
  generateProducts,
  keepSessionCookies,
  percentile,
  serveShop,
  benchNodeVersion,
  signIn,
  table,
  verdict,
} from './lib';
import { freshDatabase, shopEnv } from '../tests/support/shop';

const APP_PORT = 3621;
const BASE = `http://127.0.0.1:${APP_PORT}`;
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const PASSWORD = 'soak-shopper-password';
const ADMIN = { email: 'soak.admin@freshcatch.ng', password: 'soak-admin-password' };
const SHOPPERS = 10;
/** Arrivals per second of each kind of visit. */
const RATES = { guest: 12, shopper: 6, checkout: 1, admin: 1 };
const SEARCHES = ['catfish', 'tilapia', 'smoked', 'crayfish', 'feed', 'prawns', 'stockfish', 'pond'];

interface Minute {
  latencies: number[];
  errors: number;
  orders: number;
  rss: number[];
}

interface Visitor {
  cookie: string;
}

const minutes: Minute[] = [];
const errorSamples: string[] = [];
let startedAt = 0;

function bucket(): Minute {
  const index = Math.min(MINUTES - 1, Math.floor((performance.now() - startedAt) / 60_000));
  return (minutes[index] ??= { latencies: [], errors: 0, orders: 0, rss: [] });
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** One request; its time goes to this minute, and an unexpected answer counts as an error. */
async function request(
  path: string,
  init: RequestInit & { visitor?: Visitor; expect?: number } = {},
): Promise<Response | null> {
  const { visitor, expect = 200, ...rest } = init;
  const t0 = performance.now();
  try {
    const response = await fetch(`${BASE}${path}`, {
      redirect: 'manual',
      ...rest,
      headers: { origin: BASE, ...(visitor ? { cookie: visitor.cookie } : {}), ...rest.headers },
    });
    if (visitor) visitor.cookie = keepSessionCookies(visitor.cookie, response);
    const body = await response.text();
    bucket().latencies.push(performance.now() - t0);
    if (response.status !== expect) {
      bucket().errors++;
      if (errorSamples.length < 10) errorSamples.push(`${path}: ${response.status} ${body.slice(0, 120)}`);
      return null;
    }
    return new Response(body, { status: response.status, headers: response.headers });
  } catch (error) {
    bucket().errors++;
    if (errorSamples.length < 10) errorSamples.push(`${path}: ${(error as Error).message}`);
    return null;
  }
}

async function guestVisit(productIds: number[]) {
  const pages = [
    '/',
    '/products',
    `/products?category=${pick([1, 2, 3, 4])}`,
    `/products/${pick(productIds)}`,
    `/products/${pick(productIds)}`,
    `/search?q=${pick(SEARCHES)}`,
    '/recipes',
  ];
  await request(pick(pages));
}

async function shopperVisit(shopper: Visitor, productIds: number[]) {
  const pages = [
    '/products',
    `/products/${pick(productIds)}`,
    `/search?q=${pick(SEARCHES)}`,
    '/account',
    '/wishlist',
  ];
  await request(pick(pages), { visitor: shopper });
}

async function checkout(shopper: Visitor, productIds: number[]) {
  const placed = await request('/checkout.data', {
    method: 'POST',
    visitor: shopper,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      idempotencyKey: randomUUID(),
      items: [
        { productId: pick(productIds), quantity: 1 },
        { productId: pick(productIds), quantity: 2 },
      ].filter((item, i, all) => all.findIndex((other) => other.productId === item.productId) === i),
      // Picked up at the hub: fresh fish cannot wait for Standard's 2–3 days (issue 50).
      deliveryMethod: 'pickup',
      deliveryLocation: 'Port Harcourt',
      pickupLocation: 'Rumuokoro Junction Hub',
    }),
  });
  const reference = placed && (await placed.text()).match(/\/checkout\/demo\/([A-Za-z0-9.=-]+)/)?.[1];
  if (!placed) return;
  if (!reference) {
    bucket().errors++;
    errorSamples.push('/checkout.data: no payment reference in the answer');
    return;
  }
  const paid = await request(`/checkout/demo/${reference}`, {
    method: 'POST',
    visitor: shopper,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=pay',
    expect: 302,
  });
  if (!paid) return;
  const verified = await request(`/checkout/callback?reference=${reference}`, {
    visitor: shopper,
    expect: 302,
  });
  if (verified?.headers.get('location')?.startsWith('/order-success')) bucket().orders++;
}

async function adminVisit(admin: Visitor) {
  const pages = [
    '/admin',
    '/admin/orders',
    `/admin/orders?q=${pick(['Aba', 'soak', '0803'])}`,
    '/admin/orders?status=pending&payment=paid',
    `/admin/products?q=${pick(SEARCHES)}`,
    '/admin/users',
  ];
  await request(pick(pages), { visitor: admin });
}

/** Starts `rate` arrivals per second of `visit` (each on its own, not waiting for the last). */
function every(rate: number, visit: () => Promise<void>, inFlight: Set<Promise<void>>): NodeJS.Timeout {
  return setInterval(() => {
    const running = visit().finally(() => inFlight.delete(running));
    inFlight.add(running);
  }, 1000 / rate);
}

async function main() {
  console.log(`• the shop runs on Node ${benchNodeVersion()}`);
  if (!existsSync('build/server.mjs'))
    throw new Error('Run `npm run build` first (npm run bench:soak does).');
  const postgres = await ensurePostgres();
  try {
    const { url } = await freshDatabase(postgres.url, 'fc_bench_soak');
    console.log('• seeding the shop, 1,000 generated products and the shoppers…');
    const database = await generateProducts(url, 1_000);
    const emails = Array.from({ length: SHOPPERS }, (_, i) => `soak.shopper${i + 1}@freshcatch.ng`);
    for (const email of emails) await createBenchShopper(database, email, PASSWORD);
    await database.db.execute(
      sql`update "user" set phone = '0803 555 0101', address = '12 Aba Road', location = 'Port Harcourt'
          where email like 'soak.shopper%'`,
    );
    const productIds = (
      await queryRows<{ id: number }>(
        database.db,
        sql`select id from products where in_stock order by id limit 200`,
      )
    ).map((row) => row.id);
    await database.close();

    const app = await serveShop(
      shopEnv({
        PORT: String(APP_PORT),
        DATABASE_URL: url,
        LOG_LEVEL: 'warn',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'freshcatch-soak-data-')),
        LOGIN_RATE_LIMIT_MAX: '1000',
        PAYSTACK_SECRET_KEY: '',
        PAYSTACK_PUBLIC_KEY: '',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      }),
    );
    try {
      const shoppers: Visitor[] = [];
      for (const email of emails) shoppers.push({ cookie: await signIn(BASE, email, PASSWORD) });
      const admin: Visitor = { cookie: await signIn(BASE, ADMIN.email, ADMIN.password) };

      const total = Object.values(RATES).reduce((sum, rate) => sum + rate, 0);
      console.log(
        `• ${MINUTES} minutes at ${total} visits/s: guests ${RATES.guest}/s, signed-in shoppers ${RATES.shopper}/s, ` +
          `checkouts ${RATES.checkout}/s (3 requests each), an admin ${RATES.admin}/s…`,
      );
      startedAt = performance.now();
      const inFlight = new Set<Promise<void>>();
      const timers = [
        every(RATES.guest, () => guestVisit(productIds), inFlight),
        every(RATES.shopper, () => shopperVisit(pick(shoppers), productIds), inFlight),
        every(RATES.checkout, () => checkout(pick(shoppers), productIds), inFlight),
        every(RATES.admin, () => adminVisit(admin), inFlight),
        setInterval(() => bucket().rss.push(app.memory().rssMb), 5_000),
      ];
      let shown = 0;
      while (performance.now() - startedAt < MINUTES * 60_000) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const done = Math.floor((performance.now() - startedAt) / 60_000);
        if (done > shown) {
          shown = done;
          const m = minutes[done - 1];
          console.log(`  minute ${done}: ${m?.latencies.length ?? 0} requests, ${m?.errors ?? 0} errors`);
        }
      }
      for (const timer of timers) clearInterval(timer);
      await Promise.all(inFlight);

      const rows: (string | number)[][] = [
        ['minute', 'requests', 'errors', 'orders', 'p50 ms', 'p99 ms', 'RSS MB'],
      ];
      const all: number[] = [];
      let errors = 0;
      let orders = 0;
      const rssOf = (m: Minute | undefined) =>
        m && m.rss.length ? Math.round(m.rss.reduce((a, b) => a + b, 0) / m.rss.length) : 0;
      minutes.forEach((m, i) => {
        const sorted = [...m.latencies].sort((a, b) => a - b);
        all.push(...m.latencies);
        errors += m.errors;
        orders += m.orders;
        rows.push([
          i + 1,
          m.latencies.length,
          m.errors,
          m.orders,
          percentile(sorted, 50).toFixed(1),
          percentile(sorted, 99).toFixed(1),
          rssOf(m),
        ]);
      });
      all.sort((a, b) => a - b);
      console.log('');
      table(rows);
      const third = rssOf(minutes[2]);
      const last = rssOf(minutes[minutes.length - 1]);
      const growth = third ? (last - third) / third : 0;
      console.log('');
      table([
        ['', 'figure', 'target', ''],
        ['errors', errors, '0', verdict(errors === 0)],
        ['requests', all.length, '', ''],
        ['orders paid', orders, '', ''],
        [
          'p50 / p99',
          `${percentile(all, 50).toFixed(1)} / ${percentile(all, 99).toFixed(1)} ms`,
          '(printed)',
          '',
        ],
        [
          'RSS, last minute vs third',
          `${last} MB vs ${third} MB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%)`,
          'within 10%',
          verdict(MINUTES >= 4 && Math.abs(growth) <= 0.1),
        ],
      ]);
      if (errorSamples.length) console.log(`\nfirst errors:\n  ${errorSamples.join('\n  ')}`);
    } finally {
      await app.stop();
    }
  } finally {
    await postgres.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
