import { bigint, index, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { CONSENT_SOURCES, CONTACT_CHANNELS } from './enums';

export const contactChannel = pgEnum('contact_channel', CONTACT_CHANNELS);
export const consentSource = pgEnum('consent_source', CONSENT_SOURCES);

/**
 * Each choice a buyer made of how to hear about their orders (issue 35): appended, never changed, so
 * when and how a WhatsApp opt-in was given is kept, with the words the buyer agreed to and the number
 * it was for. The buyer's current choice is their newest row; core/messages/consent.ts is its one writer.
 */
export const messageConsents = pgTable(
  'message_consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    channel: contactChannel('channel').notNull(),
    source: consentSource('source').notNull(),
    /** The sentence the buyer saw beside the choice they made. */
    wording: text('wording').notNull(),
    /** The number (E.164) the choice was made for; null for e-mail only. */
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_consents_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);
