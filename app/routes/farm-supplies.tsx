import { useLoaderData } from 'react-router';
import { ProductShelf } from '~/components/content/category-landing';
import { listCategoryHighlights } from '#core/catalog/service';
import type { Route } from './+types/farm-supplies';
import { loadCatalogue, loaderHeaders } from '~/lib/route.server';
import { PICTURES_FIRST } from '~/lib/held-scripts';

export const meta: Route.MetaFunction = () => [
  { title: 'Farm Supplies — FreshCatch' },
  {
    name: 'description',
    content:
      'Fish feeds, pond liners, tarpaulin ponds, aerators, nets and water test kits for fish farmers in Nigeria.',
  },
];

/** Its pictures come through a weak link before its scripts (decision 051). */
export const handle = PICTURES_FIRST;

export const headers = loaderHeaders;

export const loader = loadCatalogue({
  run: async ({ services: { db } }) => {
    const [equipment, feeds] = await Promise.all([
      listCategoryHighlights(db, ['equipment'], 4),
      listCategoryHighlights(db, ['feeds'], 4),
    ]);
    return { equipment, feeds };
  },
});

export default function FarmSuppliesRoute() {
  const { equipment, feeds } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">Farm Supplies</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">
        Everything to start and run a catfish or tilapia farm: the feeds for each stage of growth and the
        equipment that keeps water clean and fish healthy. Not sure what you need? Call us — we have helped
        hundreds of farms in Rivers State.
      </p>
      <ProductShelf title="Feeds" products={feeds} moreHref="/products?category=6" moreLabel="See all feeds">
        <p className="mt-2 max-w-3xl text-slate-700">
          Starter crumbles for fry, floating pellets from 2 mm to 9 mm as your fish grow, and sinking feed for
          tilapia.
        </p>
      </ProductShelf>
      <ProductShelf
        title="Equipment"
        products={equipment}
        moreHref="/products?category=5"
        moreLabel="See all equipment"
      >
        <p className="mt-2 max-w-3xl text-slate-700">
          Pond liners and tarpaulin ponds, aerators, nets, water test kits and transport bags.
        </p>
      </ProductShelf>
    </div>
  );
}
