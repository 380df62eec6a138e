import { useRef, useState } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { Button } from '~/components/ui/button';
import { formatNaira, nairaToKobo } from '#core/money';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '#core/catalog/categories';
import {
  parseNairaAmount,
  PRICE_FIELDS,
  PRICE_SLIDER_MAX_NAIRA,
  PRICE_SLIDER_STEP_NAIRA,
  SORT_LABELS,
  PRODUCT_SORTS,
  sliderPositionNaira,
  type PriceBound,
  type ProductFilters,
} from '#core/catalog/filters';

/**
 * What the filter form sends once JavaScript runs: the typed amounts keep the slider in step, so the
 * sliders' own fields (for a form sent without JavaScript) and empty amounts stay out of the URL, and
 * an amount goes as plain naira ("₦4,800" as 4800). What cannot be read goes as typed, for the page to
 * say so.
 */
export function filterFormQuery(form: HTMLFormElement): FormData {
  const data = new FormData(form);
  for (const fields of Object.values(PRICE_FIELDS)) {
    data.delete(fields.slider);
    data.delete(fields.was);
    const typed = String(data.get(fields.typed) ?? '');
    const amount = parseNairaAmount(typed);
    if (amount === undefined) data.delete(fields.typed);
    else if (typeof amount === 'number') data.set(fields.typed, String(amount));
  }
  return data;
}

const typedText = (bound: PriceBound, naira: number) =>
  (bound === 'min' ? naira <= 0 : naira >= PRICE_SLIDER_MAX_NAIRA) ? '' : String(naira);

/**
 * The sidebar: category and location checkboxes and the price range (the slider, and typed amounts it
 * follows). A GET form, so it works before JavaScript loads (Apply); afterwards every checkbox and the
 * slider apply at once, and a typed amount with Enter or Apply.
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
  const [minText, setMinText] = useState(typedText('min', filters.minPriceNaira));
  const [maxText, setMaxText] = useState(typedText('max', filters.maxPriceNaira));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const send = () => {
    if (form.current)
      submit(filterFormQuery(form.current), {
        method: 'get',
        action: '/products',
        replace: true,
        preventScrollReset: true,
      });
  };
  // Checkboxes apply at once; a dragged slider waits until it rests; a typed amount waits for Enter.
  const apply = (event: React.FormEvent<HTMLFormElement>) => {
    const { type } = event.target as HTMLInputElement;
    if (type === 'text') return;
    clearTimeout(timer.current);
    timer.current = setTimeout(send, type === 'range' ? 400 : 0);
  };
  const typeAmount = (bound: PriceBound, text: string) => {
    (bound === 'min' ? setMinText : setMaxText)(text);
    const amount = parseNairaAmount(text);
    // What cannot be read leaves the slider where it was; the page says so once it is sent.
    if (typeof amount === 'string') return;
    if (bound === 'min') setMinPrice(Math.min(amount ?? 0, PRICE_SLIDER_MAX_NAIRA));
    else setMaxPrice(Math.min(amount ?? PRICE_SLIDER_MAX_NAIRA, PRICE_SLIDER_MAX_NAIRA));
  };
  const slide = (bound: PriceBound, naira: number) => {
    if (bound === 'min') {
      const min = Math.min(naira, maxPrice);
      setMinPrice(min);
      setMinText(typedText('min', min));
    } else {
      const max = Math.max(naira, minPrice);
      setMaxPrice(max);
      setMaxText(typedText('max', max));
    }
  };
  const selectedLocations = new Set(filters.locations.map((l) => l.toLowerCase()));
  return (
    <Form
      ref={form}
      id={id}
      method="get"
      action="/products"
      className="space-y-6"
      onChange={apply}
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        send();
      }}
    >
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
        {(['min', 'max'] as const).map((bound) => (
          <label key={bound} className="mt-2 block text-xs text-slate-600">
            {bound === 'min' ? 'Minimum price' : 'Maximum price'}
            <input
              type="range"
              name={PRICE_FIELDS[bound].slider}
              min={0}
              max={PRICE_SLIDER_MAX_NAIRA}
              step={PRICE_SLIDER_STEP_NAIRA}
              value={sliderPositionNaira(bound, bound === 'min' ? minPrice : maxPrice)}
              onChange={(e) => slide(bound, Number(e.target.value))}
              className="block w-full accent-brand-700"
            />
          </label>
        ))}
        {/* Without JavaScript: the range the sliders were drawn for, so the one the buyer moved wins. */}
        <input type="hidden" name={PRICE_FIELDS.min.was} value={filters.minPriceNaira} />
        <input type="hidden" name={PRICE_FIELDS.max.was} value={filters.maxPriceNaira} />
        <div className="mt-3 grid grid-cols-2 gap-2">
          {(['min', 'max'] as const).map((bound) => (
            <label key={bound} className="block text-xs font-medium text-slate-700">
              {bound === 'min' ? 'Min (₦)' : 'Max (₦)'}
              <input
                type="text"
                inputMode="numeric"
                autoComplete="off"
                name={PRICE_FIELDS[bound].typed}
                value={bound === 'min' ? minText : maxText}
                placeholder={bound === 'min' ? '0' : 'No limit'}
                onChange={(e) => typeAmount(bound, e.target.value)}
                className="mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
              />
            </label>
          ))}
        </div>
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
          const data = filterFormQuery(formElement);
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
