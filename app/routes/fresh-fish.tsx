import { useLoaderData } from 'react-router';
import { ProductShelf } from '~/components/content/category-landing';
import { listCategoryHighlights } from '#core/catalog/service';
import type { Route } from './+types/fresh-fish';
import { loadCatalogue, loaderHeaders } from '~/lib/route.server';
import { PICTURES_FIRST } from '~/lib/held-scripts';

export const meta: Route.MetaFunction = () => [
  { title: 'Fresh Fish — FreshCatch' },
  {
    name: 'description',
    content:
      'Live catfish, tilapia, croaker, snapper and mackerel, harvested or landed the morning we deliver.',
  },
];

/** Its pictures come through a weak link before its scripts (decision 051). */
export const handle = PICTURES_FIRST;

export const headers = loaderHeaders;

export const loader = loadCatalogue({
  run: async ({ services: { db } }) => ({ products: await listCategoryHighlights(db, ['fresh'], 8) }),
});

export default function FreshFishRoute() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">Fresh Fish</h1>
      <div className="mt-4 grid gap-6 text-slate-800 md:grid-cols-3">
        <p>
          <strong>Harvested the morning we deliver.</strong> Live catfish and tilapia come from partner farms
          around Port Harcourt; we collect them at dawn.
        </p>
        <p>
          <strong>Landed, chilled, delivered.</strong> Croaker, snapper and barracuda come from fishermen in
          Bonny, Brass and Ibeno, packed on ice within hours.
        </p>
        <p>
          <strong>Cleaned on request.</strong> Tell us at checkout and we scale, gut and cut your fish at no
          extra cost.
        </p>
      </div>
      <ProductShelf
        title="This week's fresh fish"
        products={products}
        moreHref="/products?category=1"
        moreLabel="See all fresh fish"
      />
    </div>
  );
}
