import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { orders } from './commerce';
import { farms } from './farm';
import {
  CONSENT_SOURCES,
  CONSENT_TOPICS,
  CONTACT_CHANNELS,
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
} from './enums';

export const contactChannel = pgEnum('contact_channel', CONTACT_CHANNELS);
export const consentSource = pgEnum('consent_source', CONSENT_SOURCES);
export const consentTopic = pgEnum('consent_topic', CONSENT_TOPICS);
export const messageChannel = pgEnum('message_channel', MESSAGE_CHANNELS);
export const messageKind = pgEnum('message_kind', MESSAGE_KINDS);
export const messageStatus = pgEnum('message_status', MESSAGE_STATUSES);

/**
 * Each choice a person made of how to hear about their orders (issue 35) or their farms' reminders
 * (issue 50 §7): appended, never changed, so when and how a WhatsApp opt-in was given is kept, with the
 * words they agreed to and the number it was for. The current choice of a topic is its newest row;
 * core/messages/consent.ts is the one writer.
 */
export const messageConsents = pgTable(
  'message_consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** What the choice is for; each topic's newest row is the choice in force for it. */
    topic: consentTopic('topic').notNull().default('orders'),
    channel: contactChannel('channel').notNull(),
    source: consentSource('source').notNull(),
    /** The sentence the buyer saw beside the choice they made. */
    wording: text('wording').notNull(),
    /** The number (E.164) the choice was made for; null for e-mail only. */
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_consents_user_idx').on(t.userId, t.topic, t.createdAt.desc(), t.id.desc())],
);

/**
 * Each WhatsApp or SMS message about an order (issue 35) or a farm (a reminder, issue 50 §7): created by core/messages/queue.ts in the
 * transaction of the change it tells of, once per `dedupe_key` (a job retried, a change repeated, a
 * webhook replayed make no second message), then moved on by deliver.ts and statuses.ts only. Its number
 * is forgotten by queue.ts too: when the account is deleted, and MESSAGE_RETENTION_DAYS after it was made.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the message is the one message of: the order's event it tells of, or the message it stands in for. */
    dedupeKey: text('dedupe_key').notNull(),
    /** The order it is about; null for a farm's reminder. Exactly one of order_id and farm_id is set. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    farmId: integer('farm_id').references(() => farms.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    kind: messageKind('kind').notNull(),
    channel: messageChannel('channel').notNull(),
    /** The number it goes to, E.164; '' when the order has none that can take a message, or once forgotten. */
    toPhone: text('to_phone').notNull(),
    /** The template's parameters, in order (core/messages/templates.ts). */
    params: jsonb('params').$type<string[]>().notNull(),
    /** What the buyer reads, as sent: the template filled in, or the SMS. */
    body: text('body').notNull(),
    status: messageStatus('status').notNull().default('queued'),
    /** 'whatsapp', 'termii', or 'outbox' when the channel's credentials are not set. */
    transport: text('transport'),
    providerMessageId: text('provider_message_id'),
    errorCode: text('error_code'),
    errorDetail: text('error_detail'),
    attempts: integer('attempts').notNull().default(0),
    /** The WhatsApp message this SMS stands in for, when WhatsApp could not deliver it. */
    fallbackOf: uuid('fallback_of').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_dedupe_key_unique').on(t.dedupeKey),
    uniqueIndex('messages_provider_message_id_unique').on(t.providerMessageId),
    index('messages_order_idx').on(t.orderId, t.createdAt),
    index('messages_open_idx')
      .on(t.status, t.updatedAt)
      .where(sql`${t.status} in ('sending', 'unconfirmed', 'failed')`),
    index('messages_farm_idx').on(t.farmId, t.createdAt),
    check('messages_about_one', sql`(${t.orderId} is null) <> (${t.farmId} is null)`),
    check('messages_to_phone', sql`${t.toPhone} = '' or ${t.toPhone} ~ '^\\+[1-9][0-9]{6,14}$'`),
  ],
);

/**
 * What became of a message, one row per state it reached (the provider's reports, our own steps):
 * unique by state, so a report that comes twice is recorded once and changes nothing.
 */
export const messageEvents = pgTable(
  'message_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    status: messageStatus('status').notNull(),
    /** When it happened, by the provider's clock where it says. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The provider's error, for a failure. */
    error: jsonb('error').$type<{ code: string; detail: string }>(),
  },
  (t) => [uniqueIndex('message_events_message_status_unique').on(t.messageId, t.status)],
);
