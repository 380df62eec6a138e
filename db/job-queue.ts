import PgBoss from 'pg-boss';
import type { Database } from './client';
import type { QueueName } from './schema/enums';

/**
 * The shop's durable job queue lives in its own database, in pg-boss's schema `pgboss` (docs/decisions/019):
 * a job is a row, written in the same transaction as the change that causes it, so it exists exactly
 * when the change does. Its queues and their retry policies are part of the schema, like the tables:
 * they are installed with the migrations.
 */

/**
 * How each queue retries. A job that still fails after its last retry stays in the state 'failed',
 * where an admin sees it on the dashboard and can run it again.
 * - mail: SMTP may be down for hours; 12 retries with a doubling, jittered pause (from 30 s) span about two days.
 * - verify-payment: the provider may be slow or down; the 30-minute expiry asks again in any case.
 * - refund: the provider may be down; 10 retries from 30 s, doubling, span about a day.
 * - expire-orders: runs every minute anyway; a failed run is not retried, the next one is due.
 * - farm-reminders: runs every 30 minutes anyway; a failed run is not retried, the next one is due.
 * - payout-run: weekly (or the owner's); a run that fails is retried 3 times from a minute: it pays only
 *   what is payable and not already on its way, so a second run pays nothing twice. Its transfers are
 *   retried by the payouts' own clock (core/sellers/payouts.ts), not by this queue.
 * - send-message: a provider's 429 or outage; 10 retries from 15 s, doubling, span about four hours (the
 *   first pauses are above WhatsApp's one message per 6 s to a number). Its attempt is short: one call.
 * - forget-recipients: daily; a run that fails (the database away) is retried 3 times from 5 minutes,
 *   and doing it twice forgets nothing more.
 */
export const QUEUE_POLICIES: Record<QueueName, Omit<PgBoss.Queue, 'name'>> = {
  mail: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  'verify-payment': { retryLimit: 10, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  refund: { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  'expire-orders': { retryLimit: 0, expireInSeconds: 300 },
  'farm-reminders': { retryLimit: 0, expireInSeconds: 600 },
  'send-message': { retryLimit: 10, retryDelay: 15, retryBackoff: true, expireInSeconds: 60 },
  'payout-run': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
  'forget-recipients': { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 900 },
};

/** Work that runs on a clock, once across any number of server processes (pg-boss's cron). */
export const SCHEDULES: { queue: QueueName; cron: string }[] = [
  { queue: 'expire-orders', cron: '* * * * *' },
  // On the hour and the half hour, so a pond not logged is told of at 18:00 (core/farm/reminders.ts).
  { queue: 'farm-reminders', cron: '*/30 * * * *' },
  // Mondays at 10:00 in Lagos (09:00 UTC; pg-boss's cron keeps UTC): the week's payable money to sellers.
  { queue: 'payout-run', cron: '0 9 * * 1' },
  // Nightly at 03:00 in Lagos (02:00 UTC), when the shop is quiet: old messages' recipients forgotten.
  { queue: 'forget-recipients', cron: '0 2 * * *' },
];

/** Each pg-boss's statements still under way (see `statementsSettled`). */
const underWay = new WeakMap<PgBoss, Set<Promise<unknown>>>();

/** pg-boss on the shop's own connection (a PostgreSQL pool or the embedded PGlite). */
export function createBoss(database: Database, options: Partial<PgBoss.ConstructorOptions> = {}): PgBoss {
  const pending = new Set<Promise<unknown>>();
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) => {
        const statement = database.executeSql(text, values);
        pending.add(statement);
        statement.then(
          () => pending.delete(statement),
          () => pending.delete(statement),
        );
        return statement;
      },
    },
    // The schema is installed by installJobQueue with the migrations, never by a serving process.
    migrate: false,
    // Finished jobs are kept a day, failed ones 30 days (an admin may retry them), then archived.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
    ...options,
  });
  underWay.set(boss, pending);
  return boss;
}

/**
 * The statements pg-boss has sent on the shop's connection that are still under way. pg-boss 10 marks a
 * batch done (or failed) without awaiting it, after its handler returns, so `stop()` can resolve while
 * that statement is still on its way: a connection closed then loses the completion (the job runs again
 * once it expires: a receipt sent twice) and the statement fails unheard. Whoever stops the queue waits
 * for these first (server/jobs.ts).
 */
export function statementsUnderWay(boss: PgBoss): Promise<unknown>[] {
  return [...(underWay.get(boss) ?? [])];
}

/** Creates or upgrades pg-boss's schema, the queues and the schedules. Idempotent, like the migrations. */
export async function installJobQueue(database: Database): Promise<void> {
  const boss = createBoss(database, { migrate: true, supervise: false, schedule: false });
  await boss.start();
  try {
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    for (const [name, policy] of Object.entries(QUEUE_POLICIES)) {
      if (existing.has(name)) await boss.updateQueue(name, { name, ...policy });
      else await boss.createQueue(name, { name, ...policy });
    }
    for (const { queue, cron } of SCHEDULES) await boss.schedule(queue, cron);
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
