import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { reviews, user } from '../../db/schema';
import { forgetCustomerOrders } from '../orders/forget';
import { refreshRating } from '../reviews/service';

export type Erased =
  | { awaitingPayment: true }
  | { awaitingPayment: false; paidKept: number; unpaidDeleted: number; reviewsDeleted: number };

/**
 * A person's account and data go, in the caller's transaction (an owner's deletion on the users screen,
 * or the person's own "Delete my account"): the account, sessions, sign-in methods, two-factor keys,
 * wishlist, notifications, message consents and the farms they own with their books go with the user
 * row; their reviews go (the products' ratings are recomputed); unpaid orders go (a use of a code they
 * still held is given back); paid orders stay as the shop's financial records, with no customer and the
 * recipient's name, phone and address cleared. An order still waiting for its payment changes nothing
 * (its payment link works, and a payment must never arrive for a deleted order): the caller refuses.
 */
export async function eraseAccount(tx: Tx, userId: string): Promise<Erased> {
  // Their orders forget them (core/orders, the orders' one writer), or nothing changes.
  const forgotten = await forgetCustomerOrders(tx, userId);
  if (forgotten.awaitingPayment) return { awaitingPayment: true };

  const removedReviews = await tx
    .delete(reviews)
    .where(eq(reviews.userId, userId))
    .returning({ productId: reviews.productId });
  for (const productId of new Set(removedReviews.map((r) => r.productId))) await refreshRating(tx, productId);

  // Sessions, sign-in methods, wishlist, notifications, consents, farms and code guesses go with the account.
  await tx.delete(user).where(eq(user.id, userId));
  return {
    awaitingPayment: false,
    paidKept: forgotten.paidKept,
    unpaidDeleted: forgotten.unpaidDeleted,
    reviewsDeleted: removedReviews.length,
  };
}
