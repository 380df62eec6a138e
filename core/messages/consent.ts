import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { messageConsents } from '../../db/schema';
import type { ConsentSource, ConsentTopic } from '../../db/schema/enums';
import { Invalid } from '../errors';
import { phoneToE164 } from '../phone';
import {
  CONTACT_NEEDS_PHONE,
  contactWording,
  DEFAULT_CONTACTS,
  FARM_CONTACT_NEEDS_PHONE,
  type ContactChannel,
} from './contact';

/** A person's current choice of how to hear about their orders (or their farms), when and where they made it. */
export interface ContactChoice {
  channel: ContactChannel;
  /** The number the choice was made for (E.164); null for e-mail only, or when none was made. */
  phone: string | null;
  /** When and where the buyer chose; null while they have made no choice (DEFAULT_CONTACT holds). */
  since: Date | null;
  source: ConsentSource | null;
}

/** The newest choice of the topic, or the topic's default when none was made. */
export async function contactChoice(
  db: Db | Tx,
  userId: string,
  topic: ConsentTopic = 'orders',
): Promise<ContactChoice> {
  const [row] = await db
    .select({
      channel: messageConsents.channel,
      phone: messageConsents.phone,
      since: messageConsents.createdAt,
      source: messageConsents.source,
    })
    .from(messageConsents)
    .where(and(eq(messageConsents.userId, userId), eq(messageConsents.topic, topic)))
    .orderBy(desc(messageConsents.createdAt), desc(messageConsents.id))
    .limit(1);
  return row ?? { channel: DEFAULT_CONTACTS[topic], phone: null, since: null, source: null };
}

/**
 * Records a person's choice for a topic (the one writer of message_consents), with the words they were shown and
 * the number it is for, when it differs from their current one: a checkout that sends the same choice
 * again adds nothing, a new number with the same choice is a new consent. WhatsApp and SMS need a
 * number. Returns whether a row was added.
 */
export async function chooseContact(
  tx: Tx,
  userId: string,
  choice: { channel: ContactChannel; source: ConsentSource; phone: string | null; topic?: ConsentTopic },
): Promise<boolean> {
  const topic = choice.topic ?? 'orders';
  // As E.164, also for a number stored before numbers were (core/phone.ts).
  const phone =
    choice.channel === 'email' || !choice.phone ? null : (phoneToE164(choice.phone) ?? choice.phone);
  const current = await contactChoice(tx, userId, topic);
  // The default a form shows a buyer who never chose, saved without a number: nothing was chosen.
  if (!current.since && choice.channel === current.channel && !phone) return false;
  if (choice.channel !== 'email' && !phone) {
    const needsPhone = topic === 'farm' ? FARM_CONTACT_NEEDS_PHONE : CONTACT_NEEDS_PHONE;
    throw new Invalid(needsPhone, { phone: [needsPhone] });
  }
  if (current.since && current.channel === choice.channel && current.phone === phone) return false;
  await tx.insert(messageConsents).values({
    userId,
    topic,
    channel: choice.channel,
    source: choice.source,
    wording: contactWording(choice.channel, phone, topic),
    phone,
  });
  return true;
}
