/**
 * npm run bench:checkout — placing and paying for orders under load, on PostgreSQL, in one run:
 *   1. autocannon (20 connections) against /healthz of the same server: the baseline;
 *   2. 20 signed-in buyers, each in a loop, place and pay with the demo provider exactly as a browser
 *      does: POST /checkout.data (the server prices the cart and reserves the order), POST the demo
 *      payment page (Pay), GET /checkout/callback (verifies the payment and marks the order paid).
 *      That closed loop, buyers who never pause, measures the **capacity** (orders/s);
 *   3. an **open** model: buyers arrive at random (Poisson) at half that capacity, each
 *      placing, paying and verifying once; the p50/p95/p99 of the whole order count from the moment
 *      the buyer arrived, so a shop that falls behind is charged for the queue it builds.
 *   4. holds (issue 33, every product's stock counted): the buyers on one hot product against the buyers
 *      on a product each, closed loop; the ratio of their orders/s.
 *   5. sellers (issue 51 §3): the hot product also sells three sellers' harvests; the buyers on it, each
 *      choosing one of the three farms (or the shop's own), against the hot product before (step 4).
 * Checks in the database that every order the buyers were told about is paid exactly once. The shop
 * runs on one process per core (WEB_CONCURRENCY; BENCH_WEB_CONCURRENCY overrides). It also prints the
 * CPU each order costs the shop, PostgreSQL and this load generator (from /proc). Nothing here is a
 * test; the targets (open model p95 ≤ 100 ms at half capacity, shop CPU ≤ 10 ms per order) are
 * reported as PASS or MISS.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '#db/client';
import {
  cpuCeiling,
  createBenchShopper,
  ensurePostgres,
  generateProducts,
  keepSessionCookies,
  load,
  percentile,
  sampleCpu,
  serveShop,
  benchNodeVersion,
  signIn,
  table,
  verdict,
} from './lib';
import { freshDatabase, shopEnv } from '../tests/support/shop';

const APP_PORT = 3611;
const BASE = `http://127.0.0.1:${APP_PORT}`;
const BUYERS = Number(process.env.BENCH_BUYERS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const PASSWORD = 'bench-buyer-password';
const TARGET_P95_MS = 100;
const TARGET_SHOP_CPU_MS = 10;
const WORKERS = Number(process.env.BENCH_WEB_CONCURRENCY ?? availableParallelism());
const COUNTED = process.env.BENCH_STOCK !== 'uncounted';

interface Buyer {
  email: string;
  cookie: string;
}

interface Cart {
  items: { productId: number; quantity: number; batchId?: number }[];
}

/**
 * Three sellers' harvests of `productId`, each received at the hub as a batch sold only by name (as
 * core/sellers/offers.ts receives one): sellers, their farms, their offers. Returns the batches.
 */
async function sellersOf(database: Awaited<ReturnType<typeof generateProducts>>, productId: number) {
  const batches: number[] = [];
  for (const n of [1, 2, 3]) {
    const owner = await createBenchShopper(
      database,
      `bench.seller${n}@freshcatch.ng`,
      PASSWORD,
      `Seller ${n}`,
    );
    const [row] = await queryRows<{ batch: number }>(
      database.db,
      sql`with farm as (
            insert into farms (owner_id, name, state, town) values (${owner.id}, ${`Bench Farm ${n}`}, 'Rivers', 'Bonny')
            returning id),
          seller as (
            insert into sellers (user_id, farm_id, business_name, phone, status, bank_code, bank_name, account_number, account_name)
            select ${owner.id}, farm.id, ${`Bench Fish ${n}`}, '+2348035550101', 'approved', '058', 'GTBank', ${`300000000${n}`}, ${`SELLER ${n}`}
            from farm returning id),
          batch as (
            insert into stock_batches (product_id, quantity_received, quantity_left, date_kind, prepared_on, chosen_only)
            values (${productId}, 100000000, 100000000, 'caught', current_date, true) returning id),
          offer as (
            insert into seller_offers (seller_id, product_id, quantity, harvested_on, bring_on, price_kobo, status, received_quantity, batch_id)
            select seller.id, ${productId}, 100000000, current_date, current_date, ${300_000 + n * 10_000}, 'received', 100000000, batch.id
            from seller, batch returning batch_id)
          select batch_id as batch from offer`,
    );
    batches.push(row!.batch);
  }
  await database.db.execute(
    sql`update products set stock_on_hand = stock_on_hand + 300000000 where id = ${productId}`,
  );
  return batches;
}

async function prepare(
  url: string,
): Promise<{ carts: Cart[]; emails: string[]; productIds: number[]; farmBatches: number[] }> {
  console.log('• seeding the shop and 1,000 generated products…');
  const database = await generateProducts(url, 1_000);
  const products = await queryRows<{ id: number }>(
    database.db,
    sql`select id from products where in_stock order by id limit 40`,
  );
  const emails = Array.from({ length: BUYERS }, (_, i) => `bench.buyer${i + 1}@freshcatch.ng`);
  for (const email of emails) await createBenchShopper(database, email, PASSWORD);
  // Complete profiles, as checkout requires (spec §4).
  await database.db.execute(
    sql`update "user" set phone = '0803 555 0101', address = '12 Aba Road', location = 'Port Harcourt'
        where email like 'bench.buyer%'`,
  );
  // Every product's stock is counted (issue 33), in one batch each, far more than a run sells: each
  // order holds its lines when placed and draws from the batch when paid. BENCH_STOCK=uncounted
  // leaves the products' in-stock flags alone, to measure what counting costs.
  if (COUNTED)
    await database.db.execute(
      sql`update products set stock_unit = (case when category in ('equipment', 'feeds') then 'unit' else 'kg' end)::stock_unit,
        stock_on_hand = 100000000, stock_held = 0, in_stock = true`,
    );
  if (COUNTED)
    await database.db.execute(
      sql`insert into stock_batches (product_id, quantity_received, quantity_left, date_kind, prepared_on)
        select id, 100000000, 100000000, 'caught', current_date from products`,
    );
  // The hot product of step 5 (the second; step 4's is the first): three sellers' harvests beside the
  // shop's own.
  const farmBatches = COUNTED ? await sellersOf(database, products[1]!.id) : [];
  await database.close();
  // Two or three different products per order, as real carts have.
  const carts = emails.map((_, i) => ({
    items: [0, 1, 2]
      .slice(0, 2 + (i % 2))
      .map((k) => ({ productId: products[(i * 3 + k) % products.length]!.id, quantity: 1 + (k % 2) })),
  }));
  return { carts, emails, productIds: products.map((p) => p.id), farmBatches };
}

async function expect(buyer: Buyer, response: Response, status: number, step: string): Promise<Response> {
  buyer.cookie = keepSessionCookies(buyer.cookie, response);
  if (response.status !== status) {
    const body = await response.text();
    throw new Error(`${step}: expected ${status}, got ${response.status}: ${body.slice(0, 300)}`);
  }
  return response;
}

/** One whole place-and-pay, the requests a browser makes; returns the payment reference. */
async function placeAndPay(buyer: Buyer, cart: Cart, steps: Steps): Promise<string> {
  const headers = () => ({ cookie: buyer.cookie, origin: BASE });
  let t = performance.now();
  const lap = (step: keyof Steps) => {
    const now = performance.now();
    steps[step].push(now - t);
    t = now;
  };
  const placed = await expect(
    buyer,
    await fetch(`${BASE}/checkout.data`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({
        // Each order is a new checkout visit, with its own key.
        idempotencyKey: randomUUID(),
        items: cart.items,
        // Picked up at the hub: fresh fish cannot wait for Standard's 2–3 days (issue 50).
        deliveryMethod: 'pickup',
        deliveryLocation: 'Port Harcourt',
        pickupLocation: 'Rumuokoro Junction Hub',
      }),
    }),
    200,
    'place',
  );
  const reference = (await placed.text()).match(/\/checkout\/demo\/([A-Za-z0-9.=-]+)/)?.[1];
  if (!reference) throw new Error('place: no payment reference in the answer');
  lap('place');
  const paid = await expect(
    buyer,
    await fetch(`${BASE}/checkout/demo/${reference}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=pay',
    }),
    302,
    'pay',
  );
  await paid.arrayBuffer();
  lap('pay');
  const verified = await expect(
    buyer,
    await fetch(`${BASE}/checkout/callback?reference=${reference}`, {
      redirect: 'manual',
      headers: headers(),
    }),
    302,
    'verify',
  );
  await verified.arrayBuffer();
  lap('verify');
  if (!verified.headers.get('location')?.startsWith('/order-success'))
    throw new Error(`verify: sent to ${verified.headers.get('location')}, not /order-success`);
  return reference;
}

interface Steps {
  place: number[];
  pay: number[];
  verify: number[];
}

async function buyersLoop(buyers: Buyer[], carts: Cart[], durationMs: number) {
  const latencies: number[] = [];
  const steps: Steps = { place: [], pay: [], verify: [] };
  const references: string[] = [];
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    buyers.map(async (buyer, i) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        references.push(await placeAndPay(buyer, carts[i]!, steps));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  for (const list of Object.values(steps) as number[][]) list.sort((a, b) => a - b);
  return { latencies: latencies.sort((a, b) => a - b), steps, references, elapsed };
}

/**
 * Buyers arriving at random, `perSecond` on average (exponential gaps), for `durationMs`; each does one
 * place-and-pay with the next signed-in buyer. Latency runs from the planned arrival, not from when the
 * load generator got round to it.
 */
async function openArrivals(buyers: Buyer[], carts: Cart[], perSecond: number, durationMs: number) {
  const latencies: number[] = [];
  const steps: Steps = { place: [], pay: [], verify: [] };
  const references: string[] = [];
  const orders: Promise<void>[] = [];
  const started = performance.now();
  let arrival = started;
  for (let n = 0; ; n++) {
    arrival += (-Math.log(1 - Math.random()) / perSecond) * 1000;
    if (arrival - started > durationMs) break;
    const wait = arrival - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const plannedAt = arrival;
    const i = n % buyers.length;
    orders.push(
      placeAndPay(buyers[i]!, carts[i]!, steps).then((reference) => {
        references.push(reference);
        latencies.push(performance.now() - plannedAt);
      }),
    );
  }
  await Promise.all(orders);
  const elapsed = (performance.now() - started) / 1000;
  for (const list of Object.values(steps) as number[][]) list.sort((a, b) => a - b);
  return { latencies: latencies.sort((a, b) => a - b), steps, references, elapsed };
}

/** Waits until the job queue (pg-boss) has nothing waiting or running; false if it still has after `ms`. */
async function queueDrained(url: string, ms: number): Promise<boolean> {
  const database = await openPostgres(url, 1);
  try {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const [row] = await queryRows<{ pending: number }>(
        database.db,
        sql`select count(*)::int as pending from pgboss.job where state in ('created', 'retry', 'active')`,
      );
      if (row!.pending === 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  } finally {
    await database.close();
  }
}

const SMTP_PORT = 3612;

/** bench/smtp-sink.mjs in a process of its own; `stop` answers how many messages it took. */
async function startSmtpSink(): Promise<{ url: string; stop(): Promise<number> }> {
  const child = spawn(process.execPath, ['bench/smtp-sink.mjs', String(SMTP_PORT)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 10_000;
  while (!output.includes('listening')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the SMTP sink did not start on port ${SMTP_PORT}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `smtp://127.0.0.1:${SMTP_PORT}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      return Number(output.match(/received (\d+)/)?.[1] ?? 0);
    },
  };
}

async function main() {
  console.log(`• the shop runs on Node ${benchNodeVersion()}`);
  if (!existsSync('build/server.mjs'))
    throw new Error('Run `npm run build` first (npm run bench:checkout does).');
  const postgres = await ensurePostgres();
  try {
    const { url } = await freshDatabase(postgres.url, 'fc_bench_checkout');
    const { carts, emails, productIds, farmBatches } = await prepare(url);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'freshcatch-bench-data-'));
    // Receipts go out over SMTP, as in production (pooled connections), to a mail server in a process
    // of its own.
    const smtp = await startSmtpSink();
    const app = await serveShop(
      shopEnv({
        PORT: String(APP_PORT),
        DATABASE_URL: url,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        SMTP_URL: smtp.url,
        DATA_DIR: dataDir,
        LOGIN_RATE_LIMIT_MAX: '1000',
        // the demo provider: no Paystack keys
        PAYSTACK_SECRET_KEY: '',
        PAYSTACK_PUBLIC_KEY: '',
      }),
      // one server process per core, as README → Environment advises on PostgreSQL
      { processes: WORKERS, cpuProfile: true },
    ).catch(async (error: unknown) => {
      await smtp.stop();
      throw error;
    });
    try {
      console.log(`• /healthz, 20 connections, ${seconds} s…`);
      const healthz = await load(`${BASE}/healthz`, { seconds });
      const buyers: Buyer[] = [];
      for (const email of emails) buyers.push({ email, cookie: await signIn(BASE, email, PASSWORD) });
      console.log(`• one buyer alone placing and paying, 5 s (no contention: the floor)…`);
      await buyersLoop(buyers.slice(0, 1), carts, 1_000);
      const alone = await buyersLoop(buyers.slice(0, 1), carts, 5_000);
      console.log(
        `• ${BUYERS} buyers placing and paying (the shop on ${WORKERS} server processes), ${seconds} s (after a 3 s warm-up)…`,
      );
      await buyersLoop(buyers, carts, 3_000);
      /**
       * A run with the CPU it cost the shop, PostgreSQL and this script, per order: from an empty job
       * queue until the queue has sent the run's receipts (the mail server may take them after the
       * buyers are done; they are the run's work all the same).
       */
      const withCpu = async <T extends { latencies: number[] }>(work: () => Promise<T>) => {
        if (!(await queueDrained(url, 120_000)))
          console.log('! the job queue still had work after 2 minutes');
        const before = sampleCpu(app.child.pid!, postgres.pid);
        const result = await work();
        const finished = performance.now();
        if (!(await queueDrained(url, 120_000)))
          console.log('! the job queue still had work after 2 minutes');
        const after = sampleCpu(app.child.pid!, postgres.pid);
        const drainSeconds = (performance.now() - finished) / 1000;
        return {
          result,
          drainSeconds,
          cpu: cpuCeiling(before, after, result.latencies.length, BUYERS, TARGET_P95_MS),
        };
      };
      const {
        result: run,
        cpu,
        drainSeconds,
      } = await withCpu(() => buyersLoop(buyers, carts, seconds * 1000));
      console.log(`  (its receipts were all sent ${drainSeconds.toFixed(1)} s after the buyers stopped)`);
      const capacity = run.latencies.length / run.elapsed;
      const rate = capacity / 2;
      console.log(
        `• open model: buyers arriving at random, ${rate.toFixed(1)} orders/s (half the capacity), ${seconds} s…`,
      );
      const {
        result: open,
        cpu: openCpu,
        drainSeconds: openDrainSeconds,
      } = await withCpu(() => openArrivals(buyers, carts, rate, seconds * 1000));
      console.log(`  (its receipts were all sent ${openDrainSeconds.toFixed(1)} s after the last arrival)`);
      const memory = app.memory();

      // Holds must not serialize the shop: every buyer after one hot product (each placement updates
      // its row) against each buyer after a product of their own, one line of 1 each.
      console.log(
        `• ${BUYERS} buyers on one hot product, then on ${BUYERS} different ones, ${seconds} s each (stock ${COUNTED ? 'counted' : 'not counted'})…`,
      );
      const hotCarts = buyers.map(() => ({ items: [{ productId: productIds[0]!, quantity: 1 }] }));
      const spreadCarts = buyers.map((_, i) => ({
        items: [{ productId: productIds[i % productIds.length]!, quantity: 1 }],
      }));
      await buyersLoop(buyers, spreadCarts, 2_000);
      const spread = await buyersLoop(buyers, spreadCarts, seconds * 1000);
      await buyersLoop(buyers, hotCarts, 2_000);
      const hot = await buyersLoop(buyers, hotCarts, seconds * 1000);
      // Issue 51 §3: a hot product that three sellers' harvests sell beside the shop's own; each buyer
      // chooses one of the farms, or none (the shop's own, which must then leave the farms' fish alone).
      const farmCarts = buyers.map((_, i) => ({
        items: [
          {
            productId: productIds[1]!,
            quantity: 1,
            ...(i % 4 < farmBatches.length ? { batchId: farmBatches[i % 4]! } : {}),
          },
        ],
      }));
      let farmsRun: typeof hot | null = null;
      if (farmBatches.length > 0) {
        console.log(`• ${BUYERS} buyers on one hot product sold by three farms and the shop, ${seconds} s…`);
        await buyersLoop(buyers, farmCarts, 2_000);
        farmsRun = await buyersLoop(buyers, farmCarts, seconds * 1000);
      }

      const database = await openPostgres(url, 2);
      const refs = `{${[...run.references, ...open.references].join(',')}}`;
      const [stock] = await queryRows<{ mismatched: number; held: number; strayDraws: number }>(
        database.db,
        sql`select
          (select count(*)::int from products p where p.stock_on_hand <> (select coalesce(sum(b.quantity_left), 0)
             from stock_batches b where b.product_id = p.id and b.expired_at is null)) as mismatched,
          (select coalesce(sum(stock_held), 0)::int from products) as held,
          (select count(*)::int from stock_draws d join order_items i on i.id = d.order_item_id
             join stock_batches b on b.id = d.batch_id
             where b.chosen_only and i.batch_id is distinct from b.id) as "strayDraws"`,
      );
      const [check] = await queryRows<{ paid: number; notifications: number; pending: number }>(
        database.db,
        sql`select
          (select count(*)::int from orders where payment_reference = any(${refs}::text[]) and payment_status = 'success') as paid,
          (select count(*)::int from notifications n join orders o on o.id = n.order_id
             where o.payment_reference = any(${refs}::text[])) as notifications,
          (select count(*)::int from orders where payment_status = 'pending') as pending`,
      );
      await database.close();

      const orders = run.latencies.length + open.latencies.length;
      const ordersPerSecond = run.latencies.length / run.elapsed;
      const openP95 = percentile(open.latencies, 95);
      const ms = (n: number) => `${Math.round(n)} ms`;
      console.log('');
      const STEP_LABELS = {
        place: '  POST /checkout.data (place)',
        pay: '  POST /checkout/demo/:ref (Pay)',
        verify: '  GET /checkout/callback (verify)',
      };
      const rows = (label: string, result: typeof run, rss: string) => [
        [
          label,
          `${(result.latencies.length / result.elapsed).toFixed(1)} orders/s`,
          ms(percentile(result.latencies, 50)),
          ms(percentile(result.latencies, 95)),
          ms(percentile(result.latencies, 99)),
          rss,
        ],
        ...(['place', 'pay', 'verify'] as const).map((step) => [
          STEP_LABELS[step],
          '',
          ms(percentile(result.steps[step], 50)),
          ms(percentile(result.steps[step], 95)),
          ms(percentile(result.steps[step], 99)),
          '',
        ]),
      ];
      table([
        ['', 'per second', 'p50', 'p95', 'p99', 'server RSS (peak)'],
        [
          '/healthz (20 connections)',
          `${healthz.rps} req/s`,
          `${healthz.p50} ms`,
          '',
          `${healthz.p99} ms`,
          '',
        ],
        ...rows(
          `capacity: ${BUYERS} buyers who never pause`,
          run,
          `${memory.rssMb} MB (${memory.peakMb} MB)`,
        ),
        ...rows(`open: arrivals at random, ${rate.toFixed(1)}/s`, open, ''),
        ...rows('place-and-pay, 1 buyer alone', alone, ''),
        ...rows(`${BUYERS} buyers, ${BUYERS} different products (1 line)`, spread, ''),
        ...rows(`${BUYERS} buyers, one hot product (1 line)`, hot, ''),
        ...(farmsRun ? rows(`${BUYERS} buyers, one hot product of 3 farms + the shop`, farmsRun, '') : []),
      ]);
      const hotRate = hot.latencies.length / hot.elapsed;
      const farmsRate = farmsRun ? farmsRun.latencies.length / farmsRun.elapsed : null;
      const spreadRate = spread.latencies.length / spread.elapsed;
      console.log(
        `one hot product ÷ ${BUYERS} different ones: ${(hotRate / spreadRate).toFixed(2)}× the orders/s ` +
          `(${hotRate.toFixed(1)} vs ${spreadRate.toFixed(1)}; place p95 ${ms(percentile(hot.steps.place, 95))} vs ` +
          `${ms(percentile(spread.steps.place, 95))}); stock equal to its batches on every product: ` +
          `${verdict(stock!.mismatched === 0)}, ${stock!.held} left held; a farm's fish sold only to lines ` +
          `that chose it: ${verdict(stock!.strayDraws === 0)}`,
      );
      console.log('');
      console.log(
        `orders/s ÷ /healthz req/s: ${(ordersPerSecond / healthz.rps).toFixed(4)}  ` +
          `(requests/s ÷ /healthz: ${((3 * ordersPerSecond) / healthz.rps).toFixed(3)})`,
      );
      const cpuMs = (n: number) => `${n.toFixed(1)} ms`;
      console.log(
        `CPU per order with ${BUYERS} buyers: shop ${cpuMs(cpu.perOrder.server)}, PostgreSQL ` +
          `${cpuMs(cpu.perOrder.postgres)}, load generator ${cpuMs(cpu.perOrder.loadGenerator)}; ` +
          `together ${cpuMs(cpu.totalMs)}.`,
      );
      console.log(
        `CPU per order in the open model: shop ${cpuMs(openCpu.perOrder.server)}, PostgreSQL ` +
          `${cpuMs(openCpu.perOrder.postgres)}, load generator ${cpuMs(openCpu.perOrder.loadGenerator)}.`,
      );
      console.log(
        `On ${cpu.cores} cores that allows at most ${cpu.maxOrdersPerSecond.toFixed(1)} orders/s, so ` +
          `${BUYERS} buyers who never pause wait at least ${ms(cpu.floorMs)} per order on average ` +
          `(Little's law). A mean of ${TARGET_P95_MS} ms needs ≤ ${cpuMs(cpu.budgetMs)} of CPU per order, all together.`,
      );
      console.log(
        `paid exactly once: ${verdict(check!.paid === orders && check!.notifications === orders)} ` +
          `(${orders} orders, ${check!.paid} paid, ${check!.notifications} notifications, ` +
          `${check!.pending} left pending)`,
      );
      console.log('');
      table([
        ['target (issue 16)', 'result', 'measured'],
        [
          `open model at half capacity: p95 ≤ ${TARGET_P95_MS} ms`,
          verdict(openP95 <= TARGET_P95_MS),
          `${ms(openP95)} (p50 ${ms(percentile(open.latencies, 50))}, p99 ${ms(percentile(open.latencies, 99))})`,
        ],
        [
          `shop CPU per order ≤ ${TARGET_SHOP_CPU_MS} ms (capacity run)`,
          verdict(cpu.perOrder.server <= TARGET_SHOP_CPU_MS),
          cpuMs(cpu.perOrder.server),
        ],
        [
          `shop CPU per order ≤ ${TARGET_SHOP_CPU_MS} ms (open model)`,
          verdict(openCpu.perOrder.server <= TARGET_SHOP_CPU_MS),
          cpuMs(openCpu.perOrder.server),
        ],
        [
          `holds do not serialize the shop: one hot product ≥ 0.8× the orders/s of ${BUYERS} (issue 33)`,
          verdict(hotRate >= 0.8 * spreadRate),
          `${(hotRate / spreadRate).toFixed(2)}×`,
        ],
        ...(farmsRate === null
          ? []
          : [
              [
                `the hot product sold by 3 farms + the shop ≥ 0.8× the orders/s of the shop's alone (issue 51 §3)`,
                verdict(farmsRate >= 0.8 * hotRate),
                `${(farmsRate / hotRate).toFixed(2)}× (${farmsRate.toFixed(1)} vs ${hotRate.toFixed(1)} orders/s)`,
              ],
            ]),
      ]);
      if (healthz.non2xx || healthz.errors)
        console.log(`! /healthz: ${healthz.non2xx} non-2xx, ${healthz.errors} errors`);
    } finally {
      await app.stop();
      console.log(`receipts taken by the mail server (SMTP, every order of the run): ${await smtp.stop()}`);
      rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    await postgres.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
