import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { QueueName } from '../../db/job-queue';

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
    case 'expire-orders':
      return 'Expiring unpaid orders';
  }
}

/** The newest failed jobs and how many there are in all. */
export async function failedJobs(db: Db, limit = 10): Promise<{ total: number; jobs: FailedJob[] }> {
  const rows = await queryRows<FailedRow>(
    db,
    sql`select id, name, data, output, completed_on, retry_count, count(*) over () as total
        from pgboss.job where state = 'failed'
        order by completed_on desc limit ${limit}`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    jobs: rows.map((row) => ({
      id: row.id,
      queue: row.name,
      summary: describeJob(row.name, row.data),
      error: typeof row.output?.message === 'string' ? row.output.message : 'No error was recorded.',
      failedAt: new Date(row.completed_on),
      tries: row.retry_count + 1,
    })),
  };
}
