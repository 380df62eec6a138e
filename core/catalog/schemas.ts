import * as z from 'zod/mini';
import { rowId } from '../ids';
import { parseKg, parseNaira } from '../money';
import { PRODUCT_CATEGORIES } from './categories';
import { listEditParam, listPageParam, listSearchParam } from '../list-query';
import { searchWords } from './search-words';
import { MAX_SHELF_LIFE_DAYS } from '../delivery/shelf-life';
import { MAX_PRICE_TIERS, tierFields } from './price-tiers';

const tierText = z.optional(z.string().check(z.maxLength(20)));
function tierRows() {
  const rows: Record<string, typeof tierText> = {};
  for (let i = 1; i <= MAX_PRICE_TIERS; i++) {
    const names = tierFields(i);
    rows[names.from] = tierText;
    rows[names.price] = tierText;
  }
  return rows as Record<`tier${1 | 2 | 3}${'From' | 'Price'}`, typeof tierText>;
}

export const SHELF_LIFE_MESSAGE = `Keeps for 0 to ${MAX_SHELF_LIFE_DAYS} days, or leave it empty for its category's`;

/** A product's unit weighs at most 100 tonnes (a pond, a truck of feed): grams fit the column. */
const MAX_PRODUCT_GRAMS = 100_000 * 1000;

/**
 * The admin's product form (spec §5 "Product form"): name, price, weight, category and freshness
 * required; price in naira ≥ 0 (step 0.01), weight ≥ 0.01 kg (step 0.01, default 1.0), freshness 1–5
 * (default 5), in stock by default, location optional ('(None)' clears it), a picture by URL or upload.
 * Amounts are read as text and turned into kobo and grams here, once.
 */
export const ProductFormSchema = z.object({
  name: z.string('Name is required').check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(120)),
  description: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
  price: z.pipe(
    z.string('Price is required').check(z.trim(), z.minLength(1, 'Price is required')),
    z.transform((text, ctx) => {
      const kobo = parseNaira(text);
      if (kobo === null) {
        ctx.issues.push({
          code: 'custom',
          message: 'Price must be a number of naira, at least 0',
          input: text,
        });
        return z.NEVER;
      }
      return kobo;
    }),
  ),
  weight: z.pipe(
    z.string('Weight is required').check(z.trim(), z.minLength(1, 'Weight is required')),
    z.transform((text, ctx) => {
      const grams = parseKg(text);
      if (grams === null || grams < 10) {
        ctx.issues.push({ code: 'custom', message: 'Weight must be at least 0.01 kg', input: text });
        return z.NEVER;
      }
      if (grams > MAX_PRODUCT_GRAMS) {
        ctx.issues.push({ code: 'custom', message: 'Weight must be at most 100,000 kg', input: text });
        return z.NEVER;
      }
      return grams;
    }),
  ),
  category: z.enum(PRODUCT_CATEGORIES, 'Please choose a category'),
  freshness: z.coerce
    .number('Freshness is required')
    .check(z.int(), z.minimum(1, 'Freshness is 1 to 5'), z.maximum(5, 'Freshness is 1 to 5')),
  /** Days it keeps (core/delivery/shelf-life.ts); empty for its category's. */
  shelfLifeDays: z.optional(
    z.pipe(
      z.string().check(z.trim()),
      z.transform((text, ctx) => {
        if (!text) return null;
        const days = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
        if (!(days <= MAX_SHELF_LIFE_DAYS)) {
          ctx.issues.push({ code: 'custom', message: SHELF_LIFE_MESSAGE, input: text });
          return z.NEVER;
        }
        return days;
      }),
    ),
  ),
  inStock: z.optional(z.enum(['true', 'false'])),
  /** Quantity prices, rows of "from" and "price each" (core/catalog/price-tiers.ts reads them). */
  ...tierRows(),
  location: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  imageUrl: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(1000),
      z.refine(
        (url) => url === '' || /^(https:\/\/|\/media\/|\/images\/)\S+$/.test(url),
        'Use an https:// address or upload a picture',
      ),
    ),
  ),
});
export type ProductFormInput = z.infer<typeof ProductFormSchema>;

const productId = rowId;

/** The admin products screen's forms: one discriminated `intent`. */
export const ProductActionSchema = z.discriminatedUnion('intent', [
  z.extend(ProductFormSchema, { intent: z.literal('create') }),
  z.extend(ProductFormSchema, { intent: z.literal('update'), productId }),
  z.object({ intent: z.literal('delete'), productId }),
]);
export type ProductAction = z.infer<typeof ProductActionSchema>;

export const ProductListQuerySchema = z.object({
  q: listSearchParam,
  page: listPageParam,
  edit: listEditParam,
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/** A search name: letters and digits in words, as search compares them (search-words.ts). */
const searchName = (label: string) =>
  z.pipe(
    z.string(`${label} is required`).check(z.maxLength(60, `${label} is too long`)),
    z.transform((text, ctx) => {
      const words = searchWords(text);
      if (!words) {
        ctx.issues.push({ code: 'custom', message: `${label} is required`, input: text });
        return z.NEVER;
      }
      return words;
    }),
  );

/**
 * The 'Add/Edit Search Name' form (ours, issue 34): what buyers type and the word the products use.
 * Both are kept as search compares them: lower case, letters and digits, single spaces.
 */
export const SynonymFormSchema = z
  .object({ term: searchName('Name buyers type'), means: searchName('Word in product names') })
  .check(
    z.refine((v) => v.term !== v.means, {
      message: 'The word in product names must differ from the name buyers type',
      path: ['means'],
    }),
  );
export type SynonymFormInput = z.infer<typeof SynonymFormSchema>;

export const SynonymActionSchema = z.discriminatedUnion('intent', [
  z.extend(SynonymFormSchema, { intent: z.literal('create') }),
  z.extend(SynonymFormSchema, { intent: z.literal('update'), synonymId: rowId }),
  z.object({ intent: z.literal('delete'), synonymId: rowId }),
]);

export const SynonymListQuerySchema = z.object({ edit: listEditParam });
