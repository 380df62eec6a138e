import { data } from 'react-router';
import { load } from '~/lib/route.server';
import { parseRowIdParam } from '~/lib/errors.server';
import { hasBoughtProduct } from '#core/reviews/service';
import { isInWishlist } from '#core/wishlist/service';

export interface ProductForShopper {
  inWishlist: boolean;
  /** The shopper has bought it: the only ones whose review the server accepts (spec §5). */
  mayReview: boolean;
}

/**
 * GET /api/products/:id/for-shopper → what of a product page is the signed-in shopper's own: whether it
 * is in their wishlist, and whether they may review it. The page itself is the same for every shopper
 * (it is served from the page cache, docs/decisions/021) and asks for this once it is live.
 */
export const loader = load({
  auth: 'visitor',
  run: async ({ user, params, services: { db } }) => {
    const productId = parseRowIdParam(params.id, 'This product may not exist.');
    const [inWishlist, mayReview] = user
      ? await Promise.all([isInWishlist(db, user.id, productId), hasBoughtProduct(db, user.id, productId)])
      : [false, false];
    return data<ProductForShopper>(
      { inWishlist, mayReview },
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  },
});
