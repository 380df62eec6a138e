import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { guestWishlist, useGuestWishlist } from '~/lib/guest-wishlist';
import { useSessionUser } from '~/lib/session-user';

/** When a guest with a local wishlist signs in, the list joins the account once (spec §4, issue 3). */
export function WishlistMerge() {
  const user = useSessionUser();
  const ids = useGuestWishlist();
  const fetcher = useFetcher<{ ok: boolean }>();
  const sent = useRef(false);
  useEffect(() => {
    if (!user || ids.length === 0 || sent.current) return;
    sent.current = true;
    fetcher.submit(
      { intent: 'merge', productIds: ids.join(',') },
      { method: 'post', action: '/api/wishlist' },
    );
  }, [user, ids, fetcher]);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) guestWishlist.clear();
    if (fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok) sent.current = false;
  }, [fetcher.state, fetcher.data]);
  return null;
}
