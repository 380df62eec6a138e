import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, wishlists } from '../../db/schema';
import { productSummaryColumns, type ProductSummary } from '../catalog/service';
import { NotFound } from '../errors';
import { isRowId } from '../ids';

/** Every function here is scoped to the signed-in user's own list: there is no way to name another's. */

export async function listWishlist(db: Db, userId: string): Promise<ProductSummary[]> {
  return db
    .select(productSummaryColumns)
    .from(wishlists)
    .innerJoin(products, eq(products.id, wishlists.productId))
    .where(eq(wishlists.userId, userId))
    .orderBy(desc(wishlists.createdAt), desc(products.id));
}

export async function isInWishlist(db: Db, userId: string, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ productId: wishlists.productId })
    .from(wishlists)
    .where(and(eq(wishlists.userId, userId), eq(wishlists.productId, productId)));
  return row !== undefined;
}

export async function addToWishlist(db: Db, userId: string, productId: number): Promise<void> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new NotFound('This product no longer exists.');
  await db.insert(wishlists).values({ userId, productId }).onConflictDoNothing();
}

export async function removeFromWishlist(db: Db, userId: string, productId: number): Promise<void> {
  await db.delete(wishlists).where(and(eq(wishlists.userId, userId), eq(wishlists.productId, productId)));
}

/** The list a guest kept in the browser joins the account at sign-in; unknown products are skipped. */
export async function mergeIntoWishlist(db: Db, userId: string, productIds: number[]): Promise<number> {
  const ids = [...new Set(productIds.filter(isRowId))].slice(0, 200);
  if (ids.length === 0) return 0;
  const existing = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  if (existing.length === 0) return 0;
  const added = await db
    .insert(wishlists)
    .values(existing.map((p) => ({ userId, productId: p.id })))
    .onConflictDoNothing()
    .returning({ productId: wishlists.productId });
  return added.length;
}
