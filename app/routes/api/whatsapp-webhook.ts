import { data } from 'react-router';
import { Forbidden, NotFound } from '#core/errors';
import { recordStatus } from '#core/messages/statuses';
import { isValidWhatsAppSignature, whatsAppReports } from '#core/messages/whatsapp';
import { isSameSecret } from '#core/webhook-signature';
import { signedWebhookJson, webhookRefusal } from '~/lib/webhooks.server';
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
  if (!env.WHATSAPP_VERIFY_TOKEN) return webhookRefusal(new NotFound('WhatsApp is not configured.'));
  const query = new URL(request.url).searchParams;
  const challenge = query.get('hub.challenge') ?? '';
  if (
    query.get('hub.mode') !== 'subscribe' ||
    !isSameSecret(query.get('hub.verify_token') ?? '', env.WHATSAPP_VERIFY_TOKEN) ||
    !/^[\w-]{1,128}$/.test(challenge)
  )
    return webhookRefusal(new Forbidden('The verify token does not match.'));
  return new Response(challenge, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, messages, logger } = shop(context).services;
  const secret = env.WHATSAPP_APP_SECRET;
  const body = await signedWebhookJson(
    request,
    'WhatsApp',
    secret
      ? (raw, headers) => isValidWhatsAppSignature(raw, headers.get('x-hub-signature-256'), secret)
      : null,
    logger,
  );
  if ('refusal' in body) return body.refusal;
  for (const report of whatsAppReports(body.payload)) await recordStatus(messages, 'whatsapp', report);
  return data({ received: true });
}
