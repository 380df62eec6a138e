import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BATCH_DATE_KINDS, PRODUCT_CATEGORIES, STOCK_UNITS } from './enums';
import { user } from './auth';

export const productCategory = pgEnum('product_category', PRODUCT_CATEGORIES);
export const stockUnit = pgEnum('stock_unit', STOCK_UNITS);
export const batchDateKind = pgEnum('batch_date_kind', BATCH_DATE_KINDS);

/**
 * What the admin's product search matches besides the category (spec §5 "Admin filters"): name,
 * description and location, as one lower-cased text under a trigram index. core/catalog/management.ts
 * queries this very expression.
 */
export const PRODUCT_ADMIN_SEARCH = sql.raw(
  `lower(name || ' ' || description || ' ' || coalesce(location, ''))`,
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    imageUrl: text('image_url'),
    location: text('location'),
    category: productCategory('category').notNull(),
    origin: text('origin'),
    freshness: smallint('freshness').notNull().default(5),
    /**
     * Days it keeps after the day of the order (0: the same day), or null for its category's
     * (core/delivery/shelf-life.ts): which delivery methods and slots may carry it.
     */
    shelfLifeDays: smallint('shelf_life_days'),
    /**
     * Quantity prices, "from 10, ₦X each" (core/catalog/price-tiers.ts reads them; the admin's product
     * form, core/catalog/management.ts, writes them): [] for none.
     */
    priceTiers: jsonb('price_tiers')
      .$type<{ minQuantity: number; priceKobo: number }[]>()
      .notNull()
      .default([]),
    /**
     * Whether it can be bought: the admin's flag for a product whose stock is not counted; for a counted
     * one, written by core/stock/ with every change of its stock (what is on hand less what is held
     * covers one of it).
     */
    inStock: boolean('in_stock').notNull().default(true),
    /** How its stock is counted (kg: in grams; unit), or null when it is not (core/stock/). */
    stockUnit: stockUnit('stock_unit'),
    /** In the shop now, in the stock unit (sold stock leaves it when the order is paid). */
    stockOnHand: integer('stock_on_hand').notNull().default(0),
    /** Of that, held by orders waiting for payment. */
    stockHeld: integer('stock_held').notNull().default(0),
    /** Weight of one unit in grams (spec: weight_kg, default 1 kg, step 0.01 kg). */
    weightGrams: integer('weight_grams').notNull().default(1000),
    averageRating: doublePrecision('average_rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** lower(name + description), kept by the database: what "contains" search runs against (trigram index). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${products.name} || ' ' || ${products.description})`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('products_price_not_negative', sql`${t.priceKobo} >= 0`),
    check('products_freshness_range', sql`${t.freshness} between 1 and 5`),
    check('products_weight_positive', sql`${t.weightGrams} > 0`),
    check('products_shelf_life_range', sql`${t.shelfLifeDays} between 0 and 365`),
    check('products_rating_range', sql`${t.averageRating} between 0 and 5`),
    check('products_review_count_not_negative', sql`${t.reviewCount} >= 0`),
    check('products_stock_not_negative', sql`${t.stockOnHand} >= 0 and ${t.stockHeld} >= 0`),
    index('products_category_idx').on(t.category),
    index('products_price_idx').on(t.priceKobo),
    index('products_rating_idx').on(t.averageRating.desc(), t.id),
    // The admin's list, newest first (core/catalog/management.ts).
    index('products_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_location_idx').on(sql`lower(${t.location})`),
    // Case-insensitive "contains" search on name or description (spec §5).
    index('products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The admin's product search (name, description, location; categories are matched by name).
    index('products_admin_search_idx').using('gin', sql`(${PRODUCT_ADMIN_SEARCH}) gin_trgm_ops`),
  ],
);

/**
 * The stock of a counted product as it came in: a catch, a smoking, a delivery of feed bags. Sales draw
 * from the oldest first (core/stock/); a batch past its best-before stops selling (the every-minute
 * job sets `expired_at`). The product's `stock_on_hand` is the sum of `quantity_left` of its batches
 * not expired, kept by the same statements that change them.
 */
export const stockBatches = pgTable(
  'stock_batches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** As received, in the product's stock unit (grams or units). */
    quantityReceived: integer('quantity_received').notNull(),
    /** Still in the shop: less what was sold from it and what the owner took off. */
    quantityLeft: integer('quantity_left').notNull(),
    /** What `prepared_on` is: caught, smoked, dried or made on that day (Lagos). */
    dateKind: batchDateKind('date_kind').notNull(),
    preparedOn: date('prepared_on', { mode: 'string' }).notNull(),
    bestBefore: date('best_before', { mode: 'string' }),
    note: text('note'),
    receivedBy: text('received_by').references(() => user.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the job once past its best-before: it sells no more (what was left is thrown away). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /**
     * Sold only to order lines that name it (a seller's harvest, at its offer's price: issue 51 §3); the
     * shop's own batches sell to every other line, oldest first.
     */
    chosenOnly: boolean('chosen_only').notNull().default(false),
    /** What unpaid order lines that name this batch hold of it (in the product's `stock_held` too). */
    quantityHeld: integer('quantity_held').notNull().default(0),
  },
  (t) => [
    check('stock_batches_received_positive', sql`${t.quantityReceived} > 0`),
    check('stock_batches_held_not_negative', sql`${t.quantityHeld} >= 0`),
    check('stock_batches_left_not_negative', sql`${t.quantityLeft} >= 0`),
    check(
      'stock_batches_best_before_after_prepared',
      sql`${t.bestBefore} is null or ${t.bestBefore} >= ${t.preparedOn}`,
    ),
    // Oldest first: what a sale draws from, and what the product page says the buyer gets.
    index('stock_batches_selling_idx')
      .on(t.productId, t.preparedOn, t.id)
      .where(sql`${t.expiredAt} is null and ${t.quantityLeft} > 0`),
    // The job's and the stock page's question: what passes its best-before soon.
    index('stock_batches_best_before_idx')
      .on(t.bestBefore)
      .where(sql`${t.expiredAt} is null and ${t.quantityLeft} > 0 and ${t.bestBefore} is not null`),
  ],
);

export const wishlists = pgTable(
  'wishlists',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    reviewText: text('review_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_text_not_blank', sql`length(trim(${t.reviewText})) > 0`),
    uniqueIndex('reviews_user_product_unique').on(t.userId, t.productId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt.desc()),
  ],
);

export type RecipeIngredient = { text: string; productId?: number };

export const recipes = pgTable('recipes', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  imageUrl: text('image_url').notNull(),
  prepMinutes: integer('prep_minutes').notNull(),
  cookMinutes: integer('cook_minutes').notNull(),
  difficulty: text('difficulty').notNull(),
  serves: integer('serves').notNull(),
  ingredients: jsonb('ingredients').$type<RecipeIngredient[]>().notNull(),
  steps: jsonb('steps').$type<string[]>().notNull(),
});

/**
 * The names buyers call a product by (core/catalog/synonyms.ts): searching "titus" also finds "mackerel",
 * "kpanla" finds "panla". One row per name; the owner edits them in admin. Seeded by migration 0029 with
 * common Yoruba, Igbo, Hausa, Pidgin and market names.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** What a buyer types: lower case, letters, digits and single spaces. */
    term: text('term').notNull(),
    /** The word the shop's products use for it, lower case. */
    means: text('means').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'search_synonyms_words',
      sql`${t.term} ~ '^[a-z0-9]+( [a-z0-9]+)*$' and ${t.means} ~ '^[a-z0-9]+( [a-z0-9]+)*$' and ${t.term} <> ${t.means}`,
    ),
    uniqueIndex('search_synonyms_term_means_unique').on(t.term, t.means),
  ],
);

/**
 * Every run of four letters or more in the products' names and descriptions (search_text), kept by
 * the database itself (triggers, migration 0030): what a misspelt search is corrected to
 * (core/catalog/synonyms.ts closestSpelling), by trigram similarity on a few thousand words rather than
 * on every product. Words of deleted products stay; a correction to one simply finds nothing.
 */
export const searchWordList = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);
