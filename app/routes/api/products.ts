import { data } from 'react-router';
import { getProductsByIds } from '#core/catalog/service';
import { Invalid } from '#core/errors';
import { errorResponse } from '~/lib/errors.server';
import type { Route } from './+types/products';
import { shop } from '~/lib/context';

/** GET /api/products?ids=1,2,3 → the products' current facts (the cart and guest wishlist re-read prices). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('ids') ?? '';
  if (!raw) return { products: [] };
  if (!/^\d+(,\d+)*$/.test(raw)) return errorResponse(new Invalid('Expected product ids.'), { products: [] });
  const products = await getProductsByIds(shop(context).services.db, raw.split(',').map(Number));
  return data({ products }, { headers: { 'Cache-Control': 'no-store' } });
}
