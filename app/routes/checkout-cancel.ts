import { requireUser } from '~/lib/auth.server';
import { attempt } from '~/lib/errors.server';
import { readForm } from '~/lib/forms';
import { settlePayment } from '#core/checkout/service';
import { assertOwnOrder } from '#core/orders/service';
import type { Route } from './+types/checkout-cancel';

/**
 * The shopper closed the payment popup. The provider is asked what happened; a transaction it still
 * reports as open stays pending (it could yet be paid from its payment page: Paystack's `abandoned`
 * is not final) and expires after 30 minutes, when its discount reservation is released.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const reference = String((await readForm(request)).get('reference') ?? '');
  const { checkout, db } = context.services;
  return attempt(async () => {
    await assertOwnOrder(db, user.id, reference);
    const settled = await settlePayment(checkout, reference);
    return { ok: true as const, settled };
  });
}
