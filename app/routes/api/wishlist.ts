import { formAction } from '~/lib/actions.server';
import { getSessionUser } from '~/lib/auth.server';
import { actionFailure } from '~/lib/errors.server';
import { WishlistChangeSchema } from '#core/wishlist/schemas';
import { addToWishlist, mergeIntoWishlist, removeFromWishlist } from '#core/wishlist/service';
import { Unauthorized } from '#core/errors';
import type { Route } from './+types/wishlist';
import { shop } from '~/lib/context';

/** POST /api/wishlist: add, remove or merge — always the signed-in user's own list. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return actionFailure(new Unauthorized('Please log in to keep a wishlist on your account.'));
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
