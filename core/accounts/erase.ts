import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { reviews, user } from '../../db/schema';
import { unsubscribeFromNewsletter } from '../newsletter/service';
import { forgetCustomerOrders } from '../orders/forget';
import { refreshRating } from '../reviews/service';
import { closeSellerOfDeletedAccount } from '../sellers/service';

export type Erased =
  | { waits: 'awaiting-payment' }
  | { waits: 'owed'; owedKobo: number }
  | { waits: 'on-sale' }
  | { waits: null; paidKept: number; unpaidDeleted: number; reviewsDeleted: number; sellerClosed: boolean };

/**
 * A person's account and data go, in the caller's transaction (an owner's deletion on the users screen,
 * or the person's own "Delete my account"): the account, sessions, sign-in methods, two-factor keys,
 * wishlist, notifications, message consents and the farms they own with their books go with the user
 * row; their address leaves the newsletter list; their reviews go (the products' ratings are
 * recomputed); unpaid orders go (a use of a code they still held is given back); paid orders stay as the
 * shop's financial records, with no customer and the recipient's name, phone and address cleared; a
 * seller's record stays for the books of their sales, closed and without their phone or bank details.
 * Nothing changes while an order still waits for its payment (its payment link works, and a payment
 * must never arrive for a deleted order), while the shop still owes them as a seller, or while their
 * harvest is on sale or offered: the caller says why.
 */
export async function eraseAccount(tx: Tx, userId: string, now = new Date()): Promise<Erased> {
  // A seller's record stays for the books, closed (core/sellers, its one writer), or the erasure waits.
  const seller = await closeSellerOfDeletedAccount(tx, userId, now);
  if ('waits' in seller) return seller;
  // Their orders forget them (core/orders, the orders' one writer), or nothing changes.
  const forgotten = await forgetCustomerOrders(tx, userId);
  if (forgotten.awaitingPayment) return { waits: 'awaiting-payment' };

  const removedReviews = await tx
    .delete(reviews)
    .where(eq(reviews.userId, userId))
    .returning({ productId: reviews.productId });
  for (const productId of new Set(removedReviews.map((r) => r.productId))) await refreshRating(tx, productId);

  const [person] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (person) await unsubscribeFromNewsletter(tx, person.email);
  // Sessions, sign-in methods, wishlist, notifications, consents, farms and code guesses go with the account.
  await tx.delete(user).where(eq(user.id, userId));
  return {
    waits: null,
    paidKept: forgotten.paidKept,
    unpaidDeleted: forgotten.unpaidDeleted,
    reviewsDeleted: removedReviews.length,
    sellerClosed: seller.closed,
  };
}
