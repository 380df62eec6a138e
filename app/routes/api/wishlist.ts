import { formAction } from '~/lib/actions.server';
import { shopperOf } from '~/lib/auth/guards.server';
import { WishlistChangeSchema } from '#core/wishlist/schemas';
import { addToWishlist, mergeIntoWishlist, removeFromWishlist } from '#core/wishlist/service';
import type { Route } from './+types/wishlist';
import { shop } from '~/lib/context';

/** POST /api/wishlist: add, remove or merge — always the signed-in user's own list. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = shopperOf(context);
  const { db } = shop(context).services;
  return formAction(
    request,
    WishlistChangeSchema,
    async (change) => {
      if (change.intent === 'add') await addToWishlist(db, user.id, change.productId);
      else if (change.intent === 'remove') await removeFromWishlist(db, user.id, change.productId);
      else return { merged: await mergeIntoWishlist(db, user.id, change.productIds) };
      return { merged: 0 };
    },
    { invalidMessage: 'That is not a product we know.' },
  );
}
