import { timingSafeEqual } from 'node:crypto';
import { data } from 'react-router';
import { type DomainError, Forbidden, Invalid, NotFound, Unauthorized } from '#core/errors';
import { recordStatus } from '#core/messages/statuses';
import { isValidWhatsAppSignature, whatsAppReports } from '#core/messages/whatsapp';
import { errorResponse } from '~/lib/errors.server';
import { shop } from '~/lib/context';
import type { Route } from './+types/whatsapp-webhook';

/**
 * /api/webhooks/whatsapp (issue 35). GET is Meta's handshake when the webhook is set up: the challenge
 * comes back as plain text when `hub.verify_token` is ours (WHATSAPP_VERIFY_TOKEN), else 403. POST
 * carries the statuses of our messages, signed with the app secret (X-Hub-Signature-256, checked in
 * constant time on the raw bytes): each is recorded once (core/messages/statuses.ts), and Meta is
 * answered at once. Anything else Meta sends (a buyer's own message) is taken and left alone.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = shop(context).services;
  if (!env.WHATSAPP_VERIFY_TOKEN) return refused(new NotFound('WhatsApp is not configured.'));
  const query = new URL(request.url).searchParams;
  const challenge = query.get('hub.challenge') ?? '';
  if (
    query.get('hub.mode') !== 'subscribe' ||
    !sameText(query.get('hub.verify_token') ?? '', env.WHATSAPP_VERIFY_TOKEN) ||
    !/^[\w-]{1,128}$/.test(challenge)
  )
    return refused(new Forbidden('The verify token does not match.'));
  return new Response(challenge, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, messages, logger } = shop(context).services;
  if (!env.WHATSAPP_APP_SECRET) return refused(new NotFound('WhatsApp is not configured.'));
  // The raw bytes the signature covers; the server has already bounded them (server/request-body.ts).
  const raw = new Uint8Array(await request.arrayBuffer());
  if (!isValidWhatsAppSignature(raw, request.headers.get('x-hub-signature-256'), env.WHATSAPP_APP_SECRET)) {
    logger.warn({ module: 'webhook' }, 'WhatsApp webhook with a bad signature refused');
    return refused(new Unauthorized('Invalid signature.'));
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch {
    return refused(new Invalid('Expected JSON.'));
  }
  for (const report of whatsAppReports(payload)) await recordStatus(messages, 'whatsapp', report);
  return data({ received: true });
}

/** Whether two texts are the same, in time that does not tell how much of them matched. */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refused(error: DomainError) {
  return errorResponse(error, { error: error.message });
}
