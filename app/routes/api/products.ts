import { data } from 'react-router';
import { parseProductIds } from '#core/catalog/filters';
import { getProductsByIds } from '#core/catalog/service';
import { Invalid } from '#core/errors';
import { errorResponse } from '~/lib/errors.server';
import { load } from '~/lib/route.server';

/** GET /api/products?ids=1,2,3 → the products' current facts (the cart and guest wishlist re-read prices). */
export const loader = load({
  auth: 'public',
  query: parseProductIds,
  run: async ({ query: ids, services: { db } }) => {
    if (ids === null) return errorResponse(new Invalid('Expected product ids.'), { products: [] });
    if (ids.length === 0) return { products: [] };
    const products = await getProductsByIds(db, ids);
    return data({ products }, { headers: { 'Cache-Control': 'no-store' } });
  },
});
