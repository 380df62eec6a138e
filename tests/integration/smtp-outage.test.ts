import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePayment } from '#core/checkout/settle';
import { decideDemoPayment } from '#core/payments/demo';
import { queryRows } from '#db/client';
import { createCheckoutShopper, placeCatfishOrder } from '../support/factories';
import { SmtpStandIn } from '../support/smtp-stand-in';
import { startTestServer, type TestServer } from '../support/test-server';
import { until } from '../support/wait';

// The mail server is down (connections refused), then in trouble (451 to every
// message), while shoppers pay. Orders still succeed; every receipt goes out, once, when it is back.
// The shop's real mailer (nodemailer over SMTP) talks to a real SMTP server (smtp-server).
let smtp: SmtpStandIn;
let server: TestServer;
beforeAll(async () => {
  smtp = new SmtpStandIn();
  await smtp.start(); // to learn a free port; stopped again by the first test
  server = await startTestServer({ smtp: true, env: { SMTP_URL: smtp.url, PAGE_CACHE_SECONDS: '0' } });
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

const db = () => server.database.db;

const receiptJobs = (email: string) =>
  queryRows<{ id: string; state: string }>(
    db(),
    sql`select id, state from pgboss.job where name = 'mail' and data->>'to' = ${email}`,
  );

async function buyAndPay() {
  const shopper = await createCheckoutShopper(server.services);
  const placed = await placeCatfishOrder(server.services, shopper.id);
  await decideDemoPayment(db(), placed.reference, 'success');
  expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
  return { shopper, placed };
}

/** One message to each address, queued in one transaction so that a worker takes them as one batch. */
async function queueTogether(shop: TestServer, addresses: string[]) {
  await shop.database.db.transaction(async (tx) => {
    for (const to of addresses)
      await shop.services.jobs.send(tx, 'mail', {
        to,
        subject: 'Hello',
        text: 'Hello',
        html: '<p>Hello</p>',
      });
  });
}

/** Jobs waiting out their backoff run now (the backoff itself is pg-boss's, tested by it). */
const retryNow = (shop: TestServer = server) =>
  shop.database.db.execute(
    sql`update pgboss.job set start_after = now() where name = 'mail' and state = 'retry'`,
  );

describe.sequential('the mail server fails while shoppers pay', () => {
  it('down: orders are paid at once, and the receipts go out once when it is back', async () => {
    await smtp.stop();
    const buyers = [await buyAndPay(), await buyAndPay(), await buyAndPay()];
    for (const { shopper } of buyers)
      await until(async () => (await receiptJobs(shopper.email))[0]?.state === 'retry', 'a refused send');

    await smtp.start();
    await retryNow();
    await server.jobsDone(15_000);
    for (const { shopper, placed } of buyers) {
      const mails = smtp.to(shopper.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.raw).toMatch(/^Subject: .*is confirmed/m);
      expect(mails[0]!.raw).toContain(placed.orderId.slice(0, 8));
      const [job] = await receiptJobs(shopper.email);
      expect(job!.state).toBe('completed');
      expect(mails[0]!.raw).toMatch(new RegExp(`^Message-ID: <${job!.id}@127\\.0\\.0\\.1>`, 'mi'));
    }
  });

  it('refusing messages (451): the receipt is kept and sent when the server accepts again', async () => {
    smtp.refuseWith = 'Mailbox temporarily unavailable';
    const { shopper } = await buyAndPay();
    await until(async () => (await receiptJobs(shopper.email))[0]?.state === 'retry', 'a refused message');
    expect(smtp.to(shopper.email)).toEqual([]);

    smtp.refuseWith = null;
    await retryNow();
    await server.jobsDone(15_000);
    expect(smtp.to(shopper.email)).toHaveLength(1);
  });

  it('one message of a batch refused: it alone is retried, the others go out once', async () => {
    smtp.refuseTo = 'batch.refused@example.com';
    const addresses = ['batch.a@example.com', 'batch.refused@example.com', 'batch.c@example.com'];
    await queueTogether(server, addresses);
    const jobs = async () =>
      Object.fromEntries(
        (
          await queryRows<{ to: string; state: string; started: string }>(
            db(),
            sql`select data->>'to' as to, state, started_on::text as started from pgboss.job
                where name = 'mail' and data->>'to' like 'batch.%'`,
          )
        ).map((job) => [job.to, job]),
      );
    await until(async () => (await jobs())['batch.refused@example.com']?.state === 'retry', 'the refusal');
    await server.jobsDone(15_000);
    const done = await jobs();
    expect(done['batch.a@example.com']!.state).toBe('completed');
    expect(done['batch.c@example.com']!.state).toBe('completed');
    expect(done['batch.a@example.com']!.started).toBe(done['batch.c@example.com']!.started);
    expect(smtp.to('batch.a@example.com')).toHaveLength(1);
    expect(smtp.to('batch.c@example.com')).toHaveLength(1);
    expect(smtp.to('batch.refused@example.com')).toEqual([]);

    smtp.refuseTo = null;
    await retryNow();
    await server.jobsDone(15_000);
    expect(smtp.to('batch.refused@example.com')).toHaveLength(1);
    expect(smtp.to('batch.a@example.com')).toHaveLength(1);
  });
});

describe('a batch of receipts whose time is spent', () => {
  let quick: TestServer;
  beforeAll(async () => {
    // No time at all: every batch stops after its first message.
    quick = await startTestServer({
      smtp: true,
      batchTimeMs: 0,
      env: { SMTP_URL: smtp.url, PAGE_CACHE_SECONDS: '0' },
    });
  });
  afterAll(() => quick.close());

  it('completes what it sent and leaves the rest to the queue: each message goes out once', async () => {
    const addresses = ['spent.a@example.com', 'spent.b@example.com', 'spent.c@example.com'];
    await queueTogether(quick, addresses);
    const states = async () =>
      (
        await queryRows<{ state: string }>(
          quick.database.db,
          sql`select state from pgboss.job where name = 'mail' and data->>'to' like 'spent.%' order by state`,
        )
      ).map((job) => job.state);
    await until(async () => (await states()).includes('retry'), 'the rest thrown back');
    expect((await states()).filter((state) => state === 'completed').length).toBeGreaterThanOrEqual(1);
    for (let round = 0; round < 3; round++) {
      await retryNow(quick);
      await quick.jobsDone(15_000);
    }
    expect(await states()).toEqual(['completed', 'completed', 'completed']);
    for (const to of addresses) expect(smtp.to(to)).toHaveLength(1);
  });
});
