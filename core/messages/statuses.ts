import { and, eq, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { messageEvents, messages } from '../../db/schema';
import type { MessageStatus } from '../../db/schema/enums';
import type { JobQueue } from '../jobs/queue';
import { moveMessage } from './deliver';
import { queueFallback } from './queue';

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
    const [event] = await tx
      .insert(messageEvents)
      .values({ messageId: message.id, status: report.status, at: report.at, error: report.error ?? null })
      .onConflictDoNothing()
      .returning({ id: messageEvents.id });
    if (!event) return 'repeat';
    const current = message.status;
    const ids = message.providerMessageId ? {} : { providerMessageId: report.providerMessageId };
    if (report.status === 'failed') {
      // Delivered or read already: the buyer has it, whatever a late failure says.
      if (current === 'delivered' || current === 'read' || current === 'failed' || current === 'cancelled')
        return 'recorded';
      const failed = await setStatus(tx, message.id, 'failed', {
        ...ids,
        errorCode: report.error?.code ?? 'failed',
        errorDetail: report.error?.detail ?? 'The provider reported the message as failed.',
      });
      if (failed) await queueFallback(tx, deps.jobs, failed);
      return 'recorded';
    }
    if (RANK[report.status] > RANK[current] && current !== 'failed' && current !== 'cancelled')
      await setStatus(tx, message.id, report.status, ids);
    return 'recorded';
  });
}

async function setStatus(
  tx: Tx,
  id: string,
  status: MessageStatus,
  set: Partial<typeof messages.$inferInsert>,
) {
  const [row] = await tx
    .update(messages)
    .set({ ...set, status, updatedAt: new Date() })
    .where(eq(messages.id, id))
    .returning();
  return row ?? null;
}

/** How long a message may stay unconfirmed before it counts as failed. */
export const UNCONFIRMED_AFTER_MS = 15 * 60 * 1000;

/**
 * Messages left 'unconfirmed' (an attempt died mid-send) with no report for UNCONFIRMED_AFTER_MS: the
 * provider never had them, or never said. They fail, and a WhatsApp one has its SMS, so the buyer is
 * told once by some way, never twice on WhatsApp. Run by the every-minute job.
 */
export async function failUnconfirmed(deps: StatusDeps, now = new Date()): Promise<number> {
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
        errorCode: 'unconfirmed',
        errorDetail: 'The send was cut off and the provider never reported the message.',
      });
      if (row) {
        failed++;
        await queueFallback(tx, deps.jobs, row);
      }
    });
  }
  return failed;
}
