import { useEffect, useState } from 'react';
import { TRY_AGAIN, withRetries } from '~/lib/retries';
import type { ProductForShopper } from '~/routes/api/product-for-shopper';

/** Waits before each try of the shopper's own bits: at once, then again after 1 s and 3 s. */
const FOR_SHOPPER_TRIES_MS = [0, 1000, 3000];

/**
 * The signed-in shopper's own bits of the page, read once it is live and again whenever the page's
 * data is (after every action: a wishlist change, a guest's list merged at sign-in, a review), as
 * `revision` changes; undefined until known. One plain request: a fetcher would first load the
 * resource route's module, one more round trip on a weak network. A guest
 * has none. A request lost on a weak network or refused by a busy server is tried twice more; if no
 * answer comes the heart still works (adding twice is harmless) and the review form's place stays empty.
 */
export function useForShopper(
  productId: number,
  signedIn: boolean,
  revision: object,
): Partial<ProductForShopper> {
  const [answer, setAnswer] = useState<{ productId: number; mine: Partial<ProductForShopper> } | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    const ask = () =>
      withRetries<Partial<ProductForShopper>>(
        FOR_SHOPPER_TRIES_MS,
        async () => {
          try {
            const response = await fetch(`/api/products/${productId}/for-shopper`, {
              signal: controller.signal,
            });
            if (response.ok) return (await response.json()) as ProductForShopper;
            // Only a server in trouble is asked again; any other refusal will not change.
            return response.status >= 500 ? TRY_AGAIN : { inWishlist: false };
          } catch {
            return TRY_AGAIN; // the network lost it
          }
        },
        controller.signal,
      );
    void ask().then(
      (mine) => controller.signal.aborted || setAnswer({ productId, mine: mine ?? { inWishlist: false } }),
    );
    return () => controller.abort();
  }, [productId, signedIn, revision]);
  if (!signedIn) return { inWishlist: false, mayReview: false };
  return answer?.productId === productId ? answer.mine : {};
}
