import { useRef, useState } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { Button } from '~/components/ui/button';
import { formatNaira, nairaToKobo } from '#core/money';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '#core/catalog/categories';
import {
  PRICE_SLIDER_MAX_NAIRA,
  PRICE_SLIDER_STEP_NAIRA,
  SORT_LABELS,
  PRODUCT_SORTS,
  type ProductFilters,
} from '#core/catalog/filters';

/**
 * The sidebar: category and location checkboxes and the price range. A GET form, so it works before
 * JavaScript loads (Apply); afterwards every change applies at once.
 */
export function ProductFiltersForm({
  filters,
  locations,
  id,
}: {
  filters: ProductFilters;
  locations: string[];
  id: string;
}) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [minPrice, setMinPrice] = useState(filters.minPriceNaira);
  const [maxPrice, setMaxPrice] = useState(filters.maxPriceNaira);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Checkboxes apply at once; a dragged slider waits until it rests.
  const apply = (event: React.FormEvent<HTMLFormElement>) => {
    clearTimeout(timer.current);
    const delay = (event.target as HTMLInputElement).type === 'range' ? 400 : 0;
    timer.current = setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, delay);
  };
  const selectedLocations = new Set(filters.locations.map((l) => l.toLowerCase()));
  return (
    <Form ref={form} id={id} method="get" action="/products" className="space-y-6" onChange={apply}>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Categories</legend>
        <ul className="mt-2 space-y-2">
          {PRODUCT_CATEGORIES.map((category, index) => (
            <li key={category}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="category"
                  value={index + 1}
                  defaultChecked={filters.categories.includes(category)}
                  className="h-4 w-4 accent-brand-700"
                />
                {CATEGORY_LABELS[category]}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Price range</legend>
        <p className="mt-1 text-sm text-slate-700" aria-live="polite">
          {formatNaira(nairaToKobo(minPrice))} – {formatNaira(nairaToKobo(maxPrice))}
          {maxPrice >= PRICE_SLIDER_MAX_NAIRA ? '+' : ''}
        </p>
        <label className="mt-2 block text-xs text-slate-600">
          Minimum price
          <input
            type="range"
            name="minPrice"
            min={0}
            max={PRICE_SLIDER_MAX_NAIRA}
            step={PRICE_SLIDER_STEP_NAIRA}
            value={minPrice}
            onChange={(e) => setMinPrice(Math.min(Number(e.target.value), maxPrice))}
            className="block w-full accent-brand-700"
          />
        </label>
        <label className="mt-2 block text-xs text-slate-600">
          Maximum price
          <input
            type="range"
            name="maxPrice"
            min={0}
            max={PRICE_SLIDER_MAX_NAIRA}
            step={PRICE_SLIDER_STEP_NAIRA}
            value={maxPrice}
            onChange={(e) => setMaxPrice(Math.max(Number(e.target.value), minPrice))}
            className="block w-full accent-brand-700"
          />
        </label>
      </fieldset>
      {locations.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Locations</legend>
          <ul className="mt-2 space-y-2">
            {locations.map((location) => (
              <li key={location}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    name="location"
                    value={location}
                    defaultChecked={selectedLocations.has(location.toLowerCase())}
                    className="h-4 w-4 accent-brand-700"
                  />
                  {location}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" size="sm">
          Apply filters
        </Button>
        <Link
          to="/products"
          className="inline-flex h-9 items-center px-3 text-sm font-semibold text-brand-700 hover:underline"
        >
          Reset All Filters
        </Link>
      </div>
    </Form>
  );
}

/** The sort select; belongs to the filter form so filters and sort travel together. */
export function SortSelect({ filters, formId }: { filters: ProductFilters; formId: string }) {
  const submit = useSubmit();
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      Sort by
      <select
        name="sort"
        form={formId}
        defaultValue={filters.sort}
        className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
        onChange={(event) => {
          const formElement = document.getElementById(formId) as HTMLFormElement | null;
          if (!formElement) return;
          const data = new FormData(formElement);
          data.set('sort', event.target.value);
          submit(data, { method: 'get', action: '/products', replace: true, preventScrollReset: true });
        }}
      >
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </label>
  );
}
