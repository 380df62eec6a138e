import type { JobQueue } from '#core/jobs/queue';

/**
 * A job queue for code run outside the shop (bench:payouts, the payout run killed in payouts.test.ts):
 * it takes the sellers' e-mails a settlement sends and sends nothing; anything else it is asked is refused.
 */
export const quietJobs: JobQueue = {
  send: () => Promise.resolve('not-sent'),
  retry: () => Promise.reject(new Error('no job is retried here')),
  state: () => Promise.resolve(null),
  runNow: () => Promise.reject(new Error('no job is run here')),
};
