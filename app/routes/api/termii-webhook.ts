import { data } from 'react-router';
import { type DomainError, Invalid, NotFound, NotSupported, Unauthorized } from '#core/errors';
import { recordStatus } from '#core/messages/statuses';
import { isValidTermiiSignature, termiiReport } from '#core/messages/termii';
import { errorResponse } from '~/lib/errors.server';
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
  if (!env.TERMII_WEBHOOK_SECRET) return refused(new NotFound('Termii is not configured.'));
  const raw = new Uint8Array(await request.arrayBuffer());
  if (!isValidTermiiSignature(raw, request.headers.get('x-termii-signature'), env.TERMII_WEBHOOK_SECRET)) {
    logger.warn({ module: 'webhook' }, 'Termii webhook with a bad signature refused');
    return refused(new Unauthorized('Invalid signature.'));
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch {
    return refused(new Invalid('Expected JSON.'));
  }
  const report = termiiReport(payload);
  if (report) await recordStatus(messages, 'sms', report);
  return data({ received: true });
}

export function loader() {
  return refused(new NotSupported('Method not allowed.'));
}

function refused(error: DomainError) {
  return errorResponse(error, { error: error.message });
}
