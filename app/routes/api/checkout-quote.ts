import { act } from '~/lib/route.server';
import { QuoteSchema } from '#core/checkout/schemas';
import { quoteOrder } from '#core/checkout/quote';
import { discountToast } from '#core/discounts/rules';

/**
 * POST /api/checkout/quote: the order priced as the server will charge it, with the discount code's
 * verdict (the checkout page asks 500 ms after the code is typed). Prices come from the database.
 */
export const action = act({
  auth: 'shopper',
  json: QuoteSchema,
  run: async ({ user, input: order, services: { checkout }, clientIp }) => {
    const quote = await quoteOrder(checkout, user.id, order, { clientAddress: clientIp });
    return {
      price: quote.price,
      discount: quote.discount
        ? { toast: discountToast(quote.discount, checkout.formatMoney), ...quote.discount }
        : null,
    };
  },
});
