import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  like,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { NotFound } from '../errors';
import type { ProductCategory } from './categories';
import type { StockUnit } from '../../db/schema/enums';
import { escapeLikePattern } from '../text';
import { listedRuns, searchPhrases, searchWords } from './search-words';
import { closestSpelling, loadSynonyms, unlistedRuns } from './synonyms';
import {
  PRICE_SLIDER_MAX_NAIRA,
  PRODUCTS_PER_PAGE,
  type ProductFilters,
  type ProductSort,
  type SearchQuery,
} from './filters';
import { isRowId } from '../ids';
import { COUNT_LIMIT } from '../paging';
import { countUpTo, keptRowCount } from '../paging-queries';
import { nairaToKobo } from '../money';
import type { PriceTier } from './price-tiers';

export interface ProductSummary {
  id: number;
  name: string;
  priceKobo: number;
  currency: string;
  imageUrl: string | null;
  category: ProductCategory;
  location: string | null;
  weightGrams: number;
  averageRating: number;
  reviewCount: number;
  inStock: boolean;
  /** How its stock is counted, or null when it is not (core/stock/rules.ts reads these). */
  stockUnit: StockUnit | null;
  /** What can still be bought, in the stock unit (0 when not counted). */
  stockAvailable: number;
}

export interface ProductDetail extends ProductSummary {
  /** Quantity prices (core/catalog/price-tiers.ts), [] for none. */
  priceTiers: PriceTier[];
  description: string;
  origin: string | null;
  freshness: number;
  updatedAt: Date;
}

export interface ProductPage {
  items: ProductSummary[];
  /** Matches counted, at most `countLimit` when one is set. */
  total: number;
  /** True when there are more matches than were counted (total is then the limit). */
  moreThanTotal: boolean;
  page: number;
  pageCount: number;
}

/** Search counts exactly up to this many matches; past it the page says "10,000+". */
export const SEARCH_COUNT_LIMIT = COUNT_LIMIT;

export const productSummaryColumns = {
  id: products.id,
  name: products.name,
  priceKobo: products.priceKobo,
  currency: products.currency,
  imageUrl: products.imageUrl,
  category: products.category,
  location: products.location,
  weightGrams: products.weightGrams,
  averageRating: products.averageRating,
  reviewCount: products.reviewCount,
  inStock: products.inStock,
  stockUnit: products.stockUnit,
  stockAvailable: sql<number>`greatest(${products.stockOnHand} - ${products.stockHeld}, 0)`.mapWith(Number),
};

const ORDER_BY: Record<ProductSort, SQL[]> = {
  // Featured: what can be bought now, most reviewed first.
  featured: [desc(products.inStock), desc(products.reviewCount), asc(products.id)],
  'price-asc': [asc(products.priceKobo), asc(products.id)],
  'price-desc': [desc(products.priceKobo), asc(products.id)],
  rating: [desc(products.averageRating), desc(products.reviewCount), asc(products.id)],
};

function filterConditions(filters: ProductFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.categories.length > 0) conditions.push(inArray(products.category, filters.categories));
  if (filters.locations.length > 0) {
    conditions.push(
      inArray(
        sql`lower(${products.location})`,
        filters.locations.map((l) => l.toLowerCase()),
      ),
    );
  }
  if (filters.minPriceNaira > 0) conditions.push(gte(products.priceKobo, nairaToKobo(filters.minPriceNaira)));
  if (filters.maxPriceNaira < PRICE_SLIDER_MAX_NAIRA)
    conditions.push(lte(products.priceKobo, nairaToKobo(filters.maxPriceNaira)));
  return conditions.length ? and(...conditions) : undefined;
}

async function pageOf(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  page: number,
  countLimit?: number,
): Promise<ProductPage> {
  const [items, counted] = await Promise.all([
    db
      .select(productSummaryColumns)
      .from(products)
      .where(where)
      .orderBy(...orderBy)
      .limit(PRODUCTS_PER_PAGE)
      .offset((page - 1) * PRODUCTS_PER_PAGE),
    countLimit
      ? countUpTo(db, products, where, countLimit)
      : db
          .select({ n: count() })
          .from(products)
          .where(where)
          .then(([row]) => ({ total: row?.n ?? 0, moreThanTotal: false })),
  ]);
  const { total, moreThanTotal } = counted;
  return { items, total, moreThanTotal, page, pageCount: Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE)) };
}

/** /products: filtered, sorted and paginated in the database (spec §2, §5). */
export function listProducts(db: Db, filters: ProductFilters): Promise<ProductPage> {
  return pageOf(db, filterConditions(filters), ORDER_BY[filters.sort], filters.page);
}

/** What a search found, and the spelling it used when the buyer's own found nothing ("catfsh"). */
export interface SearchPage extends ProductPage {
  /** "Showing results for catfish": set when the results are for a corrected spelling. */
  showingResultsFor: string | null;
}

/**
 * Case-insensitive "contains" on name or description, plus an optional category (spec §5), for the
 * words as typed and for the names buyers use (search-words.ts: "titus" also finds "mackerel", "stock
 * fish" finds "stockfish"). When none of that finds anything, the closest spelling the catalogue knows
 * is tried ("catfsh" → "catfish"); the spec's 'No results found' stays for a real miss.
 */
export async function searchProducts(db: Db, query: SearchQuery): Promise<SearchPage> {
  const synonyms = await loadSynonyms(db);
  const found = await searchFor(db, query, searchPhrases(query.q, synonyms));
  if (found.total > 0) return { ...found, showingResultsFor: null };
  const spelling = await closestSpelling(db, searchWords(query.q));
  if (!spelling) return { ...found, showingResultsFor: null };
  const corrected = await searchFor(db, query, searchPhrases(spelling, synonyms));
  return corrected.total > 0
    ? { ...corrected, showingResultsFor: spelling }
    : { ...found, showingResultsFor: null };
}

/**
 * The products any of the phrases is in. A phrase with a run of letters no product's word contains
 * (unlistedRuns: "catfsh") cannot be found, so it is not looked for: a misspelling costs a lookup on the
 * word list, not a search of every product's text.
 */
async function searchFor(db: Db, query: SearchQuery, phrases: string[]): Promise<ProductPage> {
  const unlisted = await unlistedRuns(db, phrases.flatMap(listedRuns));
  const possible = phrases.filter((phrase) => !listedRuns(phrase).some((run) => unlisted.has(run)));
  if (possible.length === 0)
    return { items: [], total: 0, moreThanTotal: false, page: query.page, pageCount: 1 };
  return searchTexts(db, query, possible);
}

function searchTexts(db: Db, query: SearchQuery, phrases: string[]): Promise<ProductPage> {
  // search_text is lower(name || ' ' || description), so a lower-cased LIKE is the case-insensitive
  // "contains" of the spec, served by one trigram index (one bitmap scan per phrase).
  const patterns = phrases.map((phrase) => `%${escapeLikePattern(phrase)}%`);
  const matches = or(...patterns.map((pattern) => like(products.searchText, pattern)));
  const where = query.category ? and(matches, eq(products.category, query.category)) : matches;
  // Name matches before description-only matches, then the most reviewed.
  const inName = or(...patterns.map((pattern) => like(sql`lower(${products.name})`, pattern)));
  const orderBy = [sql`(${inName}) desc`, desc(products.reviewCount), asc(products.id)];
  return pageOf(db, where, orderBy, query.page, SEARCH_COUNT_LIMIT);
}

const LOCATIONS_TTL_MS = 30_000;
const locationsCache = new WeakMap<Db, { expires: number; locations: Promise<string[]> }>();

/** Where products ship from, for the location filter (the same for everyone: kept for 30 s). */
export function listProductLocations(db: Db): Promise<string[]> {
  const cached = locationsCache.get(db);
  if (cached && cached.expires > Date.now()) return cached.locations;
  const locations = db
    .selectDistinct({ location: products.location })
    .from(products)
    .where(isNotNull(products.location))
    .orderBy(products.location)
    .then((rows) => rows.map((r) => r.location!).filter((l) => l.trim() !== ''));
  locationsCache.set(db, { expires: Date.now() + LOCATIONS_TTL_MS, locations });
  locations.catch(() => locationsCache.delete(db));
  return locations;
}

export async function getProduct(db: Db, id: number): Promise<ProductDetail> {
  const [product] = await db
    .select({
      ...productSummaryColumns,
      priceTiers: products.priceTiers,
      description: products.description,
      origin: products.origin,
      freshness: products.freshness,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!product) throw new NotFound('Error loading product details. This product may not exist.');
  return product;
}

/** Current facts of the given products (the cart re-reads prices with this). Unknown ids are left out. */
export async function getProductsByIds(
  db: Db,
  ids: number[],
): Promise<(ProductSummary & { shelfLifeDays: number | null; priceTiers: PriceTier[] })[]> {
  const unique = [...new Set(ids.filter(isRowId))].slice(0, 200);
  if (unique.length === 0) return [];
  // With how long each keeps: the cart's delivery methods and slots follow it (core/delivery/shelf-life.ts).
  return db
    .select({
      ...productSummaryColumns,
      shelfLifeDays: products.shelfLifeDays,
      priceTiers: products.priceTiers,
    })
    .from(products)
    .where(inArray(products.id, unique));
}

/** 'Popular Items': the highest rated products (spec §2, limit 4). */
export async function listPopularProducts(db: Db, limit = 4): Promise<ProductSummary[]> {
  return db
    .select(productSummaryColumns)
    .from(products)
    .orderBy(desc(products.averageRating), desc(products.reviewCount), asc(products.id))
    .limit(limit);
}

/** A few products of a category for landing pages (fresh fish, farm supplies). */
export async function listCategoryHighlights(
  db: Db,
  categories: ProductCategory[],
  limit = 8,
): Promise<ProductSummary[]> {
  return db
    .select(productSummaryColumns)
    .from(products)
    .where(inArray(products.category, categories))
    .orderBy(desc(products.inStock), desc(products.averageRating), asc(products.id))
    .limit(limit);
}

export async function listProductIdsForSitemap(db: Db): Promise<{ id: number; updatedAt: Date }[]> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(products.id)
    .limit(50_000);
}

/** Every product, from the count PostgreSQL keeps (db/schema/counts.ts), not a count of the table. */
export function countProducts(db: Db): Promise<number> {
  return keptRowCount(db, 'products');
}
