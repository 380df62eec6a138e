import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { Form, Link, useLoaderData, useNavigation, useRouteError } from 'react-router';
import { AddToCartButton } from '~/components/catalog/add-to-cart-button';
import { Pagination } from '~/components/catalog/pagination';
import { ProductCard } from '~/components/catalog/product-card';
import { Button } from '~/components/ui/button';
import { inputClasses } from '~/components/ui/field';
import { PRODUCT_CATEGORIES } from '#core/catalog/categories';
import { parseSearchQuery, type SearchQuery } from '#core/catalog/filters';
import { searchProducts, type SearchPage } from '#core/catalog/service';
import type { Route } from './+types/search';
import { countFigure } from '#core/paging';
import { isOfflineError } from '~/lib/offline';
import { loadCatalogue, loaderHeaders } from '~/lib/route.server';
import { PICTURES_FIRST } from '~/lib/held-scripts';

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: loaderData?.query.q ? `“${loaderData.query.q}” — Search — FreshCatch` : 'Search — FreshCatch' },
  { name: 'robots', content: 'noindex, follow' },
];

/** Its pictures come through a weak link before its scripts (decision 051). */
export const handle = PICTURES_FIRST;

export const headers = loaderHeaders;

export const loader = loadCatalogue({
  query: parseSearchQuery,
  run: async ({ query, services: { db } }) => {
    const results: SearchPage | null = query.q ? await searchProducts(db, query) : null;
    return { query, results };
  },
});

const TABS = [
  { value: 'all', label: 'All' },
  ...PRODUCT_CATEGORIES.map((c) => ({ value: c, label: c[0]!.toUpperCase() + c.slice(1) })),
];

function hrefFor(query: SearchQuery, change: Partial<SearchQuery>) {
  const next = { ...query, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.category) params.set('category', next.category);
  if (next.page > 1) params.set('page', String(next.page));
  return `/search?${params.toString()}`;
}

export default function SearchRoute() {
  const { query, results } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/search';
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold">Search</h1>
      <Form method="get" action="/search" role="search" className="mt-4 flex gap-2">
        {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
        <label htmlFor="search-q" className="sr-only">
          Search products
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={query.q}
          key={query.q}
          maxLength={100}
          placeholder="Catfish, prawns, floating feed…"
          className={clsx(inputClasses, 'flex-1')}
        />
        <Button type="submit" disabled={searching}>
          <Search aria-hidden="true" className="h-4 w-4" /> Search
        </Button>
      </Form>

      <nav aria-label="Categories" className="mt-4 flex gap-1 overflow-x-auto border-b border-slate-200">
        {TABS.map((tab) => {
          const active = (query.category ?? 'all') === tab.value;
          return (
            <Link
              key={tab.value}
              to={hrefFor(query, {
                category: tab.value === 'all' ? undefined : (tab.value as SearchQuery['category']),
              })}
              aria-current={active ? 'page' : undefined}
              className={clsx(
                '-mb-px border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap',
                active
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-600 hover:text-slate-900',
              )}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>

      <section aria-live="polite" className="mt-6">
        {!results ? (
          <p className="text-slate-700">Enter a search term above to find fish, seafood and farm supplies.</p>
        ) : results.total === 0 ? (
          <>
            <h2 className="text-xl font-semibold">No results found</h2>
            <p className="mt-2 text-slate-700">
              Nothing matches “{query.q}”. Try another word, or{' '}
              <Link to="/products" className="font-semibold text-brand-700 hover:underline">
                browse all products
              </Link>
              .
            </p>
          </>
        ) : (
          <>
            <h2 className="text-xl font-semibold">Search Results ({countFigure(results)})</h2>
            {results.showingResultsFor ? (
              <p className="mt-1 text-slate-700">
                Showing results for <strong>{results.showingResultsFor}</strong>. Nothing matched “{query.q}”.
              </p>
            ) : null}
            <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {results.items.map((product, index) => (
                <li key={product.id} className="flex">
                  <ProductCard
                    product={product}
                    eager={index < 2}
                    first={index === 0}
                    action={<AddToCartButton product={product} mode="once" className="w-full" />}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              page={results.page}
              pageCount={results.pageCount}
              hrefFor={(page) => hrefFor(query, { page })}
            />
          </>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Offline is said by the shop's layout.
  if (isOfflineError(error)) throw error;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center" role="alert">
      <h1 className="text-2xl font-bold">Search Error</h1>
      <p className="mt-2 text-slate-700">Failed to fetch search results. Please try again.</p>
      <Link
        to="/search"
        reloadDocument
        className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
      >
        Try again
      </Link>
    </div>
  );
}
