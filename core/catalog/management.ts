import { asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveryRates, PRODUCT_ADMIN_SEARCH, products, sellerOffers } from '../../db/schema';
import { countedPage, countUpTo } from '../paging-queries';
import type { Counted } from '../paging';
import { PRODUCT_CATEGORIES } from './categories';
import type { AdminActor } from '../roles';
import { recordAdminChange } from '../audit/log';
import { refreshInStock } from '../stock/in-stock';
import { Conflict, Invalid, NotFound } from '../errors';
import { MAX_PRICE_TIERS, readPriceTiers, tierFields, type PriceTier } from './price-tiers';
import { escapeLikePattern } from '../text';
import type { ProductFormInput, ProductListQuery } from './schemas';

/** The admin's products screen (spec §2 "Products", §5): every function takes the actor. */

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
export const PRODUCT_NOT_FOUND = 'This product no longer exists.';
export const PRODUCT_HAS_OFFERS =
  'Sellers have offered harvests of this product: it cannot be deleted while their records name it.';

export type AdminProduct = typeof products.$inferSelect;

export interface AdminProductPage extends Counted {
  products: AdminProduct[];
  page: number;
  pages: number;
}

/** Spec §5 "Admin filters": name, description, location or category, case-insensitive. */
export async function listProductsForAdmin(
  db: Db,
  _admin: AdminActor,
  query: Pick<ProductListQuery, 'q' | 'page'>,
): Promise<AdminProductPage> {
  const where = query.q ? adminSearchCondition(query.q) : undefined;
  const { rows, ...counted } = await countedPage(
    countUpTo(db, products, where),
    query.page,
    ADMIN_PRODUCTS_PAGE_SIZE,
    (offset) =>
      db
        .select()
        .from(products)
        .where(where)
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(ADMIN_PRODUCTS_PAGE_SIZE)
        .offset(offset),
  );
  return { products: rows, ...counted };
}

/**
 * Name, description or location containing `q` (one trigram-indexed expression), or a category whose
 * name contains it; case-insensitive.
 */
function adminSearchCondition(q: string): SQL {
  const text = q.toLowerCase();
  const contains = sql`${PRODUCT_ADMIN_SEARCH} like ${`%${escapeLikePattern(text)}%`}`;
  const categories = PRODUCT_CATEGORIES.filter((category) => category.includes(text));
  return categories.length ? or(contains, inArray(products.category, categories))! : contains;
}

export async function getProductForAdmin(db: Db, _admin: AdminActor, id: number): Promise<AdminProduct> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw new NotFound(PRODUCT_NOT_FOUND);
  return row;
}

/** Spec §5: the location is chosen from the distinct locations of the delivery rates. */
export async function listProductLocationChoices(db: Db, _admin: AdminActor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ location: deliveryRates.location })
    .from(deliveryRates)
    .orderBy(asc(deliveryRates.location));
  return rows.map((r) => r.location);
}

/** The form's quantity-price rows as the product keeps them; refused with each row's message. */
function priceTiersOf(input: ProductFormInput): PriceTier[] {
  const text: Record<string, unknown> = input;
  const rows = Array.from({ length: MAX_PRICE_TIERS }, (_, i) => {
    const names = tierFields(i + 1);
    return { from: String(text[names.from] ?? ''), price: String(text[names.price] ?? '') };
  });
  const read = readPriceTiers(rows, input.price);
  if (read.ok) return read.tiers;
  throw new Invalid(
    'Please check the quantity prices.',
    Object.fromEntries(Object.entries(read.fieldErrors).map(([field, message]) => [field, [message]])),
  );
}

function columns(input: ProductFormInput) {
  return {
    priceTiers: priceTiersOf(input),
    name: input.name,
    description: input.description ?? '',
    priceKobo: input.price,
    weightGrams: input.weight,
    category: input.category,
    freshness: input.freshness,
    shelfLifeDays: input.shelfLifeDays ?? null,
    inStock: input.inStock !== 'false',
    location: input.location ? input.location : null,
    imageUrl: input.imageUrl ? input.imageUrl : null,
  };
}

export async function createProduct(
  db: Db,
  admin: AdminActor,
  input: ProductFormInput,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(products).values(columns(input)).returning();
    await recordAdminChange(tx, admin, {
      kind: 'product',
      action: 'created',
      subjectId: created!.id,
      subjectLabel: created!.name,
      after: created,
    });
    return created!;
  });
}

export async function updateProduct(
  db: Db,
  admin: AdminActor,
  id: number,
  input: ProductFormInput,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw new NotFound(PRODUCT_NOT_FOUND);
    // A counted product's in-stock flag follows its stock (core/stock/, its one writer), its weight included.
    const { inStock, ...rest } = columns(input);
    const counted = before.stockUnit !== null;
    let [updated] = await tx
      .update(products)
      .set(counted ? rest : { ...rest, inStock })
      .where(eq(products.id, id))
      .returning();
    if (counted) updated = await refreshInStock(tx, id);
    await recordAdminChange(tx, admin, {
      kind: 'product',
      action: 'updated',
      subjectId: id,
      subjectLabel: updated!.name,
      before,
      after: updated,
    });
    return updated!;
  });
}

/**
 * Deletes a product. Past orders keep their snapshot (name, picture, price: order_items.product_id
 * becomes null); wishlists and reviews of it go with it; carts in browsers drop it when they next ask
 * for current prices.
 */
export async function deleteProduct(db: Db, admin: AdminActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    // A seller's offer of it keeps what they brought and were paid (issue 51): the product stays.
    const [offered] = await tx
      .select({ id: sellerOffers.id })
      .from(sellerOffers)
      .where(eq(sellerOffers.productId, id))
      .limit(1);
    if (offered) throw new Conflict(PRODUCT_HAS_OFFERS, 'Product has offers');
    const [deleted] = await tx.delete(products).where(eq(products.id, id)).returning();
    if (!deleted) throw new NotFound(PRODUCT_NOT_FOUND);
    await recordAdminChange(tx, admin, {
      kind: 'product',
      action: 'deleted',
      subjectId: id,
      subjectLabel: deleted.name,
      before: deleted,
    });
  });
}
