import { isSignedBody, signBody } from '../webhook-signature';
import type { StatusReport } from './statuses';
import { fetchFailure, TransportError, type MessageTransport } from './transport';

/**
 * WhatsApp Business Cloud API (Meta), as documented: a template message is
 * `POST {base}/{version}/{phone-number-id}/messages` with a bearer token; the answer names the message
 * (`messages[0].id`, a "wamid."), whose sent / delivered / read / failed come later to the webhook,
 * signed with the app secret (statuses.ts). Our message id rides along as `biz_opaque_callback_data`,
 * which Meta returns in those status events, so a message whose answer was lost is still found.
 */
export interface WhatsAppOptions {
  accessToken: string;
  phoneNumberId: string;
  /** https://graph.facebook.com, or a local stand-in in tests. */
  baseUrl: string;
  /** The Graph API version, "v23.0". */
  apiVersion: string;
  /** The language the templates were registered in, "en". */
  language: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Meta's error codes that pass with time: throughput and pair-rate limits, temporary errors. Anything
 * else Meta refuses (a number not on WhatsApp, 131026; a template or parameter refused, 132xxx, 100) will
 * be refused again, so the message fails and an SMS stands in.
 * https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
 */
const PASSING_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

interface GraphError {
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

export function whatsAppTransport(options: WhatsAppOptions): MessageTransport {
  const doFetch = options.fetch ?? globalThis.fetch;
  const url = `${options.baseUrl.replace(/\/$/, '')}/${options.apiVersion}/${options.phoneNumberId}/messages`;
  return {
    name: 'whatsapp',
    async send(message) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${options.accessToken}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            // Meta wants the number's digits, without the plus.
            to: message.to.replace(/^\+/, ''),
            type: 'template',
            biz_opaque_callback_data: message.id,
            template: {
              name: message.kind,
              language: { code: options.language },
              components: [
                {
                  type: 'body',
                  parameters: message.params.map((text) => ({ type: 'text', text })),
                },
              ],
            },
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw fetchFailure('WhatsApp', error);
      }
      const body = (await response.json().catch(() => null)) as
        (GraphError & { messages?: { id?: string }[] }) | null;
      const id = body?.messages?.[0]?.id;
      if (response.ok && typeof id === 'string') return { providerMessageId: id };
      // Taken, but its answer was cut off or unreadable: Meta has the message, so it is not sent again.
      if (response.ok)
        throw new TransportError(
          'WhatsApp took the message without a readable answer',
          'no_answer',
          'unknown',
        );
      const code = body?.error?.code;
      const detail = body?.error?.error_data?.details ?? body?.error?.message ?? `HTTP ${response.status}`;
      const passing =
        response.status === 429 || response.status >= 500 || (code !== undefined && PASSING_CODES.has(code));
      throw new TransportError(
        `WhatsApp refused the message: ${detail}`,
        String(code ?? response.status),
        passing ? 'retry' : 'refused',
      );
    },
  };
}

/**
 * X-Hub-Signature-256: "sha256=" and the hex HMAC-SHA256 of the raw body with the app secret, compared in
 * constant time.
 */
export function isValidWhatsAppSignature(
  rawBody: Uint8Array,
  header: string | null | undefined,
  appSecret: string,
): boolean {
  const prefix = 'sha256=';
  return (
    !!header?.startsWith(prefix) && isSignedBody('sha256', rawBody, header.slice(prefix.length), appSecret)
  );
}

export function signWhatsAppBody(rawBody: Uint8Array | string, appSecret: string): string {
  return `sha256=${signBody('sha256', rawBody, appSecret)}`;
}

interface WebhookStatus {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  biz_opaque_callback_data?: unknown;
  errors?: { code?: unknown; title?: unknown; message?: unknown; error_data?: { details?: unknown } }[];
}

const REPORTED = new Set(['sent', 'delivered', 'read', 'failed']);

/**
 * The status reports in a webhook's body (`entry[].changes[].value.statuses[]`); anything else Meta sends
 * there (a buyer's own message, a status of another kind) is left out.
 */
export function whatsAppReports(payload: unknown): StatusReport[] {
  const entries = (payload as { entry?: unknown } | null)?.entry;
  if (!Array.isArray(entries)) return [];
  const reports: StatusReport[] = [];
  for (const entry of entries as { changes?: unknown }[]) {
    if (!Array.isArray(entry?.changes)) continue;
    for (const change of entry.changes as { value?: { statuses?: unknown } }[]) {
      const statuses = change?.value?.statuses;
      if (!Array.isArray(statuses)) continue;
      for (const status of statuses as WebhookStatus[]) {
        if (typeof status?.id !== 'string' || typeof status.status !== 'string') continue;
        if (!REPORTED.has(status.status)) continue;
        const seconds = Number(status.timestamp);
        const at = new Date(seconds * 1000);
        const error = status.errors?.[0];
        reports.push({
          providerMessageId: status.id,
          ourId:
            typeof status.biz_opaque_callback_data === 'string' ? status.biz_opaque_callback_data : undefined,
          status: status.status as StatusReport['status'],
          at: seconds > 0 && !Number.isNaN(at.getTime()) ? at : new Date(),
          ...(error
            ? {
                error: {
                  code: String(error.code ?? 'failed'),
                  detail: String(error.error_data?.details ?? error.message ?? error.title ?? 'failed'),
                },
              }
            : {}),
        });
      }
    }
  }
  return reports;
}
