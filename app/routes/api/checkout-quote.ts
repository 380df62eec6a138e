import { data } from 'react-router';
import { getSessionUser } from '~/lib/auth.server';
import { attempt } from '~/lib/errors.server';
import { quoteOrder } from '#core/checkout/service';
import { PlaceOrderSchema } from '#core/checkout/schemas';
import { discountToast } from '#core/discounts/rules';
import { formatNaira } from '#core/money';
import { safeParse } from 'zod/mini';
import type { Route } from './+types/checkout-quote';

/**
 * POST /api/checkout/quote: the order priced as the server will charge it, with the discount code's
 * verdict (the checkout page asks 500 ms after the code is typed). Prices come from the database.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!(await getSessionUser(request, context))) {
    return data(
      { ok: false as const, error: 'You must be logged in to complete this purchase.' },
      { status: 401 },
    );
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return data({ ok: false as const, error: 'Expected a JSON body.' }, { status: 400 });
  }
  const parsed = safeParse(PlaceOrderSchema, body);
  if (!parsed.success)
    return data({ ok: false as const, error: 'That is not an order we can price.' }, { status: 400 });
  return attempt(async () => {
    const quote = await quoteOrder({ db: context.services.db, formatMoney: formatNaira }, parsed.data);
    return {
      ok: true as const,
      price: quote.price,
      discount: quote.discount
        ? { ...quote.discount, toast: discountToast(quote.discount, formatNaira) }
        : null,
    };
  });
}
