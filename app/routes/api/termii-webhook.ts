import { data } from 'react-router';
import { NotSupported } from '#core/errors';
import { recordStatus } from '#core/messages/statuses';
import { isValidTermiiSignature, termiiReport } from '#core/messages/termii';
import { signedWebhookJson, webhookRefusal } from '~/lib/webhooks.server';
import { shop } from '~/lib/context';
import type { Route } from './+types/termii-webhook';

/**
 * POST /api/webhooks/termii (issue 35): Termii's delivery report for an SMS, signed with the account's
 * webhook secret (X-Termii-Signature, HMAC-SHA512 of the raw body, checked in constant time). The report
 * is recorded once (core/messages/statuses.ts) and answered at once; one that says nothing we record
 * is taken and left alone.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, messages, logger } = shop(context).services;
  const secret = env.TERMII_WEBHOOK_SECRET;
  const body = await signedWebhookJson(
    request,
    'Termii',
    secret ? (raw, headers) => isValidTermiiSignature(raw, headers.get('x-termii-signature'), secret) : null,
    logger,
  );
  if ('refusal' in body) return body.refusal;
  const report = termiiReport(body.payload);
  if (report) await recordStatus(messages, 'sms', report);
  return data({ received: true });
}

export function loader() {
  return webhookRefusal(new NotSupported('Method not allowed.'));
}
