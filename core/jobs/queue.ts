import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { queryRows, type Db, type Tx } from '../../db/client';
import type { QueueName } from './queues';

/**
 * What each queue's job carries (db/job-queue.ts lists the queues and how they retry). The domain that
 * runs a queue declares its job here, `declare module '../jobs/queue' { interface JobData { … } }`, so
 * this module imports none of them: mail (core/mail/mailer.ts), verify-payment (core/checkout/settle.ts),
 * refund (core/orders/refunds.ts). A queue nobody declares does not compile (server/jobs.ts maps them all).
 */
export interface JobData {
  /** The clock's housekeeping carries nothing. */
  'expire-orders': Record<string, never>;
}

export interface JobQueue {
  /**
   * Enqueues a job as part of `db`'s work: given a transaction, the job exists if and only if the
   * transaction commits. Returns the job's id. `startAfterSeconds`: no worker takes it before then; for a
   * job its sender runs itself at once (runNow), the queue being the fallback should the sender never
   * get to it (a crash between the commit and the run).
   */
  send<Q extends QueueName>(
    db: Db | Tx,
    queue: Q,
    data: JobData[Q],
    options?: { startAfterSeconds?: number },
  ): Promise<string>;
  /**
   * Gives a failed job one more try, as part of `db`'s work (it runs once the transaction commits).
   * False when there is no such failed job (never was, or already retried).
   */
  retry(db: Db | Tx, queue: QueueName, id: string): Promise<boolean>;
  /** Where a job is: 'created', 'retry', 'active', 'completed', 'failed'…; null when there is none. */
  state(queue: QueueName, id: string): Promise<string | null>;
  /**
   * Runs a job here and now, as a worker would, when no worker has taken it yet (so a request can give
   * its answer at once instead of waiting for one): 'done' when `run` finished; 'taken' when a worker
   * has the job (it is that worker's); 'failed' when `run` threw, the job then being left to the
   * queue's retries with their backoff, as a worker's failure is. `db` is the shop's connection, not a
   * transaction: the job must have been committed.
   */
  runNow(
    db: Db,
    queue: QueueName,
    id: string,
    run: () => Promise<void>,
  ): Promise<'done' | 'taken' | 'failed'>;
}

/**
 * pg-boss 10's own claim of a job (plans.js fetchNextJob) for one job by its id: a worker's fetch
 * (FOR UPDATE SKIP LOCKED, then the same state check) and this update are served one after the other,
 * so exactly one of them gets it.
 */
const CLAIM_JOB = `
  UPDATE pgboss.job SET state = 'active', started_on = now(),
    retry_count = CASE WHEN started_on IS NOT NULL THEN retry_count + 1 ELSE retry_count END
  WHERE name = $1 AND id = $2 AND state < 'active'
  RETURNING id`;

/**
 * pg-boss's SQL (positional parameters) as a Drizzle query, so that it runs on the caller's own
 * transaction: `$3` becomes the third value, bound as a parameter.
 */
export function positionalSql(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    // sql.param binds an array as one value (a bare `${array}` would become a list of values).
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1] ?? null))),
  );
}

/**
 * The queue on pg-boss. `onSent` hears of each job sent, after its transaction has had a moment to
 * commit, so that a worker in this process can take it at once instead of at its next poll.
 */
export function pgBossQueue(boss: PgBoss, onSent?: (queue: QueueName) => void): JobQueue {
  const on = (db: Db | Tx): PgBoss.Db => ({
    executeSql: async (text, values) => ({ rows: await queryRows(db, positionalSql(text, values)) }),
  });
  return {
    async send(db, queue, data, options = {}) {
      const later = options.startAfterSeconds;
      const id = await boss.send(queue, data as object, { db: on(db) });
      // pg-boss answers null when the queue is missing: a job must never vanish quietly.
      if (!id) throw new Error(`the job queue '${queue}' does not exist (run the migrations)`);
      // Not pg-boss's own startAfter: its insert uses one parameter three times, which positionalSql makes
      // three, each typed on its own; the one cast to a timestamp then refuses '60' (PGlite, at bind).
      if (later)
        await queryRows(
          db,
          sql`update pgboss.job set start_after = now() + make_interval(secs => ${later})
              where name = ${queue} and id = ${id}::uuid`,
        );
      // A job for later needs no worker now.
      if (onSent && !later) setTimeout(() => onSent(queue), 25).unref();
      return id;
    },
    async retry(db, queue, id) {
      // pg-boss answers how many jobs it changed (its typings say void).
      const { affected } = (await boss.retry(queue, id, { db: on(db) })) as unknown as { affected: number };
      if (affected === 0) return false;
      if (onSent) setTimeout(() => onSent(queue), 25).unref();
      return true;
    },
    async state(queue, id) {
      return (await boss.getJobById(queue, id))?.state ?? null;
    },
    async runNow(db, queue, id, run) {
      const claimed = await queryRows(db, positionalSql(CLAIM_JOB, [queue, id]));
      if (claimed.length === 0) return 'taken';
      try {
        await run();
      } catch (error) {
        await boss.fail(queue, id, { message: error instanceof Error ? error.message : String(error) });
        return 'failed';
      }
      await boss.complete(queue, id);
      return 'done';
    },
  };
}
