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
 * Reads /products filters from the URL. Anything unknown or malformed is ignored rather than
 * refused, so an old or hand-edited link still shows a sensible catalogue.
 * `category` takes ids 1–6 (the home page's links) or names, and may repeat; so may `location`.
 */
export function parseProductFilters(params: URLSearchParams): ProductFilters {
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
  let minPriceNaira = Math.min(parseWholeNumber(params.get('minPrice')) ?? 0, PRICE_SLIDER_MAX_NAIRA);
  let maxPriceNaira = Math.min(
    parseWholeNumber(params.get('maxPrice')) ?? PRICE_SLIDER_MAX_NAIRA,
    PRICE_SLIDER_MAX_NAIRA,
  );
  if (minPriceNaira > maxPriceNaira) [minPriceNaira, maxPriceNaira] = [maxPriceNaira, minPriceNaira];
  const sortParam = params.get('sort');
  const sort = (PRODUCT_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as ProductSort)
    : 'featured';
  const page = Math.max(1, Math.min(parseWholeNumber(params.get('page')) ?? 1, 10_000));
  return { categories, locations, minPriceNaira, maxPriceNaira, sort, page };
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
