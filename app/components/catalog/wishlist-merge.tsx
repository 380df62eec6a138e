import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { ActionResult } from '~/lib/action-result';
import { guestWishlist, useGuestWishlist } from '~/lib/guest-wishlist';
import { useOnline } from '~/lib/offline';
import { useSessionUser } from '~/lib/session-user';
import { settledData, useActionResult } from '~/lib/use-action-result';

/** When a guest with a local wishlist signs in, the list joins the account once (spec §4). */
export function WishlistMerge() {
  const user = useSessionUser();
  const ids = useGuestWishlist();
  const fetcher = useFetcher<ActionResult>();
  const sent = useRef(false);
  // Offline it waits: a fetcher sent then would fail into the page's error screen.
  const online = useOnline();
  useEffect(() => {
    if (!user || ids.length === 0 || sent.current || !online) return;
    sent.current = true;
    fetcher.submit(
      { intent: 'merge', productIds: ids.join(',') },
      { method: 'post', action: '/api/wishlist' },
    );
  }, [user, ids, online, fetcher]);
  // Quietly: a list that could not join the account stays in this browser and is sent again.
  useActionResult(settledData(fetcher), {
    failureToast: false,
    onSuccess: () => guestWishlist.clear(),
    onFailure: () => {
      sent.current = false;
    },
  });
  return null;
}
