import { data } from 'react-router';
import { getProductsByIds } from '#core/catalog/service';
import type { Route } from './+types/products';
import { shop } from '~/lib/context';

/** GET /api/products?ids=1,2,3 → the products' current facts (the cart and guest wishlist re-read prices). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('ids') ?? '';
  if (!/^\d+(,\d+)*$/.test(raw)) return data({ products: [] }, { status: raw ? 400 : 200 });
  const products = await getProductsByIds(shop(context).services.db, raw.split(',').map(Number));
  return data({ products }, { headers: { 'Cache-Control': 'no-store' } });
}
