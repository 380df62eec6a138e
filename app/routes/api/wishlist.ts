import { act } from '~/lib/route.server';
import { WishlistChangeSchema } from '#core/wishlist/schemas';
import { addToWishlist, mergeIntoWishlist, removeFromWishlist } from '#core/wishlist/service';

/** POST /api/wishlist: add, remove or merge — always the signed-in user's own list. */
export const action = act({
  auth: 'shopper',
  form: WishlistChangeSchema,
  invalidMessage: 'That is not a product we know.',
  run: async ({ user, input: change, services: { db } }) => {
    if (change.intent === 'add') await addToWishlist(db, user.id, change.productId);
    else if (change.intent === 'remove') await removeFromWishlist(db, user.id, change.productId);
    else return { merged: await mergeIntoWishlist(db, user.id, change.productIds) };
    return { merged: 0 };
  },
});
