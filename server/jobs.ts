import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { expireStaleOrders, releaseHeldCodeUses, settlePayment } from '../core/checkout/settle';
import type { JobData } from '../core/jobs/queue';
import { carryOutRefund } from '../core/orders/refunds';
import type { QueueName } from '../core/jobs/queues';
import type { Services } from './services';

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
    'expire-orders': async () => {
      await releaseHeldCodeUses(services.checkout);
      await expireStaleOrders(services.checkout);
    },
  };
}

/**
 * Jobs taken at once: mail comes in rushes (a receipt per order), and a batch is fetched and
 * completed by one statement each instead of one per message (decision 029). The others run alone.
 */
const BATCH_SIZES: Partial<Record<QueueName, number>> = { mail: 5 };

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
  options: { work: boolean; pollingIntervalSeconds?: number },
): Promise<JobWorkers> {
  const { boss, workerIds } = services.jobRuntime;
  const logger: Logger = services.logger.child({ module: 'jobs' });
  boss.on('error', (error: Error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  if (options.work) {
    const run = handlers(services);
    for (const queue of Object.keys(run) as QueueName[]) {
      const batchSize = BATCH_SIZES[queue] ?? 1;
      const id = await boss.work<JobData[typeof queue]>(
        queue,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize },
        async (jobs: PgBoss.Job<JobData[typeof queue]>[]) => {
          try {
            for (const job of jobs) {
              try {
                await (run[queue] as (data: unknown, id: string) => Promise<void>)(job.data, job.id);
              } catch (error) {
                logger.warn({ err: error, queue, job: job.id }, 'job failed; the queue retries it');
                // Alone, the job is failed by the queue; in a batch, only this one is (the others
                // done, or still to do, are completed together when the batch ends).
                if (jobs.length === 1) throw error;
                await boss.fail(queue, job.id, error as object);
              }
            }
          } finally {
            // pg-boss 10 waits its whole polling interval after each batch, even one that found work:
            // a backlog (receipts after a rush) would go out one batch every 2 s. A worker whose batch
            // was full asks again at once; one that found less waits for its interval, or for a job
            // this process sends (services.ts wakes it).
            const workerId = workerIds.get(queue);
            if (workerId && jobs.length === batchSize) boss.notifyWorker(workerId);
          }
        },
      );
      workerIds.set(queue, id);
    }
  }
  return {
    stop: async () => {
      workerIds.clear();
      // Jobs under way finish (up to 10 s); the connection belongs to the shop and stays open.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}
