import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDay } from '#core/calendar';
import { adminActor } from '#core/roles';
import { receiveStock, setStockCounting } from '#core/stock/batches';
import { openDatabase, queryRows, type Database } from '#db/client';
import * as schema from '#db/schema';
import { createServices } from '#server/services';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createUser, signedInClient } from '../support/factories';
import type { HttpClient } from '../support/http-client';
import { MemoryMailer } from '../support/memory-mailer';
import { OwnPostgres } from '../support/own-postgres';
import { childrenOf, freePort } from '../support/processes';
import { quietLogger } from '../support/quiet-logger';
import { shopEnv, startShop, type SupervisedShop } from '../support/shop';
import { testEnv } from '../support/test-env';

// The real parts fail while shoppers browse, place and pay — the production server
// (build/server.mjs, under its supervisor) on a PostgreSQL server of this file's own:
// - PostgreSQL is stopped (a fast shutdown cuts every connection) and started again: /readyz answers
//   503 in the gap, the shop recovers by itself, and every paid order is paid exactly once.
// - The server process is killed with SIGKILL mid-checkout: after the supervisor's restart nothing is
//   half written (no order without items, no code use without its order, no paid order without its
//   notification and receipt job, no stock held without its unpaid order, none sold without its draws).
const BUYERS = 6;

describe.runIf(process.env.DATABASE_URL)('the shop survives its parts failing (PostgreSQL)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'freshcatch-faults-'));
  let postgres: OwnPostgres;
  let shop: SupervisedShop;
  let base = '';
  const buyers: { client: HttpClient; productIds: number[] }[] = [];
  const statuses = new Map<number, number>();

  async function waitFor(condition: () => boolean | Promise<boolean>, what: string, ms: number) {
    const deadline = Date.now() + ms;
    while (!(await condition())) {
      if (shop.child.exitCode !== null || Date.now() > deadline)
        throw new Error(`${what}:\n${shop.output().slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function readyStatus(): Promise<number> {
    try {
      return (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) })).status;
    } catch {
      return 0;
    }
  }

  async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
    const database = await openDatabase({ databaseUrl: postgres.url, dataDir: dir });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    postgres = OwnPostgres.start();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    shop = await startShop({
      engine: 'postgres',
      env: shopEnv({
        DATABASE_URL: postgres.url,
        PORT: String(port),
        DATA_DIR: path.join(dir, 'data'),
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
        PAGE_CACHE_SECONDS: '0',
        LOGIN_RATE_LIMIT_MAX: '1000',
      }),
      processes: 1,
      logs: true,
    });

    const products = await withDatabase(async (database) => {
      const services = createServices(
        testEnv({ PUBLIC_URL: base }),
        quietLogger,
        database,
        new MemoryMailer(),
      );
      const emails: string[] = [];
      for (let i = 0; i < BUYERS; i++) emails.push((await createUser(services)).email);
      await database.db
        .update(schema.user)
        .set({ phone: '0803 555 0101', address: '12 Aba Road', location: 'Port Harcourt' })
        .where(sql`${schema.user.email} in ${emails}`);
      const rows = await database.db.select({ id: schema.products.id }).from(schema.products).limit(12);
      // Their stock is counted (issue 33): a placement holds it in the same transaction as the order.
      const [operator] = await database.db
        .select()
        .from(schema.user)
        .where(eq(schema.user.email, ADMIN_EMAIL));
      const admin = adminActor(operator!)!;
      for (const { id } of rows) {
        await setStockCounting(database.db, admin, id, 'unit');
        await receiveStock(database.db, admin, id, {
          intent: 'receive',
          quantity: '100000',
          dateKind: 'caught',
          preparedOn: shopDay(new Date()),
          bestBefore: null,
          note: null,
        });
      }
      return { emails, ids: rows.map((row) => row.id) };
    });
    for (const [i, email] of products.emails.entries()) {
      const client = await signedInClient({ url: base } as Parameters<typeof signedInClient>[0], email);
      buyers.push({ client, productIds: [products.ids[i % 12]!, products.ids[(i + 5) % 12]!] });
    }
  }, 180_000);

  afterAll(async () => {
    await shop?.stop(1_000);
    postgres?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every order placed, with the shopper who placed it. */
  const placed = new Map<string, HttpClient>();

  /** Shoppers browse, place and pay with FRESH10 (an uncapped code) until `stop()`. */
  async function shopUntil(stop: () => boolean): Promise<void> {
    const seen = (response: Response) =>
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    await Promise.all(
      buyers.map(async ({ client, productIds }) => {
        while (!stop()) {
          try {
            const list = await client.get('/products');
            seen(list);
            await list.arrayBuffer();
            const answer = await client.postJson('/checkout.data', {
              idempotencyKey: crypto.randomUUID(),
              items: productIds.map((productId) => ({ productId, quantity: 1 })),
              deliveryMethod: 'pickup',
              deliveryLocation: 'Port Harcourt',
              pickupLocation: 'Rumuokoro Junction Hub',
              discountCode: 'FRESH10',
            });
            seen(answer);
            const reference = (await answer.text()).match(/\/checkout\/demo\/([A-Za-z0-9.=-]+)/)?.[1];
            if (answer.status !== 200 || !reference) continue;
            placed.set(reference, client);
            const paid = await client.postForm(`/checkout/demo/${reference}`, { decision: 'pay' });
            seen(paid);
            await paid.arrayBuffer();
            const verified = await client.get(`/checkout/callback?reference=${reference}`);
            seen(verified);
            await verified.arrayBuffer();
          } catch {
            // The connection was cut (a killed process): the shopper tries again.
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      }),
    );
  }

  /** What must hold whatever failed: nothing half written, every paid order paid exactly once. */
  async function checkNothingHalfWritten() {
    // Shoppers who could not finish come back to the callback (their browser's reload).
    for (const [reference, client] of placed) {
      const again = await client.get(`/checkout/callback?reference=${reference}`);
      expect([200, 302]).toContain(again.status);
    }
    await withDatabase(async ({ db }) => {
      const [counts] = await queryRows<Record<string, number>>(
        db,
        sql`select
          (select count(*)::int from orders o join demo_payments d on d.reference = o.payment_reference) as orders,
          (select count(*)::int from orders o join demo_payments d on d.reference = o.payment_reference
             where o.payment_status = 'success') as paid,
          (select count(*)::int from orders o
             where not exists (select 1 from order_items i where i.order_id = o.id)) as "ordersWithoutItems",
          (select used_count from discount_codes where code = 'FRESH10')
            - (select count(*)::int from orders where discount_code = 'FRESH10' and discount_use_held)
            as "usesWithoutOrders",
          (select count(*)::int from orders o join demo_payments d on d.reference = o.payment_reference
             where (d.status = 'success') <> (o.payment_status = 'success')) as "paidMismatches",
          (select count(*)::int from orders o join demo_payments d on d.reference = o.payment_reference
             where o.payment_status = 'success'
             and (select count(*) from notifications n where n.order_id = o.id) <> 1) as "paidWithoutOneNotification",
          (select count(*)::int from orders o join demo_payments d on d.reference = o.payment_reference
             where o.payment_status = 'success'
             and (select count(*) from pgboss.job j where j.name = 'mail'
                  and j.data->>'subject' like '%#' || left(o.id::text, 8) || ' is confirmed') <> 1)
            as "paidWithoutOneReceipt",
          (select count(*)::int from products p where p.stock_unit is not null
             and p.stock_held <> coalesce((select sum(i.stock_quantity) from order_items i
               join orders o on o.id = i.order_id where i.product_id = p.id and o.holds = 'held'), 0))
            as "holdsWithoutTheirOrders",
          (select count(*)::int from products p where p.stock_unit is not null
             and p.stock_on_hand <> coalesce((select sum(b.quantity_left) from stock_batches b
               where b.product_id = p.id and b.expired_at is null), 0))
            as "onHandNotItsBatches",
          (select count(*)::int from order_items i join orders o on o.id = i.order_id
             where o.holds = 'kept' and i.stock_quantity > 0
             and i.stock_quantity <> coalesce((select sum(d.quantity) from stock_draws d
               where d.order_item_id = i.id), 0))
            as "soldLinesNotDrawn"`,
      );
      expect(counts).toMatchObject({
        ordersWithoutItems: 0,
        usesWithoutOrders: 0,
        paidMismatches: 0,
        paidWithoutOneNotification: 0,
        paidWithoutOneReceipt: 0,
        holdsWithoutTheirOrders: 0,
        onHandNotItsBatches: 0,
        soldLinesNotDrawn: 0,
      });
      expect(counts!.paid).toBeGreaterThan(0);
      console.info(
        `faults: ${counts!.orders} orders placed, ${counts!.paid} paid; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      return counts;
    });
  }

  it('PostgreSQL stopped and started again: 503 in the gap, recovery without a restart, paid exactly once', async () => {
    let stop = false;
    const shopping = shopUntil(() => stop);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const pid = childrenOf(shop.child.pid!)[0];

    postgres.stopServer();
    await waitFor(
      async () => (await readyStatus()) === 503,
      '/readyz did not answer 503 without PostgreSQL',
      15_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    postgres.startServer();
    await waitFor(async () => (await readyStatus()) === 200, 'the shop did not recover', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    stop = true;
    await shopping;

    // The same server process served before and after: it recovered by itself.
    expect(childrenOf(shop.child.pid!)[0]).toBe(pid);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((status) => status >= 500 && status !== 503)).toEqual([]);
    await checkNothingHalfWritten();
  }, 120_000);

  it('the server killed with SIGKILL mid-checkout: after its restart nothing is half written', async () => {
    let stop = false;
    const shopping = shopUntil(() => stop);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const [worker] = childrenOf(shop.child.pid!);
    process.kill(worker!, 'SIGKILL');
    await waitFor(
      async () => childrenOf(shop.child.pid!).some((pid) => pid !== worker) && (await readyStatus()) === 200,
      'the supervisor did not bring the shop back',
      60_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    stop = true;
    await shopping;
    await checkNothingHalfWritten();
  }, 120_000);
});
