import { searchText } from '../text';
import { categoryFromId, isProductCategory, PRODUCT_CATEGORIES, type ProductCategory } from './categories';

/** Spec §9: the price slider runs from ₦0 to ₦10,000,000 in steps of ₦100,000; its top means "no limit". */
export const PRICE_SLIDER_MAX_NAIRA = 10_000_000;
export const PRICE_SLIDER_STEP_NAIRA = 100_000;
export const PRODUCTS_PER_PAGE = 24;

export const PRODUCT_SORTS = ['featured', 'price-asc', 'price-desc', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const SORT_LABELS: Record<ProductSort, string> = {
  featured: 'Featured',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  rating: 'Highest Rated',
};

export interface ProductFilters {
  categories: ProductCategory[];
  /** As typed in the URL; matched case-insensitively. */
  locations: string[];
  minPriceNaira: number;
  maxPriceNaira: number;
  sort: ProductSort;
  page: number;
}

export const DEFAULT_FILTERS: ProductFilters = {
  categories: [],
  locations: [],
  minPriceNaira: 0,
  maxPriceNaira: PRICE_SLIDER_MAX_NAIRA,
  sort: 'featured',
  page: 1,
};

function parseCategory(value: string): ProductCategory | undefined {
  const lower = value.trim().toLowerCase();
  return isProductCategory(lower) ? lower : categoryFromId(lower);
}

function parseWholeNumber(value: string | null): number | undefined {
  if (value === null || !/^\d{1,12}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/**
 * The price fields of the filter form, as the URL names them. The typed fields (`minPrice`, `maxPrice`)
 * take any naira amount and are what the URL keeps; the slider follows them. Without JavaScript the form
 * also sends the sliders' positions and the range it was drawn with (`…Was`), so the one the buyer moved
 * wins; with JavaScript the two are kept in step and only the typed amounts are sent.
 */
export const PRICE_FIELDS = {
  min: { typed: 'minPrice', slider: 'minPriceSlider', was: 'minPriceWas', label: 'minimum' },
  max: { typed: 'maxPrice', slider: 'maxPriceSlider', was: 'maxPriceWas', label: 'maximum' },
} as const;
export type PriceBound = keyof typeof PRICE_FIELDS;

/**
 * An amount in naira as a buyer types it: "4800", "4,800", "₦4 800", "N4800", "4800.00" (kobo are
 * rounded away: prices are filtered by the naira). Undefined when nothing is typed.
 */
export function parseNairaAmount(text: string): number | 'negative' | 'not-an-amount' | undefined {
  const compact = text.trim().replace(/^(₦|ngn|n)\s*/i, '');
  if (!compact) return text.trim() ? 'not-an-amount' : undefined;
  const digits = compact.replace(/(?<=\d)[,\s](?=\d{3}(\D|$))/g, '');
  if (/^-\s*[\d.]/.test(digits)) return 'negative';
  if (!/^\d{1,15}(\.\d{1,2})?$/.test(digits)) return 'not-an-amount';
  return Math.round(Number(digits));
}

/**
 * Where a slider stands for a typed amount: the step at or below a minimum, at or above a maximum, so
 * the slider's range always holds the typed one (₦4,800–₦29,000 shows as ₦0–₦100,000).
 */
export function sliderPositionNaira(bound: PriceBound, naira: number): number {
  const steps = naira / PRICE_SLIDER_STEP_NAIRA;
  const position = (bound === 'min' ? Math.floor(steps) : Math.ceil(steps)) * PRICE_SLIDER_STEP_NAIRA;
  return Math.min(Math.max(position, 0), PRICE_SLIDER_MAX_NAIRA);
}

/** One price bound from the URL, and what to tell the buyer when what they typed was left out. */
function readPriceBound(params: URLSearchParams, bound: PriceBound): { naira?: number; notice?: string } {
  const fields = PRICE_FIELDS[bound];
  const slider = parseWholeNumber(params.get(fields.slider));
  const was = parseWholeNumber(params.get(fields.was));
  if (slider !== undefined && was !== undefined && slider !== sliderPositionNaira(bound, was))
    return { naira: slider };
  const typed = params.get(fields.typed) ?? '';
  const amount = parseNairaAmount(typed);
  const shown = typed.trim().slice(0, 20);
  if (amount === 'negative')
    return { notice: `The ${fields.label} price cannot be below ₦0, so "${shown}" was left out.` };
  if (amount === 'not-an-amount')
    return {
      notice: `The ${fields.label} price "${shown}" is not an amount in naira (such as 4800), so it was left out.`,
    };
  return { naira: amount };
}

/** The filters, and what the page tells the buyer about typed prices it could not use as they were. */
export interface ParsedProductFilters extends ProductFilters {
  priceNotices: string[];
}

/**
 * Reads /products filters from the URL. Anything unknown or malformed is ignored rather than
 * refused, so an old or hand-edited link still shows a sensible catalogue.
 * `category` takes ids 1–6 (the home page's links) or names, and may repeat; so may `location`.
 */
export function parseProductFilters(params: URLSearchParams): ParsedProductFilters {
  const categories = [
    ...new Set(
      params
        .getAll('category')
        .flatMap((v) => v.split(','))
        .map(parseCategory),
    ),
  ].filter((c): c is ProductCategory => c !== undefined);
  const locations: string[] = [];
  for (const raw of params.getAll('location')) {
    const location = searchText(raw).trim().slice(0, 60);
    if (location && !locations.some((l) => l.toLowerCase() === location.toLowerCase()))
      locations.push(location);
  }
  const min = readPriceBound(params, 'min');
  const max = readPriceBound(params, 'max');
  const priceNotices = [min.notice, max.notice].filter((n): n is string => n !== undefined);
  let minPriceNaira = Math.min(min.naira ?? 0, PRICE_SLIDER_MAX_NAIRA);
  let maxPriceNaira = Math.min(max.naira ?? PRICE_SLIDER_MAX_NAIRA, PRICE_SLIDER_MAX_NAIRA);
  if (minPriceNaira > maxPriceNaira) {
    [minPriceNaira, maxPriceNaira] = [maxPriceNaira, minPriceNaira];
    priceNotices.push('The minimum price was above the maximum, so the two were swapped.');
  }
  const sortParam = params.get('sort');
  const sort = (PRODUCT_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as ProductSort)
    : 'featured';
  const page = Math.max(1, Math.min(parseWholeNumber(params.get('page')) ?? 1, 10_000));
  return { categories, locations, minPriceNaira, maxPriceNaira, sort, page, priceNotices };
}

/** The URL query for a set of filters (defaults left out), for links, chips and pagination. */
export function productFiltersToParams(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const category of PRODUCT_CATEGORIES) {
    if (filters.categories.includes(category))
      params.append('category', String(PRODUCT_CATEGORIES.indexOf(category) + 1));
  }
  for (const location of filters.locations) params.append('location', location);
  if (filters.minPriceNaira > 0) params.set('minPrice', String(filters.minPriceNaira));
  if (filters.maxPriceNaira < PRICE_SLIDER_MAX_NAIRA) params.set('maxPrice', String(filters.maxPriceNaira));
  if (filters.sort !== 'featured') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function hasActiveFilters(filters: ProductFilters): boolean {
  return (
    filters.categories.length > 0 ||
    filters.locations.length > 0 ||
    filters.minPriceNaira > 0 ||
    filters.maxPriceNaira < PRICE_SLIDER_MAX_NAIRA
  );
}

export interface SearchQuery {
  q: string;
  category: ProductCategory | undefined;
  page: number;
}

/** /search?q=…&category=…: the text (trimmed, at most 100 characters) and an optional category. */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const q = searchText(params.get('q') ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, 100);
  const categoryParam = params.get('category');
  const category = categoryParam && categoryParam !== 'all' ? parseCategory(categoryParam) : undefined;
  const page = Math.max(1, Math.min(parseWholeNumber(params.get('page')) ?? 1, 10_000));
  return { q, category, page };
}

/**
 * `/api/products?ids=1,2,3` (the cart and the guest wishlist re-read their products): the ids, [] when
 * none are asked for, or null when the list is not ids.
 */
export function parseProductIds(params: URLSearchParams): number[] | null {
  const raw = params.get('ids') ?? '';
  if (!raw) return [];
  return /^\d+(,\d+)*$/.test(raw) ? raw.split(',').map(Number) : null;
}
