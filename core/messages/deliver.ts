import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, orders } from '../../db/schema';
import type { MessageChannel } from '../../db/schema/enums';
import type { JobQueue } from '../jobs/queue';
import { QUEUE_POLICIES } from '../../db/job-queue';
import { payableUntil } from '../orders/payment-state';
import { queueFallback } from './queue';
import { moveMessage, type MessageError } from './state';
import { TransportError, type MessageTransport } from './transport';

export interface MessageDeps {
  db: Db;
  jobs: JobQueue;
  /** Each channel's transport: the provider's API, or the outbox when its credentials are not set. */
  transports: Record<MessageChannel, MessageTransport>;
  logger: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** The clock; the real one when not given. */
  now?: () => Date;
}

/** How many times the send-message job runs a message at most: its first try and the policy's retries. */
export const SEND_TRIES = (QUEUE_POLICIES['send-message'].retryLimit ?? 0) + 1;

/**
 * The send-message job: sends one message, at most once.
 * 1. It takes the message, queued → sending (with the attempt counted), on its own.
 * 2. It calls the transport outside any transaction.
 * 3. It records the answer: accepted (with the provider's id); failed for good, with the SMS that stands
 *    in for a WhatsApp message; unconfirmed when the request went out and no answer came; or queued
 *    again and thrown, so the queue retries it with backoff.
 * A payment reminder for an order no longer awaiting payment is cancelled instead of sent.
 * A message found 'sending' was taken by an attempt that died between 1 and 3: whether the provider has
 * it is unknown, so it becomes 'unconfirmed' and is not sent again blindly (a provider's report settles
 * it, statuses.ts).
 */
export async function deliverMessage(deps: MessageDeps, messageId: string): Promise<void> {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const taken = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: messages.status,
        kind: messages.kind,
        toPhone: messages.toPhone,
        paymentStatus: orders.paymentStatus,
        placedAt: orders.createdAt,
      })
      .from(messages)
      .leftJoin(orders, eq(orders.id, messages.orderId))
      .where(eq(messages.id, messageId))
      .for('update', { of: messages });
    if (row?.status === 'sending') {
      await moveMessage(tx, messageId, 'sending', 'unconfirmed', { now: now() });
      deps.logger.warn({ message: messageId }, 'a message was left mid-send: not sent again');
      return null;
    }
    // A reminder to pay an order paid (or ended) since it was queued, or one whose hold has run out
    // (the provider was down for long), is no longer needed; nor a message whose account was deleted.
    const reminderPast =
      row?.kind === 'payment_reminder' &&
      (row.paymentStatus !== 'pending' ||
        !row.placedAt ||
        now() >= payableUntil({ createdAt: row.placedAt }));
    if (reminderPast || row?.toPhone === '') {
      await moveMessage(tx, messageId, 'queued', 'cancelled', { now: now() });
      return null;
    }
    return moveMessage(tx, messageId, 'queued', 'sending', {
      set: { attempts: sql`${messages.attempts} + 1` },
      now: now(),
    });
  });
  if (!taken) return;

  const transport = deps.transports[taken.channel];
  let answer: { providerMessageId: string | null } | null = null;
  let failure: unknown = null;
  try {
    answer = await transport.send({
      id: taken.id,
      channel: taken.channel,
      to: taken.toPhone,
      kind: taken.kind,
      params: taken.params,
      body: taken.body,
    });
  } catch (error) {
    failure = error;
  }

  if (answer) {
    await moveMessage(db, messageId, 'sending', 'accepted', {
      set: { transport: transport.name, providerMessageId: answer.providerMessageId },
      now: now(),
    });
    return;
  }
  if (failure instanceof TransportError && failure.outcome === 'unknown') {
    // The provider may have it: never sent again blindly; its report, or the sweep, settles it.
    await moveMessage(db, messageId, 'sending', 'unconfirmed', {
      set: { transport: transport.name },
      error: { code: failure.code, detail: failure.message },
      now: now(),
    });
    deps.logger.warn({ message: messageId, code: failure.code }, 'a message went out with no answer');
    return;
  }
  if (failure instanceof TransportError && failure.outcome === 'refused') {
    await db.transaction(async (tx) => {
      const failed = await moveMessage(tx, messageId, 'sending', 'failed', {
        set: { transport: transport.name },
        error: { code: failure.code, detail: failure.message },
        now: now(),
      });
      if (failed) await queueFallback(tx, deps.jobs, failed);
    });
    deps.logger.warn({ message: messageId, code: failure.code }, 'a message was refused for good');
    return;
  }
  const error: MessageError =
    failure instanceof TransportError
      ? { code: failure.code, detail: failure.message }
      : { code: 'error', detail: String((failure as Error)?.message ?? failure) };
  // The queue's last try (its policy's retries spent): the message fails, and a WhatsApp one gets its SMS.
  if (taken.attempts >= SEND_TRIES) {
    await db.transaction(async (tx) => {
      const failed = await moveMessage(tx, messageId, 'sending', 'failed', {
        set: { transport: transport.name },
        error,
        now: now(),
      });
      if (failed) await queueFallback(tx, deps.jobs, failed);
    });
    deps.logger.warn({ message: messageId, code: error.code }, 'a message failed on its last try');
    return;
  }
  // Tried again by the queue's policy, with backoff.
  await moveMessage(db, messageId, 'sending', 'queued', {
    set: { transport: transport.name },
    error,
    now: now(),
  });
  throw failure;
}
