import { getSessionUser } from '~/lib/auth.server';
import { attempt } from '~/lib/errors.server';
import { parseJsonBody } from '~/lib/forms';
import { QuoteSchema } from '#core/checkout/schemas';
import { quoteOrder } from '#core/checkout/service';
import { discountToast } from '#core/discounts/rules';
import { Unauthorized } from '#core/errors';
import type { Route } from './+types/checkout-quote';

/**
 * POST /api/checkout/quote: the order priced as the server will charge it, with the discount code's
 * verdict (the checkout page asks 500 ms after the code is typed). Prices come from the database.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return attempt(async () => {
    const user = await getSessionUser(request, context);
    if (!user)
      throw new Unauthorized('You must be logged in to complete this purchase.', 'Authentication Error');
    const order = await parseJsonBody(QuoteSchema, request);
    const { checkout } = context.services;
    const quote = await quoteOrder(checkout, user.id, order);
    return {
      ok: true as const,
      price: quote.price,
      discount: quote.discount
        ? { ...quote.discount, toast: discountToast(quote.discount, checkout.formatMoney) }
        : null,
    };
  });
}
