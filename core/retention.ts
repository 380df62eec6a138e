/**
 * How long the shop keeps who a message went to once the message has done its work (issue 52 §5): the
 * copies written to DATA_DIR/outbox for want of a provider (an e-mail's address and links, a WhatsApp
 * or SMS message's number) are deleted, and the message log keeps what each message said and when, but
 * no longer the number it went to. A message is delivered, or has failed, within hours (its retries
 * span about four); a month leaves time to answer "did you send it?" and to retry a failed mail by hand.
 * The setting is MESSAGE_RETENTION_DAYS (server/env.ts); the privacy page says the days in force.
 */
export const MESSAGE_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment before which a message's recipient is forgotten: `days` whole days before `now`. */
export function forgetBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
