import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import {
  expireStaleOrders,
  releaseHeldCodeUses,
  remindUnpaidOrders,
  settlePayment,
} from '../core/checkout/settle';
import type { JobData } from '../core/jobs/queue';
import { carryOutRefund, reconcileRefunds } from '../core/orders/refunds';
import { forgetOutboxMail } from '../core/mail/mailer';
import { deliverMessage } from '../core/messages/deliver';
import { forgetOutboxMessages } from '../core/messages/outbox';
import { forgetOldRecipients } from '../core/messages/queue';
import { failUnconfirmed } from '../core/messages/statuses';
import { forgetBefore } from '../core/retention';
import type { QueueName } from '../core/jobs/queues';
import { statementsUnderWay } from '../db/job-queue';
import { forgetOldAttempts } from '../core/limits/attempts';
import { expireBatches } from '../core/stock/batches';
import { sendFarmReminders } from '../core/farm/remind';
import { reconcilePayouts, runPayouts } from '../core/sellers/payouts';
import { mailOutboxDirectory, messageOutboxDirectory, type Services } from './services';

/**
 * The workers of the job queue (db/job-queue.ts): what each queue's job does. A handler that throws
 * has its job retried by the queue's policy, then left 'failed' for an admin to see and retry.
 */
function handlers(services: Services): { [Q in QueueName]: (data: JobData[Q], id: string) => Promise<void> } {
  const messageIdHost = new URL(services.env.PUBLIC_URL).hostname || 'freshcatch.local';
  return {
    // The job's id is the message's Message-ID: if a mail server accepted a message and the process
    // died before the job was marked done, the repeat carries the same id and mail programs show one.
    mail: (message, id) => services.mailer.send({ ...message, messageId: `<${id}@${messageIdHost}>` }),
    'verify-payment': async ({ reference }) => {
      const outcome = await settlePayment(services.checkout, reference);
      if (outcome === 'unverified')
        throw new Error(`the payment provider could not be asked about ${reference}`);
    },
    refund: (job) => carryOutRefund(services.checkout, job),
    'send-message': ({ messageId }) => deliverMessage(services.messages, messageId),
    'farm-reminders': async () => {
      await sendFarmReminders({
        db: services.db,
        jobs: services.jobs,
        publicUrl: services.env.PUBLIC_URL,
        logger: services.logger.child({ module: 'farm-reminders' }),
      });
    },
    // Every seller's payable balance, by Paystack Transfer (core/sellers/payouts.ts).
    'payout-run': async ({ runId }) => {
      await runPayouts(services.payouts, runId);
    },
    'expire-orders': async () => {
      await releaseHeldCodeUses(services.checkout);
      // Reminded at 10 minutes, before the expiry at 30 (issue 35); the lifecycle decides each.
      await remindUnpaidOrders(services.checkout);
      await expireStaleOrders(services.checkout);
      // Batches past their best-before stop selling (core/stock/).
      await expireBatches(services.db);
      // Messages whose send was cut off and never reported fail, and WhatsApp ones get their SMS.
      await failUnconfirmed(services.messages);
      // Refunds left 'requested' for minutes: the provider is asked whether it made them.
      await reconcileRefunds(services.checkout);
      // Payouts due again are re-sent (same reference), and those long with Paystack are asked about.
      await reconcilePayouts(services.payouts);
      // The every-minute housekeeping also drops try counters that ended a day ago (core/limits).
      await forgetOldAttempts(services.db);
    },
    // Nightly: who old messages went to is forgotten (core/retention.ts), each by its writer: the message
    // log's numbers (core/messages/queue.ts) and the outbox's files of mails and of messages.
    'forget-recipients': async () => {
      const before = forgetBefore(new Date(), services.env.MESSAGE_RETENTION_DAYS);
      const numbers = await forgetOldRecipients(services.db, before);
      const mails = await forgetOutboxMail(mailOutboxDirectory(services.env), before);
      const messages = await forgetOutboxMessages(messageOutboxDirectory(services.env), before);
      services.logger
        .child({ module: 'retention' })
        .info({ before, numbers, files: { mails, messages } }, "old messages' recipients forgotten");
    },
  };
}

/**
 * Jobs taken at once: mail comes in rushes (a receipt per order), and a batch is fetched and
 * completed by one statement each instead of one per message (decision 029). The others run alone.
 */
const BATCH_SIZES: Partial<Record<QueueName, number>> = { mail: 5 };

/**
 * A batch takes no new job after this long: with a mail server's worst waits (10 s to connect, 10 s
 * for its greeting, 30 s of silence) the job under way still ends within the queue's 120 s expiry.
 */
const BATCH_TIME_MS = 45_000;

export interface JobWorkers {
  stop(): Promise<void>;
}

/**
 * Starts this process's part of the queue. Every process can send jobs; one that `work`s also takes
 * jobs from every queue, runs the schedules (once across all processes: pg-boss's cron) and the queue's
 * upkeep (archiving old jobs).
 */
export async function startJobs(
  services: Services,
  options: { work: boolean; pollingIntervalSeconds?: number; batchTimeMs?: number },
): Promise<JobWorkers> {
  const { boss, workerIds } = services.jobRuntime;
  const logger: Logger = services.logger.child({ module: 'jobs' });
  boss.on('error', (error: Error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  let stopping = false;
  /** The batches this process's handlers are running. */
  const batches = new Set<Promise<void>>();

  /**
   * Runs a batch's jobs one after another. When the handler returns, pg-boss completes every job of
   * the batch still active; when it throws, pg-boss fails (and retries) every one not yet completed.
   * So: a job alone that fails is thrown; in a batch, the jobs that failed are failed just before
   * the batch ends (earlier, one could be retried by another process while this batch still runs,
   * and then completed by this batch's end). A batch stops early when the shop is stopping or its
   * time is spent (pg-boss fails a whole batch that outlives its expiry, sent messages included):
   * what was done is completed first, and the rest are thrown back to the queue.
   */
  async function runBatch<Job extends { id: string }>(
    queue: QueueName,
    jobs: Job[],
    runJob: (job: Job) => Promise<void>,
  ): Promise<void> {
    const started = Date.now();
    const done: string[] = [];
    const failed: { id: string; error: unknown }[] = [];
    for (const [index, job] of jobs.entries()) {
      if (index > 0 && (stopping || Date.now() - started >= (options.batchTimeMs ?? BATCH_TIME_MS))) {
        if (done.length > 0) await boss.complete(queue, done);
        throw new Error(`${jobs.length - index} jobs of the batch left for later`);
      }
      try {
        await runJob(job);
        done.push(job.id);
      } catch (error) {
        logger.warn({ err: error, queue, job: job.id }, 'job failed; the queue retries it');
        if (jobs.length === 1) throw error;
        failed.push({ id: job.id, error });
      }
    }
    for (const { id, error } of failed) {
      // A failure that cannot be recorded leaves the job active: it expires and is retried then.
      await boss
        .fail(queue, id, error as object)
        .catch((err: unknown) => logger.error({ err, queue, job: id }, 'could not record a failed job'));
    }
  }

  if (options.work) {
    const run = handlers(services);
    for (const queue of Object.keys(run) as QueueName[]) {
      const batchSize = BATCH_SIZES[queue] ?? 1;
      const id = await boss.work<JobData[typeof queue]>(
        queue,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize },
        async (jobs: PgBoss.Job<JobData[typeof queue]>[]) => {
          const batch = runBatch(queue, jobs, (job) =>
            (run[queue] as (data: unknown, id: string) => Promise<void>)(job.data, job.id),
          );
          batches.add(batch);
          try {
            await batch;
          } finally {
            batches.delete(batch);
            // pg-boss 10 waits its whole polling interval after each batch, even one that found work:
            // a backlog (receipts after a rush) would go out one batch every 2 s. A worker whose batch
            // was full asks again at once; one that found less waits for its interval, or for a job
            // this process sends (services.ts wakes it).
            const workerId = workerIds.get(queue);
            if (workerId && !stopping && jobs.length === batchSize) boss.notifyWorker(workerId);
          }
        },
      );
      workerIds.set(queue, id);
    }
  }
  return {
    stop: async () => {
      stopping = true;
      workerIds.clear();
      // Jobs under way finish (up to 10 s), and pg-boss's last word on them reaches the database;
      // the connection belongs to the shop and stays open.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      // pg-boss waits only for the batches it has handed over: a fetch still on its way when stop() was
      // called hands its jobs over afterwards, and pg-boss marks them done after its handler returns. So
      // wait until no batch runs and no statement of pg-boss's is under way, a whole turn of the event
      // loop long (a fetch that settles starts its batch within the turn).
      for (;;) {
        const underWay = [...batches, ...statementsUnderWay(boss)];
        if (underWay.length === 0) break;
        await Promise.allSettled(underWay);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
