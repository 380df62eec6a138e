import { CONTACT_CHANNELS, type ConsentTopic, type ContactChannel } from '../../db/schema/enums';
import { displayPhone } from '../phone-display';

export { CONTACT_CHANNELS, type ConsentTopic, type ContactChannel };

/**
 * How a buyer may hear about their orders beside the e-mail every order gets (issue 35): the choice
 * they make at checkout and on their profile, with the words shown beside it and stored with it
 * (consent.ts). Pure, so the forms show exactly what is stored.
 */
export const CONTACT_LABELS: Record<ContactChannel, string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS (text message)',
  email: 'E-mail only',
};

/**
 * The choice of a buyer who has made none: an order's updates and its payment reminder are
 * transactional, and go by SMS on the route Nigerian networks keep for them (Termii's `dnd`). WhatsApp
 * is never assumed: Meta asks for the buyer's opt-in.
 */
export const DEFAULT_CONTACT: ContactChannel = 'sms';

/**
 * The choice of a farm owner who has made none: no reminders. They are not about an order the person
 * placed, so nothing is sent until they ask for it (issue 50 §7: "with their consent").
 */
export const DEFAULT_FARM_CONTACT: ContactChannel = 'email';

export const DEFAULT_CONTACTS: Record<ConsentTopic, ContactChannel> = {
  orders: DEFAULT_CONTACT,
  farm: DEFAULT_FARM_CONTACT,
};

/** The farm reminders' choices: the farm book sends no e-mail, so "e-mail" there means none. */
export const FARM_REMINDER_LABELS: Record<ContactChannel, string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS (text message)',
  email: 'No reminders',
};

/** The sentence beside each choice: what the person agrees to, for the number given. */
export function contactWording(
  channel: ContactChannel,
  phone: string | null,
  topic: ConsentTopic = 'orders',
): string {
  const to = phone ? ` to ${displayPhone(phone)}` : '';
  if (topic === 'farm') {
    if (channel === 'whatsapp') return `Send my farms' reminders on WhatsApp${to}.`;
    if (channel === 'sms') return `Send my farms' reminders by SMS${to}.`;
    return 'Send me no farm reminders.';
  }
  if (channel === 'whatsapp') return `Send my order updates and payment reminders on WhatsApp${to}.`;
  if (channel === 'sms') return `Send my order updates and payment reminders by SMS${to}.`;
  return 'Send my order updates by e-mail only.';
}

/** What a choice of WhatsApp or SMS needs on the profile first. */
export const CONTACT_NEEDS_PHONE = 'Please add a phone number to get order updates by WhatsApp or SMS.';
export const FARM_CONTACT_NEEDS_PHONE = 'Please give the phone number the reminders should go to.';

export const isContactChannel = (value: unknown): value is ContactChannel =>
  (CONTACT_CHANNELS as readonly unknown[]).includes(value);
