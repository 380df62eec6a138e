import { formAction } from '~/lib/actions.server';
import { shopperOf } from '~/lib/auth/guards.server';
import { CancelPaymentSchema } from '#core/checkout/schemas';
import { settleOwnPayment } from '#core/checkout/settle';
import type { Route } from './+types/checkout-cancel';
import { shop } from '~/lib/context';

/**
 * The shopper closed the payment popup. The provider is asked what happened; a transaction it still
 * reports as open stays pending (it could yet be paid from its payment page: Paystack's `abandoned`
 * is not final) and expires after 30 minutes, when its discount reservation is released.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = shopperOf(context);
  return formAction(request, CancelPaymentSchema, async ({ reference }) => ({
    settled: await settleOwnPayment(shop(context).services.checkout, user.id, reference),
  }));
}
