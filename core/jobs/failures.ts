import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client';
import type { QueueName } from './queues';
import type { AdminActor } from '../roles';
import { recordAdminChange } from '../audit/log';
import { NotFound } from '../errors';
import { formatNaira } from '../money';
import { shortOrderId } from '../notifications/messages';
import type { JobQueue } from './queue';
import type { RetryJobInput } from './schemas';

export const JOB_MESSAGES = {
  retried: 'The job will run again in a moment',
  notFailed: 'This job is no longer waiting for a retry: it may have been retried already.',
} as const;

/** Jobs that used up their retries (pg-boss's state 'failed'), as the admin dashboard shows them. */
export interface FailedJob {
  id: string;
  queue: QueueName;
  /** What the job was for, in a shop's words. */
  summary: string;
  /** The last error's message. */
  error: string;
  failedAt: Date;
  tries: number;
}

interface FailedRow {
  id: string;
  name: QueueName;
  data: Record<string, unknown> | null;
  output: { message?: unknown } | null;
  completed_on: Date | string;
  retry_count: number;
  total: number | string;
}

export function describeJob(queue: QueueName, data: Record<string, unknown> | null): string {
  switch (queue) {
    case 'mail':
      return `E-mail to ${String(data?.to)}: “${String(data?.subject)}”`;
    case 'verify-payment':
      return `Verifying payment ${String(data?.reference)} with the provider`;
    case 'refund':
      return `Refunding ${formatNaira(Number(data?.amountKobo))} of order #${shortOrderId(String(data?.orderId))}`;
    case 'expire-orders':
      return 'Expiring unpaid orders';
    case 'send-message': {
      const about = data?.orderId ? `order #${shortOrderId(String(data.orderId))}` : 'a farm';
      return `${data?.channel === 'whatsapp' ? 'WhatsApp message' : 'SMS'} about ${about} (${String(data?.kind).replace(/_/g, ' ')})`;
    }
    case 'farm-reminders':
      return 'Sending the farm reminders due';
    case 'payout-run':
      return data?.runId ? `Payout run ${String(data.runId)}` : 'The weekly payout run';
    case 'forget-recipients':
      return "Forgetting old messages' recipients (outbox files, numbers)";
  }
}

const toFailedJob = (row: FailedRow): FailedJob => ({
  id: row.id,
  queue: row.name,
  summary: describeJob(row.name, row.data),
  error: typeof row.output?.message === 'string' ? row.output.message : 'No error was recorded.',
  failedAt: new Date(row.completed_on),
  tries: row.retry_count + 1,
});

/** The newest failed jobs and how many there are in all (the admin dashboard). */
export async function failedJobs(
  db: Db,
  _admin: AdminActor,
  limit = 5,
): Promise<{ total: number; jobs: FailedJob[] }> {
  const rows = await queryRows<FailedRow>(
    db,
    sql`select id, name, data, output, completed_on, retry_count, count(*) over () as total
        from pgboss.job where state = 'failed'
        order by completed_on desc limit ${limit}`,
  );
  return { total: Number(rows[0]?.total ?? 0), jobs: rows.map(toFailedJob) };
}

/**
 * An admin gives a failed job one more try; the audit log records it in the same transaction.
 * A job that is not failed (any more) is refused with NotFound and nothing changes.
 */
export async function retryFailedJob(
  db: Db,
  jobs: JobQueue,
  admin: AdminActor,
  input: RetryJobInput,
): Promise<void> {
  await db.transaction(async (tx: Tx) => {
    const [row] = await queryRows<FailedRow>(
      tx,
      sql`select id, name, data, output, completed_on, retry_count, 1 as total
          from pgboss.job where name = ${input.queue} and id = ${input.jobId}::uuid and state = 'failed'
          for update`,
    );
    if (!row || !(await jobs.retry(tx, input.queue, input.jobId))) throw new NotFound(JOB_MESSAGES.notFailed);
    const job = toFailedJob(row);
    await recordAdminChange(tx, admin, {
      kind: 'job',
      action: 'retried',
      subjectId: job.id,
      subjectLabel: job.summary,
      before: { state: 'failed', tries: job.tries, error: job.error },
      after: { state: 'retry' },
    });
  });
}
