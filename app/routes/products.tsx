import { clsx } from 'clsx';
import { useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router';
import { AddToCartButton } from '~/components/catalog/add-to-cart-button';
import { Pagination } from '~/components/catalog/pagination';
import { ProductCard } from '~/components/catalog/product-card';
import { ProductFiltersForm, SortSelect } from '~/components/catalog/product-filters';
import { Button, buttonClasses } from '~/components/ui/button';
import { categoryId, CATEGORY_LABELS } from '#core/catalog/categories';
import {
  DEFAULT_FILTERS,
  hasActiveFilters,
  parseProductFilters,
  productFiltersToParams,
  type ProductFilters,
} from '#core/catalog/filters';
import { listProductLocations, listProducts } from '#core/catalog/service';
import type { Route } from './+types/products';
import { isOfflineError } from '~/lib/offline';
import { loadCatalogue, loaderHeaders } from '~/lib/route.server';
import { PICTURES_FIRST } from '~/lib/held-scripts';

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  const single =
    loaderData?.filters.categories.length === 1 ? CATEGORY_LABELS[loaderData.filters.categories[0]!] : null;
  return [
    { title: `${single ?? 'All Products'} — FreshCatch` },
    {
      name: 'description',
      content:
        'Fresh, smoked and dried fish, shellfish, fish-farming equipment and feeds, priced in naira and delivered from Port Harcourt.',
    },
  ];
};

/** Its pictures come through a weak link before its scripts (decision 051). */
export const handle = PICTURES_FIRST;

export const headers = loaderHeaders;

export const loader = loadCatalogue({
  query: parseProductFilters,
  run: async ({ query: filters, services: { db } }) => {
    const [page, locations] = await Promise.all([listProducts(db, filters), listProductLocations(db)]);
    return { filters, page, locations };
  },
});

function hrefWith(filters: ProductFilters, change: Partial<ProductFilters>) {
  const query = productFiltersToParams({ ...filters, page: 1, ...change }).toString();
  return query ? `/products?${query}` : '/products';
}

const QUICK_CHIPS = [
  { label: 'All Products', categories: [] },
  { label: 'Fish', categories: ['fresh'] },
  { label: 'Equipment', categories: ['equipment'] },
  { label: 'Feeds', categories: ['feeds'] },
] as const;

function Chip({ to, active, children }: { to: string; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={active ? 'page' : undefined}
      className={clsx(
        'rounded-full border px-3 py-1.5 text-sm font-medium whitespace-nowrap',
        active
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
      )}
    >
      {children}
    </Link>
  );
}

export default function ProductsRoute() {
  const { filters, page, locations } = useLoaderData<typeof loader>();
  const single = filters.categories.length === 1 ? filters.categories[0]! : null;
  const heading = single ? CATEGORY_LABELS[single] : 'All Products';
  const formId = 'product-filters';
  // A typed price the page could not use opens the filters on a phone, beside what it says about it.
  const [filtersOpen, setFiltersOpen] = useState(filters.priceNotices.length > 0);
  const activeChip = (categories: readonly string[]) =>
    categories.length === filters.categories.length &&
    categories.every((c) => (filters.categories as string[]).includes(c));
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold">{heading}</h1>

      <div className="mt-4 flex gap-2 overflow-x-auto pb-2" aria-label="Quick filters" role="group">
        {QUICK_CHIPS.map((chip) => (
          <Chip
            key={chip.label}
            to={hrefWith(filters, { categories: [...chip.categories] })}
            active={activeChip(chip.categories)}
          >
            {chip.label}
          </Chip>
        ))}
        {locations.map((location) => {
          const on = filters.locations.some((l) => l.toLowerCase() === location.toLowerCase());
          return (
            <Chip
              key={location}
              to={hrefWith(filters, {
                locations: on
                  ? filters.locations.filter((l) => l.toLowerCase() !== location.toLowerCase())
                  : [...filters.locations, location],
              })}
              active={on}
            >
              {location}
            </Chip>
          );
        })}
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Filters">
          <Button
            variant="outline"
            className="w-full lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls="filters-panel"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />{' '}
            {filtersOpen ? 'Hide filters' : 'Show filters'}
          </Button>
          <div
            id="filters-panel"
            className={clsx(
              'mt-3 rounded-lg border border-slate-200 bg-white p-4 lg:mt-0 lg:block',
              filtersOpen ? 'block' : 'hidden',
            )}
          >
            <ProductFiltersForm
              key={productFiltersToParams({ ...filters, sort: DEFAULT_FILTERS.sort }).toString()}
              filters={filters}
              locations={locations}
              id={formId}
            />
          </div>
        </aside>

        <section aria-labelledby="results-heading">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="results-heading" className="text-slate-700" aria-live="polite">
              Showing {page.total} {page.total === 1 ? 'product' : 'products'}
            </h2>
            <SortSelect filters={filters} formId={formId} />
          </div>
          {filters.priceNotices.length > 0 ? (
            <div
              role="status"
              className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            >
              {filters.priceNotices.map((notice) => (
                <p key={notice}>{notice}</p>
              ))}
            </div>
          ) : null}

          {page.items.length === 0 && page.total > 0 ? (
            // Past the last page (an old link, a typed address): say so and offer the last page.
            <div className="mt-8 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
              <p className="text-slate-800">
                {`Page ${page.page} is empty: these products fill ${page.pageCount} ${page.pageCount === 1 ? 'page' : 'pages'}.`}
              </p>
              <Link
                to={hrefWith(filters, { page: page.pageCount })}
                className={buttonClasses({ className: 'mt-4' })}
              >
                {`Go to page ${page.pageCount}`}
              </Link>
            </div>
          ) : page.items.length === 0 ? (
            <div className="mt-8 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
              <p className="text-slate-800">No products found matching your criteria.</p>
              <Link to="/products" className={buttonClasses({ className: 'mt-4' })}>
                Reset Filters
              </Link>
            </div>
          ) : (
            // Two columns from the smallest phone up: one card a screen made a phone scroll 12,000 px.
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-6 xl:grid-cols-3">
              {page.items.map((product, index) => (
                <li key={product.id} className="flex">
                  <ProductCard
                    product={product}
                    eager={index < 2}
                    first={index === 0}
                    sizes="(min-width: 1280px) 25vw, 50vw"
                    action={<AddToCartButton product={product} mode="again" className="w-full" />}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={page.page}
            pageCount={page.pageCount}
            hrefFor={(p) => `/products?${productFiltersToParams({ ...filters, page: p }).toString()}`}
          />
          {hasActiveFilters(filters) && single ? (
            <p className="mt-6 text-sm text-slate-600">
              Looking for something else?{' '}
              <Link
                className="font-semibold text-brand-700 hover:underline"
                to={`/search?category=${single}`}
              >
                Search {CATEGORY_LABELS[single]}
              </Link>{' '}
              or{' '}
              <Link
                className="font-semibold text-brand-700 hover:underline"
                to={`/products?category=${categoryId(single)}&sort=rating`}
              >
                see the best rated
              </Link>
              .
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Not found, and offline, are said by the shop's layout.
  if ((isRouteErrorResponse(error) && error.status === 404) || isOfflineError(error)) throw error;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center" role="alert">
      <h1 className="text-2xl font-bold">Error Loading Products</h1>
      <p className="mt-2 text-slate-700">
        Something went wrong while loading the products. Please try again later.
      </p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        Retry
      </Button>
    </div>
  );
}
