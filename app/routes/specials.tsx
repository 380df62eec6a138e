import { Link, useLoaderData } from 'react-router';
import { ProductImage } from '~/components/catalog/product-image';
import { ContentPage } from '~/components/content/page';
import { Button } from '~/components/ui/button';
import { cart, toCartProduct } from '~/lib/cart';
import { formatNaira } from '#core/money';
import { useHydrated } from '~/lib/use-hydrated';
import { listSpecialPacks, type ResolvedPack } from '#core/catalog/special-packs';
import type { Route } from './+types/specials';
import { loadCatalogue, loaderHeaders } from '~/lib/route.server';
import { PICTURES_FIRST } from '~/lib/held-scripts';

export const meta: Route.MetaFunction = () => [
  { title: 'Special Packs — FreshCatch' },
  {
    name: 'description',
    content: 'Ready-made packs: pepper soup, soup starter, seafood party and a kit for new fish farmers.',
  },
];

/** Its pictures come through a weak link before its scripts (decision 051). */
export const handle = PICTURES_FIRST;

export const headers = loaderHeaders;

export const loader = loadCatalogue({
  run: async ({ services: { db } }) => ({ packs: await listSpecialPacks(db) }),
});

function AddPackButton({ pack }: { pack: ResolvedPack }) {
  const hydrated = useHydrated();
  return (
    <Button
      disabled={!hydrated || !pack.available}
      onClick={() => {
        for (const line of pack.lines) cart.add(toCartProduct(line.product), line.quantity, 'page');
      }}
    >
      {pack.available ? 'Add pack to cart' : 'Not available right now'}
    </Button>
  );
}

export default function SpecialsRoute() {
  const { packs } = useLoaderData<typeof loader>();
  return (
    <ContentPage
      title="Special Packs"
      lead="Ready-made bundles of the things that go together. Add a pack and change quantities in your cart."
    >
      <ul className="grid gap-6 md:grid-cols-2">
        {packs.map((pack) => (
          <li
            key={pack.slug}
            className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 className="text-xl font-semibold">{pack.title}</h2>
            <p className="mt-1 text-slate-700">{pack.description}</p>
            <ul className="mt-4 space-y-2">
              {pack.lines.map((line) => (
                <li key={line.product.id} className="flex items-center gap-3">
                  <ProductImage
                    url={line.product.imageUrl}
                    alt=""
                    sizes="64px"
                    width={64}
                    height={48}
                    className="h-12 w-16 rounded object-cover"
                  />
                  <Link
                    to={`/products/${line.product.id}`}
                    className="flex-1 text-sm font-medium hover:text-brand-800"
                  >
                    {line.quantity} × {line.product.name}
                    {line.product.inStock ? '' : ' (out of stock)'}
                  </Link>
                  <span className="text-sm">{formatNaira(line.product.priceKobo * line.quantity)}</span>
                </li>
              ))}
            </ul>
            <div className="mt-auto flex items-center justify-between gap-3 pt-5">
              <p className="text-lg font-bold">{formatNaira(pack.totalKobo)}</p>
              <AddPackButton pack={pack} />
            </div>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}
