import { jsonAction } from '~/lib/actions.server';
import { shopperOf } from '~/lib/auth/guards.server';
import { QuoteSchema } from '#core/checkout/schemas';
import { quoteOrder } from '#core/checkout/quote';
import { discountToast } from '#core/discounts/rules';
import type { Route } from './+types/checkout-quote';
import { shop } from '~/lib/context';

/**
 * POST /api/checkout/quote: the order priced as the server will charge it, with the discount code's
 * verdict (the checkout page asks 500 ms after the code is typed). Prices come from the database.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = shopperOf(context);
  const { checkout } = shop(context).services;
  return jsonAction(request, QuoteSchema, async (order) => {
    const quote = await quoteOrder(checkout, user.id, order, { clientAddress: shop(context).clientIp });
    return {
      price: quote.price,
      discount: quote.discount
        ? { toast: discountToast(quote.discount, checkout.formatMoney), ...quote.discount }
        : null,
    };
  });
}
