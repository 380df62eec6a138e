import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePayment } from '#core/checkout/settle';
import { JOB_MESSAGES } from '#core/jobs/failures';
import { decideDemoPayment } from '#core/payments/demo';
import { queryRows } from '#db/client';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createCheckoutShopper, placeCatfishOrder, signedInClient } from '../support/factories';
import { createTestDatabase } from '../support/database';
import { startTestServer, type TestServer } from '../support/test-server';
import { until } from '../support/wait';

// E-mails, payment checks and the order expiry are durable jobs in the shop's own
// database, enqueued in the transaction that causes them, retried with backoff, and left 'failed' for
// an admin to see on the dashboard and retry.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
});
afterAll(() => server.close());

const db = () => server.database.db;

interface JobRow {
  id: string;
  name: string;
  state: string;
  data: Record<string, unknown>;
  retry_count: number;
}

const jobsTo = (email: string) =>
  queryRows<JobRow>(
    db(),
    sql`select id, name, state, data, retry_count from pgboss.job
        where name = 'mail' and data->>'to' = ${email} order by created_on`,
  );

/** Lets a job waiting out its backoff run now (the backoff itself is pg-boss's). */
const dueNow = (id: string) =>
  db().execute(sql`update pgboss.job set start_after = now() where id = ${id}::uuid`);

async function paidOrder() {
  const shopper = await createCheckoutShopper(server.services);
  const placed = await placeCatfishOrder(server.services, shopper.id);
  await decideDemoPayment(db(), placed.reference, 'success');
  return { shopper, placed };
}

describe('durable background jobs', () => {
  it('a receipt waits out a mail server outage and goes out once when it is back', async () => {
    server.mailer.refusing = true;
    try {
      const { shopper, placed } = await paidOrder();
      // Payment settles although the mail server is down; twice over, the receipt is one job.
      expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
      expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
      await until(async () => (await jobsTo(shopper.email))[0]?.state === 'retry', 'the first failure');
      const [job, ...others] = await jobsTo(shopper.email);
      expect(others).toEqual([]);
      expect(job!.data.subject).toMatch(/is confirmed/);
      expect(server.mailer.sent.filter((m) => m.to === shopper.email)).toEqual([]);

      server.mailer.refusing = false;
      await dueNow(job!.id);
      await server.jobsDone();
      const sent = server.mailer.sent.filter((m) => m.to === shopper.email);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toMatch(/is confirmed/);
      // The job's id is the Message-ID: a repeat after a crash would read as the same message.
      expect(sent[0]!.messageId).toBe(`<${job!.id}@127.0.0.1>`);
      expect((await jobsTo(shopper.email))[0]!.state).toBe('completed');
    } finally {
      server.mailer.refusing = false;
    }
  });

  it('a job is sent with its transaction: one rolled back leaves no job', async () => {
    const email = `rolled-back-${Date.now()}@example.ng`;
    await expect(
      db().transaction(async (tx) => {
        await server.services.jobs.send(tx, 'mail', {
          to: email,
          subject: 'Never',
          text: 'Never',
          html: '<p>Never</p>',
        });
        throw new Error('the change is refused');
      }),
    ).rejects.toThrow('the change is refused');
    expect(await jobsTo(email)).toEqual([]);
  });

  it('a payment the provider cannot be asked about is checked again later', async () => {
    const { placed } = await paidOrder();
    // Only the provider that took an order can say what became of it: here, none that is configured.
    await db()
      .update(schema.orders)
      .set({ paymentProvider: 'paystack' })
      .where(eq(schema.orders.paymentReference, placed.reference));
    const id = await server.services.jobs.send(db(), 'verify-payment', { reference: placed.reference });
    await until(async () => {
      const [row] = await queryRows<JobRow>(db(), sql`select state from pgboss.job where id = ${id}::uuid`);
      return row?.state === 'retry';
    }, 'the check to be put off');
    const [order] = await db()
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.paymentReference, placed.reference));
    expect(order!.paymentStatus).toBe('pending');
  });

  it('the expiry is a schedule installed with the migrations, and its job expires stale orders', async () => {
    const schedules = await queryRows<{ name: string; cron: string }>(
      db(),
      sql`select name, cron from pgboss.schedule order by name`,
    );
    // Beside it, the farm reminders' half-hourly run (tests/integration/farm-reminders.test.ts), the
    // weekly payout run (tests/integration/payouts.test.ts) and the nightly forgetting of old messages'
    // recipients (tests/integration/message-retention.test.ts).
    expect(schedules).toEqual([
      { name: 'expire-orders', cron: '* * * * *' },
      { name: 'farm-reminders', cron: '*/30 * * * *' },
      { name: 'forget-recipients', cron: '0 2 * * *' },
      { name: 'payout-run', cron: '0 9 * * 1' },
    ]);

    const shopper = await createCheckoutShopper(server.services);
    const placed = await placeCatfishOrder(server.services, shopper.id);
    await db()
      .update(schema.orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(schema.orders.id, placed.orderId));
    await server.services.jobs.send(db(), 'expire-orders', {});
    await server.jobsDone();
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.id, placed.orderId));
    expect(order!.paymentStatus).toBe('expired');
  });

  it('a job that keeps failing is shown on the dashboard, and an admin retries it', async () => {
    const email = `unlucky-${Date.now()}@example.ng`;
    server.mailer.refusing = true;
    try {
      const id = await server.services.jobs.send(db(), 'mail', {
        to: email,
        subject: 'Your order is on its way',
        text: 'It is.',
        html: '<p>It is.</p>',
      });
      await until(async () => (await jobsTo(email))[0]?.state === 'retry', 'the first failure');
      // On to its last retry (pg-boss counts a retry as it starts it): that failure is final.
      await db().execute(
        sql`update pgboss.job set retry_count = retry_limit - 1, start_after = now() where id = ${id}::uuid`,
      );
      await until(async () => (await jobsTo(email))[0]?.state === 'failed', 'the job to fail for good');
    } finally {
      server.mailer.refusing = false;
    }
    const [job] = await jobsTo(email);

    const admin = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const dashboard = await (await admin.get('/admin')).text();
    expect(dashboard).toContain('Background jobs that failed');
    expect(dashboard).toContain(`E-mail to ${email}: “Your order is on its way”`);
    expect(dashboard).toContain('connect ECONNREFUSED 127.0.0.1:587 (the mail server is down)');
    expect(dashboard).toContain('after 13 tries');

    // Not for shoppers; and a job id that is not a failed job changes nothing.
    const shopper = await createCheckoutShopper(server.services);
    const asShopper = await signedInClient(server, shopper.email);
    const refused = await asShopper.postForm('/admin?index', {
      intent: 'retry-job',
      queue: 'mail',
      jobId: job!.id,
    });
    expect(refused.status).toBe(403);
    const bad = await admin.postForm('/admin?index', {
      intent: 'retry-job',
      queue: 'mail',
      jobId: 'not-a-job',
    });
    expect(bad.status).toBe(400);
    expect((await jobsTo(email))[0]!.state).toBe('failed');

    const retried = await admin.postForm('/admin?index', {
      intent: 'retry-job',
      queue: 'mail',
      jobId: job!.id,
    });
    expect(retried.status).toBe(200);
    await server.jobsDone();
    expect(server.mailer.sent.filter((m) => m.to === email).map((m) => m.subject)).toEqual([
      'Your order is on its way',
    ]);
    expect((await jobsTo(email))[0]!.state).toBe('completed');
    const [audit] = await db()
      .select()
      .from(schema.adminActivity)
      .where(eq(schema.adminActivity.subjectId, job!.id));
    expect(audit).toMatchObject({
      kind: 'job',
      action: 'retried',
      adminEmail: ADMIN_EMAIL,
      subjectLabel: `E-mail to ${email}: “Your order is on its way”`,
    });

    // Once retried it is no longer failed: a second retry (a double click) is refused and changes nothing.
    const again = await admin.postForm('/admin?index', {
      intent: 'retry-job',
      queue: 'mail',
      jobId: job!.id,
    });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(JOB_MESSAGES.notFailed);
    expect(server.mailer.sent.filter((m) => m.to === email)).toHaveLength(1);
    expect(await (await admin.get('/admin')).text()).not.toContain(`E-mail to ${email}`);
  });
});

describe('a job run at once by the request that made it (jobs.runNow)', () => {
  /** A refund job no worker will take for an hour (as the refund button sends it): committed, so runNow may claim it. */
  async function jobNoWorkerTakesYet() {
    const id = await db().transaction((tx) =>
      server.services.jobs.send(
        tx,
        'refund',
        { orderId: 'none', amountKobo: 100 },
        { startAfterSeconds: 3600 },
      ),
    );
    const [job] = await queryRows<{ wait: number }>(
      db(),
      sql`select extract(epoch from start_after - now())::int as wait from pgboss.job where id = ${id}::uuid`,
    );
    expect(Number(job!.wait)).toBeGreaterThan(3500);
    return id;
  }
  const stateOf = async (id: string) =>
    (await queryRows<JobRow>(db(), sql`select state from pgboss.job where id = ${id}::uuid`))[0]?.state;

  it('runs it once, and a second ask (or a worker) finds it taken', async () => {
    const id = await jobNoWorkerTakesYet();
    let runs = 0;
    const run = async () => void runs++;
    const answers = await Promise.all([
      server.services.jobs.runNow(db(), 'refund', id, run),
      server.services.jobs.runNow(db(), 'refund', id, run),
    ]);
    expect(answers.sort()).toEqual(['done', 'taken']);
    expect(runs).toBe(1);
    expect(await stateOf(id)).toBe('completed');
    expect(await server.services.jobs.runNow(db(), 'refund', id, run)).toBe('taken');
    expect(runs).toBe(1);
  });

  it('leaves a job a worker has alone', async () => {
    const id = await jobNoWorkerTakesYet();
    await db().execute(
      sql`update pgboss.job set state = 'active', started_on = now() where id = ${id}::uuid`,
    );
    let runs = 0;
    expect(await server.services.jobs.runNow(db(), 'refund', id, async () => void runs++)).toBe('taken');
    expect(runs).toBe(0);
    expect(await stateOf(id)).toBe('active');
  });

  it("leaves a job that failed here to the queue's retries", async () => {
    const id = await jobNoWorkerTakesYet();
    const failing = () => Promise.reject(new Error('the provider could not be reached'));
    expect(await server.services.jobs.runNow(db(), 'refund', id, failing)).toBe('failed');
    expect(await stateOf(id)).toBe('retry');
  });
});

describe('a backlog of jobs', () => {
  // A worker that waits a minute between polls, so a backlog that went out one job per poll would
  // take twenty minutes here.
  let slowPolling: TestServer;
  beforeAll(async () => {
    slowPolling = await startTestServer({ pollingIntervalSeconds: 60 });
  });
  afterAll(() => slowPolling.close());

  it('goes out one job after another, not one per polling interval', async () => {
    const to = `rush-${Date.now()}@example.ng`;
    const mail = (subject: string) => ({ to, subject, text: subject, html: `<p>${subject}</p>` });
    const sent = () => slowPolling.mailer.sent.filter((m) => m.to === to);
    // Twenty receipts wait out a mail server outage, then all fall due at once: a backlog that no
    // new job's wake-up call covers.
    slowPolling.mailer.refusing = true;
    try {
      await slowPolling.database.db.transaction(async (tx) => {
        for (let i = 1; i <= 20; i++) await slowPolling.services.jobs.send(tx, 'mail', mail(`Receipt ${i}`));
      });
      const waiting = () =>
        queryRows<{ n: number }>(
          slowPolling.database.db,
          sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->>'to' = ${to}
              and state = 'retry'`,
        );
      await until(async () => (await waiting())[0]!.n === 20, 'all twenty waiting for a retry');
    } finally {
      slowPolling.mailer.refusing = false;
    }
    await slowPolling.database.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'mail' and data->>'to' = ${to}`,
    );
    // One new job wakes the worker once; the backlog then goes out behind it.
    await slowPolling.database.db.transaction((tx) =>
      slowPolling.services.jobs.send(tx, 'mail', mail('Receipt 21')),
    );
    await until(async () => sent().length === 21, 'all twenty-one receipts');
    expect(new Set(sent().map((m) => m.subject)).size).toBe(21);
  });
});

describe('a shop that stops', () => {
  it('records a job it finished as done before it lets the database go, so it never runs twice', async () => {
    // pg-boss marks a job done without awaiting it; here that statement takes a while to arrive.
    const database = await createTestDatabase();
    const executeSql = database.executeSql.bind(database);
    database.executeSql = async (text, values) => {
      if (/state = 'completed'/.test(text)) await new Promise((resolve) => setTimeout(resolve, 300));
      return executeSql(text, values);
    };
    const shop = await startTestServer({ database });
    try {
      const to = `closing-${Date.now()}@example.ng`;
      await database.db.transaction((tx) =>
        shop.services.jobs.send(tx, 'mail', {
          to,
          subject: 'Receipt',
          text: 'Receipt',
          html: '<p>Receipt</p>',
        }),
      );
      await until(async () => shop.mailer.sent.some((m) => m.to === to), 'the mail sent');
      await shop.close();
      const [job] = await queryRows<{ state: string }>(
        database.db,
        sql`select state from pgboss.job where name = 'mail' and data->>'to' = ${to}`,
      );
      expect(job!.state).toBe('completed');
    } finally {
      await database.close();
    }
  });
  it('waits for a batch whose jobs were on their way when it was told to stop, and records it done', async () => {
    // pg-boss counts only the batches it has handed over: here a fetch has taken a job from the queue
    // but its answer arrives only once the shop has begun to stop.
    const database = await createTestDatabase();
    const executeSql = database.executeSql.bind(database);
    let caught: () => void = () => {};
    const fetchCaught = new Promise<void>((resolve) => (caught = resolve));
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let stopped = false;
    const afterStop: string[] = [];
    database.executeSql = async (text, values) => {
      if (stopped) afterStop.push(text);
      const result = await executeSql(text, values);
      if (/SKIP LOCKED/.test(text) && values?.[0] === 'mail' && result.rows.length > 0) {
        caught();
        await released;
      }
      return result;
    };
    const shop = await startTestServer({ database });
    shop.mailer.sendingTakesMs = 200;
    try {
      const to = `stopping-${Date.now()}@example.ng`;
      await database.db.transaction((tx) =>
        shop.services.jobs.send(tx, 'mail', {
          to,
          subject: 'Receipt',
          text: 'Receipt',
          html: '<p>Receipt</p>',
        }),
      );
      await fetchCaught;
      const closing = shop.close().then(() => (stopped = true));
      setTimeout(release, 100);
      await closing;
      expect(afterStop).toEqual([]);
      expect(shop.mailer.sent.filter((m) => m.to === to)).toHaveLength(1);
      const [job] = await queryRows<{ state: string }>(
        database.db,
        sql`select state from pgboss.job where name = 'mail' and data->>'to' = ${to}`,
      );
      expect(job!.state).toBe('completed');
    } finally {
      release();
      await database.close();
    }
  });
});
