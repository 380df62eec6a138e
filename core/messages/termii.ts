import { isSignedBody, signBody } from '../webhook-signature';
import type { StatusReport } from './statuses';
import { fetchFailure, TransportError, type MessageTransport } from './transport';

/**
 * Termii's messaging API (Nigeria), as documented: `POST {base}/api/sms/send` with the account's key in
 * the JSON body. Order news is transactional, so it goes on the `dnd` channel, the route Nigerian
 * networks keep for such messages (the `generic` route is for promotions and never reaches a number on
 * the do-not-disturb list). Delivery reports come to the webhook signed with the account's webhook
 * secret (X-Termii-Signature).
 */
export interface TermiiOptions {
  apiKey: string;
  /** The registered sender id, 3 to 11 characters. */
  senderId: string;
  /** The account's base URL (https://api.ng.termii.com), or a local stand-in in tests. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function termiiTransport(options: TermiiOptions): MessageTransport {
  const doFetch = options.fetch ?? globalThis.fetch;
  const url = `${options.baseUrl.replace(/\/$/, '')}/api/sms/send`;
  return {
    name: 'termii',
    async send(message) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            api_key: options.apiKey,
            to: message.to.replace(/^\+/, ''),
            from: options.senderId,
            sms: message.body,
            type: 'plain',
            channel: 'dnd',
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw fetchFailure('Termii', error);
      }
      const body = (await response.json().catch(() => null)) as {
        message_id?: unknown;
        message?: unknown;
      } | null;
      const id = body?.message_id;
      if (response.ok && (typeof id === 'string' || typeof id === 'number') && String(id) !== '')
        return { providerMessageId: String(id) };
      // Taken, but its answer was cut off or unreadable: Termii has the text, so it is not sent again.
      if (response.ok)
        throw new TransportError('Termii took the message without a readable answer', 'no_answer', 'unknown');
      const detail = typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`;
      // 429 and 5xx pass; a key, a sender id or a route Termii refuses (401, 403, 404, 422) is refused again.
      const passing = response.status === 429 || response.status >= 500;
      throw new TransportError(
        `Termii refused the message: ${detail}`,
        String(response.status),
        passing ? 'retry' : 'refused',
      );
    },
  };
}

/** X-Termii-Signature: the hex HMAC-SHA512 of the raw body with the webhook secret, in constant time. */
export function isValidTermiiSignature(
  rawBody: Uint8Array,
  header: string | null | undefined,
  secret: string,
) {
  return isSignedBody('sha512', rawBody, header, secret);
}

export function signTermiiBody(rawBody: Uint8Array | string, secret: string): string {
  return signBody('sha512', rawBody, secret);
}

/**
 * A delivery report's `status` is free text ("Delivered", "DELIVERED", "Message Sent", "Message Failed",
 * "DND Active on Phone Number", "Rejected", "Expired"): read by its start, whatever the case. Null for
 * one that says nothing we record (an inbound message, a status not known).
 */
export function termiiReport(payload: unknown): StatusReport | null {
  const event = payload as {
    message_id?: unknown;
    status?: unknown;
    sent_at?: unknown;
    type?: unknown;
  } | null;
  if (!event || (typeof event.message_id !== 'string' && typeof event.message_id !== 'number')) return null;
  if (typeof event.status !== 'string') return null;
  if (typeof event.type === 'string' && event.type.toLowerCase() === 'inbound') return null;
  const text = event.status.trim().toLowerCase();
  const status: StatusReport['status'] | null = text.startsWith('delivered')
    ? 'delivered'
    : text.startsWith('message sent') || text === 'sent'
      ? 'sent'
      : /^(message failed|failed|rejected|expired|dnd active)/.test(text)
        ? 'failed'
        : null;
  if (!status) return null;
  const at = typeof event.sent_at === 'string' ? new Date(event.sent_at) : new Date();
  return {
    providerMessageId: String(event.message_id),
    status,
    at: Number.isNaN(at.getTime()) ? new Date() : at,
    ...(status === 'failed' ? { error: { code: 'termii', detail: event.status.trim() } } : {}),
  };
}
