import { data } from 'react-router';
import { settleRefund } from '#core/orders/refunds';
import { transferNewsOf } from '#core/payments/paystack';
import { settlePayout } from '#core/sellers/payouts';
import { NotSupported } from '#core/errors';
import { signedWebhookJson, webhookRefusal } from '~/lib/webhooks.server';
import type { Route } from './+types/paystack-webhook';
import { shop } from '~/lib/context';

/**
 * POST /api/webhooks/paystack. The signature (HMAC-SHA512 of the raw body) is checked in constant
 * time; a good one gets 200 as soon as a job to verify the payment with Paystack's API and settle it
 * is stored (DESIGN §1; the job queue retries while Paystack cannot be asked); a refund.processed or
 * refund.failed event settles the order's open refund; a transfer.success, transfer.failed or
 * transfer.reversed event settles a payout to a seller (core/sellers/payouts.ts). Duplicates are expected
 * and change nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { payments, jobs, db, logger } = shop(context).services;
  // By capability, not by class: the route and the services may come from different bundles.
  const isValidWebhook = payments.name === 'paystack' ? payments.isValidWebhook?.bind(payments) : undefined;
  const body = await signedWebhookJson(
    request,
    'Paystack',
    isValidWebhook ? (raw, headers) => isValidWebhook(raw, headers.get('x-paystack-signature')) : null,
    logger,
  );
  if ('refusal' in body) return body.refusal;
  const event = body.payload;
  if (typeof event !== 'object' || event === null) return data({ received: true });
  const { event: name, data: payload } = event as { event?: unknown; data?: unknown };
  const reference =
    typeof payload === 'object' && payload !== null ? (payload as { reference?: unknown }).reference : null;
  const refunded =
    typeof payload === 'object' && payload !== null
      ? (payload as { transaction_reference?: unknown }).transaction_reference
      : null;
  if ((name === 'refund.processed' || name === 'refund.failed') && typeof refunded === 'string') {
    // The refund's outcome: only an open refund changes (core/orders/refunds.ts).
    const outcome = name === 'refund.processed' ? 'processed' : 'failed';
    const { id, amount } = payload as { id?: unknown; amount?: unknown };
    // Paystack sends the amount as a number or a numeric string (docs/providers.md, Paystack §4).
    const kobo = Number(amount);
    await settleRefund(shop(context).services.checkout, refunded, outcome, {
      id: typeof id === 'number' || typeof id === 'string' ? String(id) : undefined,
      amountKobo: Number.isSafeInteger(kobo) && kobo > 0 ? kobo : undefined,
    });
    if (outcome === 'failed')
      logger.error({ reference: refunded, module: 'webhook' }, 'Paystack could not process a refund');
    return data({ received: true });
  }
  const transfer = transferNewsOf(name, payload);
  if (transfer) {
    await settlePayout(shop(context).services.payouts, transfer.reference, transfer.state);
    return data({ received: true });
  }
  if (name === 'charge.success' && typeof reference === 'string') {
    // Answer fast; settle after (the settlement verifies with Paystack itself). Once the job is stored
    // it survives a restart; if it cannot be stored, Paystack gets a 5xx and sends the event again.
    await jobs.send(db, 'verify-payment', { reference });
  }
  return data({ received: true });
}

export function loader() {
  return webhookRefusal(new NotSupported('Method not allowed.'));
}
