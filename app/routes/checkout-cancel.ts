import { act } from '~/lib/route.server';
import { CancelPaymentSchema } from '#core/checkout/schemas';
import { settleOwnPayment } from '#core/checkout/settle';

/**
 * The shopper closed the payment popup. The provider is asked what happened; a transaction it still
 * reports as open stays pending (it could yet be paid from its payment page: Paystack's `abandoned`
 * is not final) and expires after 30 minutes, when its discount reservation is released.
 */
export const action = act({
  auth: 'shopper',
  form: CancelPaymentSchema,
  run: async ({ user, input: { reference }, services: { checkout } }) => ({
    settled: await settleOwnPayment(checkout, user.id, reference),
  }),
});
