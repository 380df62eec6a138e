import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { MESSAGE_STATUSES, type MessageStatus } from '../../db/schema/enums';
import type { JobQueue } from '../jobs/queue';
import { queueFallback } from './queue';
import { moveMessage, recordMessageEvent } from './state';

/**
 * What the providers report after they took a message: sent, delivered, read, or failed. Reports come
 * late, twice and out of order, so a message only moves forward (`read` may come without `delivered`;
 * `delivered` after `read` changes nothing), a failure after delivery is kept as an event only, and each
 * state is recorded once (`message_events` is unique by message and state): a replay changes nothing.
 */
export interface StatusDeps {
  db: Db;
  jobs: JobQueue;
  logger: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** The clock; the real one when not given. */
  now?: () => Date;
}

export type ReportedStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** A provider's report on one message. */
export interface StatusReport {
  /** The provider's id of the message (WhatsApp's "wamid.", Termii's message_id). */
  providerMessageId: string;
  /** Our id, when the provider echoes it (WhatsApp's `biz_opaque_callback_data`). */
  ourId?: string;
  status: ReportedStatus;
  at: Date;
  error?: { code: string; detail: string };
}

/** How far along each state is; a report moves a message only to a state further along. */
const RANK: Record<MessageStatus, number> = {
  queued: 0,
  sending: 0,
  unconfirmed: 0,
  accepted: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
  cancelled: 5,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records one report. Returns 'recorded', 'repeat' (this state was recorded before), or 'unknown' (no
 * message of ours has that id).
 */
export async function recordStatus(
  deps: StatusDeps,
  channel: 'whatsapp' | 'sms',
  report: StatusReport,
): Promise<'recorded' | 'repeat' | 'unknown'> {
  return deps.db.transaction(async (tx) => {
    const byId = report.ourId && UUID.test(report.ourId) ? eq(messages.id, report.ourId) : undefined;
    const [message] = await tx
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.channel, channel),
          byId
            ? or(eq(messages.providerMessageId, report.providerMessageId), byId)
            : eq(messages.providerMessageId, report.providerMessageId),
        ),
      )
      .limit(1)
      .for('update');
    if (!message) {
      deps.logger.warn({ channel, id: report.providerMessageId }, 'a status for a message we do not know');
      return 'unknown';
    }
    if (!(await recordMessageEvent(tx, message.id, report.status, report.at, report.error ?? null)))
      return 'repeat';
    const now = deps.now?.() ?? new Date();
    const ids = message.providerMessageId ? {} : { providerMessageId: report.providerMessageId };
    if (report.status === 'failed') {
      // Delivered or read already: the buyer has it, whatever a late failure says.
      const failed = await moveMessage(tx, message.id, FAILABLE, 'failed', {
        set: ids,
        error: report.error ?? { code: 'failed', detail: 'The provider reported the message as failed.' },
        at: report.at,
        now,
        recorded: true,
      });
      if (failed) await queueFallback(tx, deps.jobs, failed);
      return 'recorded';
    }
    await moveMessage(tx, message.id, behind(report.status), report.status, {
      set: ids,
      at: report.at,
      now,
      recorded: true,
    });
    return 'recorded';
  });
}

/** The states a failure report may still fail: any before the buyer had the message. */
const FAILABLE = MESSAGE_STATUSES.filter((status) => RANK[status] < RANK.delivered);

/** The states a report of `status` moves forward: those behind it, never out of failed or cancelled. */
function behind(status: MessageStatus): MessageStatus[] {
  return MESSAGE_STATUSES.filter(
    (from) => RANK[from] < RANK[status] && from !== 'failed' && from !== 'cancelled',
  );
}

/** How long a message may stay unconfirmed before it counts as failed. */
export const UNCONFIRMED_AFTER_MS = 15 * 60 * 1000;

/**
 * Messages left 'unconfirmed' (an attempt died mid-send) with no report for UNCONFIRMED_AFTER_MS: the
 * provider never had them, or never said. They fail, and a WhatsApp one has its SMS, so the buyer is
 * told once by some way, never twice on WhatsApp. Run by the every-minute job.
 */
export async function failUnconfirmed(deps: StatusDeps, now = deps.now?.() ?? new Date()): Promise<number> {
  const stale = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.status, 'unconfirmed'),
        lt(messages.updatedAt, new Date(now.getTime() - UNCONFIRMED_AFTER_MS)),
      ),
    )
    .limit(50);
  let failed = 0;
  for (const { id } of stale) {
    await deps.db.transaction(async (tx) => {
      const row = await moveMessage(tx, id, 'unconfirmed', 'failed', {
        error: {
          code: 'unconfirmed',
          detail: 'The send was cut off and the provider never reported the message.',
        },
        now,
      });
      if (row) {
        failed++;
        await queueFallback(tx, deps.jobs, row);
      }
    });
  }
  return failed;
}
