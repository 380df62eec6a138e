import { data } from 'react-router';
import { getSessionUser } from '~/lib/auth.server';
import { attempt } from '~/lib/errors.server';
import { parseForm, readForm } from '~/lib/forms';
import { WishlistChangeSchema } from '#core/wishlist/schemas';
import { addToWishlist, mergeIntoWishlist, removeFromWishlist } from '#core/wishlist/service';
import type { Route } from './+types/wishlist';

/** POST /api/wishlist: add, remove or merge — always the signed-in user's own list. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context);
  if (!user)
    return data(
      { ok: false as const, error: 'Please log in to keep a wishlist on your account.' },
      { status: 401 },
    );
  const parsed = parseForm(WishlistChangeSchema, await readForm(request));
  if (!parsed.ok)
    return data({ ok: false as const, error: 'That is not a product we know.' }, { status: 400 });
  const { db } = context.services;
  const change = parsed.data;
  return attempt(async () => {
    if (change.intent === 'add') await addToWishlist(db, user.id, change.productId);
    else if (change.intent === 'remove') await removeFromWishlist(db, user.id, change.productId);
    else return { ok: true as const, merged: await mergeIntoWishlist(db, user.id, change.productIds) };
    return { ok: true as const, merged: 0 };
  });
}
