import { data } from 'react-router';
import { settlePayment } from '#core/checkout/service';
import type { Route } from './+types/paystack-webhook';

/**
 * POST /api/webhooks/paystack. The signature (HMAC-SHA512 of the raw body) is checked in constant
 * time; a good one gets 200 at once and the payment is then verified with Paystack's API and settled
 * (DESIGN §1). Duplicates are expected and change nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { payments, checkout, logger } = context.services;
  // By capability, not by class: the route and the services may come from different bundles.
  if (payments.name !== 'paystack' || !payments.isValidWebhook)
    return data({ error: 'Paystack is not configured.' }, { status: 404 });
  const raw = new Uint8Array(await request.arrayBuffer());
  if (!payments.isValidWebhook(raw, request.headers.get('x-paystack-signature'))) {
    logger.warn({ module: 'webhook' }, 'Paystack webhook with a bad signature refused');
    return data({ error: 'Invalid signature.' }, { status: 401 });
  }
  let event: { event?: unknown; data?: { reference?: unknown } };
  try {
    event = JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch {
    return data({ error: 'Expected JSON.' }, { status: 400 });
  }
  const reference = event.data?.reference;
  if (event.event === 'charge.success' && typeof reference === 'string') {
    // Answer fast; settle after (the settlement verifies with Paystack itself).
    setImmediate(() => {
      settlePayment(checkout, reference).catch((error: unknown) =>
        logger.error({ err: error, reference, module: 'webhook' }, 'could not settle a webhook payment'),
      );
    });
  }
  return data({ received: true });
}

export function loader() {
  return data({ error: 'Method not allowed.' }, { status: 405 });
}
