import { and, eq, lt, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { messages } from '../../db/schema';
import type { MessageChannel } from '../../db/schema/enums';
import type { JobQueue } from '../jobs/queue';
import { phoneToE164 } from '../phone';
import { contactChoice } from './consent';
import { fillTemplate, SMS_BODIES, templateParameter, TEMPLATE_BODIES, type MessageKind } from './templates';

/** Messages run the send-message queue, so they say what its job carries (core/jobs/queue.ts). */
declare module '../jobs/queue' {
  interface JobData {
    'send-message': { messageId: string; orderId: string | null; channel: MessageChannel; kind: MessageKind };
    /** The daily forgetting of old messages' recipients (forgetOldRecipients, server/jobs.ts): nothing to carry. */
    'forget-recipients': Record<string, never>;
  }
}

/** Why a message was never sent: the order's number cannot take one. */
export const NO_NUMBER = 'The order has no phone number a message can go to.';

/** A message about an order, as the order's lifecycle asks for it. */
export interface OrderMessage {
  orderId: string;
  userId: string;
  /** The order's phone (its shipping phone), used when the buyer's choice names none. */
  phone: string;
  kind: MessageKind;
  params: string[];
  /** What this is the one message of: the order's event it tells of (core/orders/lifecycle.ts). */
  dedupeKey: string;
}

/**
 * Queues the message the buyer's choice asks for (consent.ts): on WhatsApp or by SMS, to the number
 * they chose it for, in the caller's transaction, with its job; none for "e-mail only". Once per
 * `dedupeKey`: a change told twice makes no second message. Returns the message's id, or null when
 * none was made.
 */
export async function queueOrderMessage(
  tx: Tx,
  jobs: JobQueue,
  message: OrderMessage,
): Promise<string | null> {
  const choice = await contactChoice(tx, message.userId);
  if (choice.channel === 'email') return null;
  return createMessage(tx, jobs, {
    ...message,
    channel: choice.channel,
    phone: choice.phone ?? message.phone,
    fallbackOf: null,
  });
}

/** A reminder about a farm (issue 50 §7), to its owner. */
export interface FarmMessage {
  farmId: number;
  userId: string;
  kind: MessageKind;
  params: string[];
  /** Once per farm, kind and day (core/farm/reminders.ts). */
  dedupeKey: string;
}

/**
 * Queues a farm's reminder as its owner chose for the farm topic (consent.ts): none until they asked
 * for WhatsApp or SMS, to the number they gave. Once per `dedupeKey`. Returns the message's id, or
 * null when none was made (no consent, or already made today).
 */
export async function queueFarmMessage(tx: Tx, jobs: JobQueue, message: FarmMessage): Promise<string | null> {
  const choice = await contactChoice(tx, message.userId, 'farm');
  if (choice.channel === 'email' || !choice.phone) return null;
  return createMessage(tx, jobs, {
    ...message,
    orderId: null,
    channel: choice.channel,
    phone: choice.phone,
    fallbackOf: null,
  });
}

/**
 * The SMS that stands in for a WhatsApp message that could not be delivered: once per message however
 * often its failure is reported, and none for a buyer who has since chosen e-mail only.
 */
export async function queueFallback(
  tx: Tx,
  jobs: JobQueue,
  failed: typeof messages.$inferSelect,
): Promise<string | null> {
  if (failed.channel !== 'whatsapp' || !failed.userId) return null;
  const topic = failed.farmId === null ? 'orders' : 'farm';
  if ((await contactChoice(tx, failed.userId, topic)).channel === 'email') return null;
  return createMessage(tx, jobs, {
    orderId: failed.orderId,
    farmId: failed.farmId,
    userId: failed.userId,
    phone: failed.toPhone,
    kind: failed.kind,
    params: failed.params,
    dedupeKey: `${failed.dedupeKey}:sms`,
    channel: 'sms',
    fallbackOf: failed.id,
  });
}

/**
 * The one place a message row is made. A number that cannot take a message makes a row that failed
 * at once (the owner sees why on the order), with no job.
 */
async function createMessage(
  tx: Tx,
  jobs: JobQueue,
  message: Omit<OrderMessage, 'orderId' | 'phone'> & {
    phone: string;
    orderId: string | null;
    farmId?: number | null;
    channel: MessageChannel;
    fallbackOf: string | null;
  },
): Promise<string | null> {
  const params = message.params.map(templateParameter);
  const toPhone = phoneToE164(message.phone) ?? '';
  const body = fillTemplate(
    (message.channel === 'whatsapp' ? TEMPLATE_BODIES : SMS_BODIES)[message.kind],
    params,
  );
  const [created] = await tx
    .insert(messages)
    .values({
      dedupeKey: message.dedupeKey,
      orderId: message.orderId,
      farmId: message.farmId ?? null,
      userId: message.userId,
      kind: message.kind,
      channel: message.channel,
      toPhone,
      params,
      body,
      fallbackOf: message.fallbackOf,
      ...(toPhone ? {} : { status: 'failed' as const, errorCode: 'no_number', errorDetail: NO_NUMBER }),
    })
    .onConflictDoNothing({ target: messages.dedupeKey })
    .returning({ id: messages.id });
  if (!created) return null;
  if (toPhone)
    await jobs.send(tx, 'send-message', {
      messageId: created.id,
      orderId: message.orderId,
      channel: message.channel,
      kind: message.kind,
    });
  return created.id;
}

/** A deleted account's messages keep what they said, not the number they went to. */
export async function forgetRecipient(tx: Tx, userId: string): Promise<void> {
  await tx.update(messages).set({ toPhone: '' }).where(eq(messages.userId, userId));
}

/**
 * Messages made before `before` keep what they said, when, by which channel and what became of them (the
 * order's page still lists them), not the number they went to (core/retention.ts). Long sent or failed
 * by then: a message with no number is never sent (deliver.ts cancels it). `updated_at` is left as it
 * was: it says when the message last moved, and the dashboard dates a failure by it. Returns how many
 * numbers were forgotten.
 */
export async function forgetOldRecipients(db: Db | Tx, before: Date): Promise<number> {
  const forgotten = await db
    .update(messages)
    .set({ toPhone: '' })
    .where(and(lt(messages.createdAt, before), ne(messages.toPhone, '')))
    .returning({ id: messages.id });
  return forgotten.length;
}
