import { text } from 'node:stream/consumers';
/**
 * A local stand-in for Termii's messaging API, speaking the documented protocol (docs/providers.md,
 * Termii section): `POST /api/sms/send` with the key in the JSON body, answering a message_id, and
 * delivery reports signed with the webhook secret (X-Termii-Signature, HMAC-SHA512 of the raw body).
 * Knob: answers queued for the next calls.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface SentSms {
  messageId: string;
  to: string;
  from: string;
  sms: string;
  body: Record<string, unknown>;
}

export interface TermiiStandIn {
  url: string;
  apiKey: string;
  senderId: string;
  webhookSecret: string;
  sent: SentSms[];
  failNext(...answers: { status: number; message: string }[]): void;
  /** Sends a delivery report, signed unless told otherwise; answers the HTTP status and body. */
  report(
    webhookUrl: string,
    messageId: string,
    status: string,
    options?: { signature?: string | null },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export async function startTermiiStandIn(): Promise<TermiiStandIn> {
  const apiKey = `TL${randomBytes(16).toString('hex')}`;
  const senderId = 'FreshCatch';
  const webhookSecret = `tsk_${randomBytes(12).toString('hex')}`;
  const sent: SentSms[] = [];
  const failures: { status: number; message: string }[] = [];
  let next = 3017544054459;

  const server: Server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/api/sms/send')
      return answer(404, { message: 'Not found' });
    const body = JSON.parse(await text(request)) as Record<string, unknown>;
    if (body.api_key !== apiKey) return answer(401, { message: 'Invalid API key' });
    const failure = failures.shift();
    if (failure) return answer(failure.status, { message: failure.message });
    if (body.type !== 'plain' || !['dnd', 'generic', 'whatsapp'].includes(String(body.channel)))
      return answer(400, { message: 'Invalid channel' });
    const messageId = String(next++);
    sent.push({ messageId, to: String(body.to), from: String(body.from), sms: String(body.sms), body });
    answer(200, { message_id: messageId, message: 'Successfully Sent', balance: 9, user: 'FreshCatch Ltd' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url,
    apiKey,
    senderId,
    webhookSecret,
    sent,
    failNext: (...answers) => void failures.push(...answers),
    async report(webhookUrl, messageId, status, options = {}) {
      const sms = sent.find((m) => m.messageId === messageId);
      const body = JSON.stringify({
        type: 'outbound',
        id: randomBytes(8).toString('hex'),
        message_id: messageId,
        receiver: sms?.to ?? '2348030000000',
        sender: senderId,
        message: sms?.sms ?? '',
        sent_at: new Date().toISOString().replace('T', ' ').slice(0, 19),
        cost: '4.00',
        status,
        channel: 'DND',
      });
      const signature =
        options.signature === undefined
          ? createHmac('sha512', webhookSecret).update(body).digest('hex')
          : options.signature;
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(signature === null ? {} : { 'X-Termii-Signature': signature }),
        },
        body,
      });
      return { status: response.status, body: await response.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
