import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client';
import * as schema from '#db/schema';
import { createCheckoutShopper, placeCatfishOrder, signedInClient } from '../support/factories';
import { createTestDatabase } from '../support/database';
import { startPaystackStandIn, type PaystackStandIn } from '../support/paystack-stand-in';
import { startTestServer, type TestServer } from '../support/test-server';
import { until } from '../support/wait';

// Paystack slow (answering after 30 s) or failing (500). The shopper hears within a
// bounded time (every call to Paystack has a timeout, PAYSTACK_TIMEOUT_MS), the order stays pending,
// nothing is marked paid without a verified payment, and the webhook's verification job settles the
// order once Paystack answers again.
const TIMEOUT_MS = 1_500;
let stand: PaystackStandIn;
let server: TestServer;
beforeAll(async () => {
  stand = await startPaystackStandIn();
  server = await startTestServer({
    database: await createTestDatabase(),
    env: {
      PAYSTACK_SECRET_KEY: stand.secretKey,
      PAYSTACK_PUBLIC_KEY: 'pk_test_standin',
      PAYSTACK_BASE_URL: stand.url,
      PAYSTACK_TIMEOUT_MS: String(TIMEOUT_MS),
      PAGE_CACHE_SECONDS: '0',
      LOGIN_RATE_LIMIT_MAX: '100',
    },
  });
  stand.webhookUrl = `${server.url}/api/webhooks/paystack`;
});
afterAll(async () => {
  stand.answerAfterMs = 0;
  stand.failApiWith = null;
  await server.close();
  await server.database.close();
  await stand.close();
});

const db = () => server.database.db;
const orderOf = async (reference: string) =>
  (await db().select().from(schema.orders).where(eq(schema.orders.paymentReference, reference)))[0]!;
const verifyJobs = (reference: string) =>
  queryRows<{ id: string; state: string }>(
    db(),
    sql`select id, state from pgboss.job where name = 'verify-payment' and data->>'reference' = ${reference}`,
  );

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

const order = (shopperId: string) => placeCatfishOrder(server.services, shopperId);

const faults = [
  { name: 'slow (answering after 30 s)', set: () => (stand.answerAfterMs = 30_000) },
  { name: 'failing (500)', set: () => (stand.failApiWith = 500) },
];

describe.sequential.each(faults)('Paystack $name', ({ set }) => {
  it('placing an order answers Order Processing Error within the timeout, and writes no order', async () => {
    const shopper = await createCheckoutShopper(server.services);
    set();
    try {
      const { result, ms } = await timed(() =>
        order(shopper.id).then(
          () => 'placed',
          (error: Error) => error.message,
        ),
      );
      expect(result).toBe('There was an issue creating your order. Please contact support.');
      expect(ms).toBeLessThan(TIMEOUT_MS + 3_000);
    } finally {
      stand.answerAfterMs = 0;
      stand.failApiWith = null;
    }
    expect(await db().select().from(schema.orders).where(eq(schema.orders.userId, shopper.id))).toEqual([]);
  });

  it('a paid order is told "could not reach", stays pending, and is settled once by the webhook job later', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const placed = await order(shopper.id);
    const client = await signedInClient(server, shopper.email);
    // The shopper pays on Paystack's page; then Paystack's API slows down or fails.
    await stand.complete(placed.reference, 'success', { webhook: false });
    set();
    try {
      const { result: callback, ms } = await timed(() =>
        client.get(`/checkout/callback?reference=${placed.reference}`),
      );
      expect(callback.status).toBe(200);
      expect(await callback.text()).toContain('We could not reach the payment provider just now');
      expect(ms).toBeLessThan(TIMEOUT_MS + 3_000);

      // Paystack's webhook arrives: answered at once, its word not trusted, the check queued.
      const { result: status, ms: webhookMs } = await timed(() => stand.sendWebhook(placed.reference));
      expect(status).toBe(200);
      expect(webhookMs).toBeLessThan(1_000);
      await until(async () => (await verifyJobs(placed.reference))[0]?.state === 'retry', 'a check put off');
      expect(await orderOf(placed.reference)).toMatchObject({ paymentStatus: 'pending', paidAt: null });
    } finally {
      stand.answerAfterMs = 0;
      stand.failApiWith = null;
    }

    // Paystack answers again: the next try (its backoff cut short) settles the order, once.
    await db().execute(
      sql`update pgboss.job set start_after = now() where name = 'verify-payment' and state = 'retry'`,
    );
    await until(async () => (await orderOf(placed.reference)).paymentStatus === 'success', 'the settlement');
    await server.jobsDone();
    const notes = await db()
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.userId, shopper.id));
    expect(notes).toHaveLength(1);
    const receipts = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->>'to' = ${shopper.email}`,
    );
    expect(receipts[0]!.n).toBe(1);
    expect(await verifyJobs(placed.reference)).toEqual([expect.objectContaining({ state: 'completed' })]);
  });
});
