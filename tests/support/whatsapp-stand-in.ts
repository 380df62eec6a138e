import { text } from 'node:stream/consumers';
/**
 * A local stand-in for WhatsApp's Cloud API, speaking the documented protocol (docs/providers.md,
 * WhatsApp section): `POST /{version}/{phone-number-id}/messages` with a bearer token, answering a
 * "wamid." for each template message, Graph errors (`{"error":{"code",…}}`) on demand, and status webhooks
 * signed with the app secret (X-Hub-Signature-256, HMAC-SHA256 of the raw body), echoing
 * `biz_opaque_callback_data`. Knobs: answers queued for the next calls (a 429, a permanent refusal).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface SentTemplate {
  wamid: string;
  to: string;
  template: string;
  language: string;
  params: string[];
  bizOpaque: string | undefined;
  body: Record<string, unknown>;
}

export interface WhatsAppStandIn {
  url: string;
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  /** Every template message it accepted, oldest first. */
  sent: SentTemplate[];
  /** Every request to the messages endpoint, accepted or not. */
  requests: number;
  /** Answers for the next calls, in turn: an HTTP status and Graph's error code. */
  failNext(...answers: { status: number; code: number; details?: string }[]): void;
  /** The next accepted message is answered this many milliseconds late (a slow line). */
  answerNextAfterMs: number;
  /** The next accepted message is answered 200 with a body cut short (a line that dropped). */
  garbleNext: boolean;
  /** Sends a status webhook for a message it accepted, signed unless told otherwise; answers the HTTP status. */
  report(
    webhookUrl: string,
    wamid: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    options?: { signature?: string | null; error?: { code: number; details: string }; body?: string },
  ): Promise<{ status: number; body: string }>;
  /** The body of a status webhook, as Meta sends it. */
  statusBody(wamid: string, status: string, error?: { code: number; details: string }): string;
  close(): Promise<void>;
}

export async function startWhatsAppStandIn(): Promise<WhatsAppStandIn> {
  const accessToken = `EAAG${randomBytes(12).toString('hex')}`;
  const phoneNumberId = '106540352242922';
  const appSecret = randomBytes(16).toString('hex');
  const verifyToken = randomBytes(8).toString('hex');
  const sent: SentTemplate[] = [];
  const failures: { status: number; code: number; details?: string }[] = [];
  let requests = 0;
  let answerNextAfterMs = 0;
  let garbleNext = false;

  const server: Server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const match = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(path);
    if (request.method !== 'POST' || !match || match[2] !== phoneNumberId)
      return answer(404, { error: { message: 'Unknown path', code: 100 } });
    requests++;
    if (request.headers.authorization !== `Bearer ${accessToken}`)
      return answer(401, { error: { message: 'Invalid OAuth access token', code: 190 } });
    const body = JSON.parse(await text(request)) as Record<string, unknown> & {
      to: string;
      type: string;
      biz_opaque_callback_data?: string;
      template?: {
        name: string;
        language: { code: string };
        components: { type: string; parameters: { type: string; text: string }[] }[];
      };
    };
    const failure = failures.shift();
    if (failure)
      return answer(failure.status, {
        error: {
          message: `(#${failure.code}) refused`,
          type: 'OAuthException',
          code: failure.code,
          error_data: { messaging_product: 'whatsapp', details: failure.details ?? 'refused' },
          fbtrace_id: 'Atest',
        },
      });
    if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.template)
      return answer(400, { error: { message: 'Invalid parameter', code: 100 } });
    const wamid = `wamid.${randomBytes(12).toString('base64url')}`;
    sent.push({
      wamid,
      to: body.to,
      template: body.template.name,
      language: body.template.language.code,
      params: body.template.components.flatMap((c) => c.parameters.map((p) => p.text)),
      bizOpaque: body.biz_opaque_callback_data,
      body,
    });
    const late = answerNextAfterMs;
    answerNextAfterMs = 0;
    if (late > 0) await new Promise((resolve) => setTimeout(resolve, late));
    if (response.destroyed) return;
    if (garbleNext) {
      garbleNext = false;
      response.writeHead(200, { 'Content-Type': 'application/json' });
      return response.end('{"messaging_product":"whatsapp","contacts":[{"in');
    }
    answer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: wamid }],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const statusBody = (wamid: string, status: string, error?: { code: number; details: string }) => {
    const message = sent.find((m) => m.wamid === wamid);
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '2348035550142', phone_number_id: phoneNumberId },
                statuses: [
                  {
                    id: wamid,
                    status,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: message?.to ?? '2348030000000',
                    ...(message?.bizOpaque ? { biz_opaque_callback_data: message.bizOpaque } : {}),
                    ...(error
                      ? {
                          errors: [
                            {
                              code: error.code,
                              title: 'Message undeliverable',
                              message: 'Message undeliverable',
                              error_data: { details: error.details },
                            },
                          ],
                        }
                      : {}),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  };

  return {
    url,
    accessToken,
    phoneNumberId,
    appSecret,
    verifyToken,
    sent,
    get requests() {
      return requests;
    },
    get answerNextAfterMs() {
      return answerNextAfterMs;
    },
    set answerNextAfterMs(ms: number) {
      answerNextAfterMs = ms;
    },
    get garbleNext() {
      return garbleNext;
    },
    set garbleNext(value: boolean) {
      garbleNext = value;
    },
    failNext: (...answers) => void failures.push(...answers),
    statusBody,
    async report(webhookUrl, wamid, status, options = {}) {
      const body = options.body ?? statusBody(wamid, status, options.error);
      const signature =
        options.signature === undefined
          ? `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`
          : options.signature;
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(signature === null ? {} : { 'X-Hub-Signature-256': signature }),
        },
        body,
      });
      return { status: response.status, body: await response.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
