import { and, eq, inArray } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { messageEvents, messages } from '../../db/schema';
import type { MessageStatus } from '../../db/schema/enums';

/**
 * The one writer of where a message is: its `status` and the `message_events` row of each state it
 * reached. The send (deliver.ts), the providers' reports and the unconfirmed sweep (statuses.ts) all
 * move a message through here. queue.ts makes the row (queued, or failed at once with no number).
 */

type MessageRow = typeof messages.$inferSelect;

/** What a failure says: a short code and a sentence the owner reads on the order. */
export interface MessageError {
  code: string;
  detail: string;
}

/**
 * Records that a message reached `status` at `at`: once per message and state. Returns false when
 * that state was recorded before (a report told twice).
 */
export async function recordMessageEvent(
  tx: Tx | Db,
  id: string,
  status: MessageStatus,
  at: Date,
  error: MessageError | null = null,
): Promise<boolean> {
  const [event] = await tx
    .insert(messageEvents)
    .values({ messageId: id, status, at, error })
    .onConflictDoNothing()
    .returning({ id: messageEvents.id });
  return Boolean(event);
}

/**
 * Moves a message from `from` (a state, or any of several) to `to`, with its event, in `tx`; nothing
 * when it is no longer there (another attempt, or a report, moved it first). Returns the row as it now
 * is, or null.
 */
export async function moveMessage(
  tx: Tx | Db,
  id: string,
  from: MessageStatus | readonly MessageStatus[],
  to: MessageStatus,
  options: {
    set?: PgUpdateSetSource<typeof messages>;
    error?: MessageError;
    /** When the state was reached, as a provider reports it; `now` when not given. */
    at?: Date;
    now?: Date;
    /** The event is recorded already (a provider's report records it first, to tell a replay apart). */
    recorded?: boolean;
  } = {},
): Promise<MessageRow | null> {
  const now = options.now ?? new Date();
  const at = options.at ?? now;
  const [moved] = await tx
    .update(messages)
    .set({
      ...options.set,
      ...(options.error ? { errorCode: options.error.code, errorDetail: options.error.detail } : {}),
      status: to,
      updatedAt: now,
    })
    .where(
      and(
        eq(messages.id, id),
        typeof from === 'string' ? eq(messages.status, from) : inArray(messages.status, [...from]),
      ),
    )
    .returning();
  if (!moved) return null;
  if (!options.recorded) await recordMessageEvent(tx, id, to, at, options.error ?? null);
  return moved;
}
