import { data } from 'react-router';
import { parseProductIds } from '#core/catalog/filters';
import { productsForBuyer } from '#core/checkout/waiting';
import { Invalid } from '#core/errors';
import { errorResponse } from '~/lib/errors.server';
import { load } from '~/lib/route.server';

/**
 * GET /api/products?ids=1,2,3 → the products' current facts (the cart and guest wishlist re-read prices);
 * for a signed-in buyer, the stock their own waiting orders hold counts as theirs.
 */
export const loader = load({
  auth: 'visitor',
  query: parseProductIds,
  run: async ({ user, query: ids, services: { db, payments, checkout } }) => {
    if (ids === null) return errorResponse(new Invalid('Expected product ids.'), { products: [] });
    if (ids.length === 0) return { products: [] };
    const buyer = user
      ? { userId: user.id, provider: payments.name, now: checkout.now?.() ?? new Date() }
      : null;
    const products = await productsForBuyer(db, ids, buyer);
    return data({ products }, { headers: { 'Cache-Control': 'no-store' } });
  },
});
