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
      const id = await boss.work<JobData[typeof queue]>(
        queue,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
        async ([job]: PgBoss.Job<JobData[typeof queue]>[]) => {
          try {
            await (run[queue] as (data: unknown, id: string) => Promise<void>)(job!.data, job!.id);
          } catch (error) {
            logger.warn({ err: error, queue, job: job!.id }, 'job failed; the queue retries it');
            throw error;
          } finally {
            // pg-boss 10 waits its whole polling interval after each batch, even one that found a job:
            // a backlog (receipts after a rush) would go out one every 2 s. A worker that found a job
            // asks again at once; one that finds none waits its interval.
            const workerId = workerIds.get(queue);
            if (workerId) boss.notifyWorker(workerId);
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
