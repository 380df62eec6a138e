import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders, products, reviews, user } from '../../db/schema';
import { Conflict, Forbidden, NotFound } from '../errors';
import type { ReviewInput } from './schemas';
import { isRowId } from '../ids';
import type { AdminActor } from '../roles';
import { NOT_A_BUYER } from './rules';

export { NOT_A_BUYER };

export const ALREADY_REVIEWED = 'You have already reviewed this product.';

export interface ReviewView {
  id: number;
  rating: number;
  reviewText: string;
  createdAt: Date;
  /** The reviewer's full name; the page shows 'Anonymous User' when it is empty. */
  reviewerName: string | null;
}

export async function listReviews(db: Db, productId: number): Promise<ReviewView[]> {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      reviewText: reviews.reviewText,
      createdAt: reviews.createdAt,
      reviewerName: user.name,
    })
    .from(reviews)
    .leftJoin(user, eq(user.id, reviews.userId))
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/** Only a buyer may review: someone with a paid order that contains the product (DESIGN §1). */
export async function hasBoughtProduct(db: Db | Tx, userId: string, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentStatus, 'success'),
        eq(orderItems.productId, productId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function hasReviewed(db: Db, userId: string, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
  return row !== undefined;
}

/** Recomputes a product's average rating and review count from its reviews. */
export async function refreshRating(tx: Tx, productId: number) {
  await tx
    .update(products)
    .set({
      averageRating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 2) from ${reviews} where ${reviews.productId} = ${productId}), 0)`,
      reviewCount: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${productId})`,
    })
    .where(eq(products.id, productId));
}

/**
 * Adds a review: the product must exist, the user must have bought it, and may review it once.
 * The rating and count of the product change in the same transaction.
 */
export async function submitReview(
  db: Db,
  userId: string,
  productId: number,
  input: ReviewInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Lock the product row so concurrent reviews of it count each other.
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product) throw new NotFound('This product no longer exists.');
    if (!(await hasBoughtProduct(tx, userId, productId))) throw new Forbidden(NOT_A_BUYER, 'Not allowed');
    const inserted = await tx
      .insert(reviews)
      .values({ productId, userId, rating: input.rating, reviewText: input.reviewText })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (inserted.length === 0) throw new Conflict(ALREADY_REVIEWED, 'Already reviewed');
    await refreshRating(tx, productId);
  });
}

/** Admins may delete any review (the caller checks the role); the product's rating follows. */
/** Deleting any review is an admin's right (spec §6). */
export async function deleteReview(
  db: Db,
  _admin: AdminActor,
  reviewId: number,
): Promise<{ productId: number }> {
  if (!isRowId(reviewId)) throw new NotFound('This review no longer exists.');
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(reviews)
      .where(eq(reviews.id, reviewId))
      .returning({ productId: reviews.productId });
    if (!deleted) throw new NotFound('This review no longer exists.');
    await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, deleted.productId))
      .for('update');
    await refreshRating(tx, deleted.productId);
    return deleted;
  });
}
