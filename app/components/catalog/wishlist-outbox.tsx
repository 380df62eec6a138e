import { useEffect, useRef } from 'react';
import { useOnline } from '~/lib/offline';
import { useSessionUser } from '~/lib/session-user';
import { wishlistOutbox, useWishlistOutbox } from '~/lib/wishlist-outbox';

/**
 * Sends the wishlist changes a signed-in shopper made offline, one at a time, once there is a
 * connection: when the page loads online, and when the connection comes back (decision 048). Plain
 * requests, not a fetcher: one lost on a weak network stays in the outbox instead of failing into the
 * page's error screen. A change the account refuses (a product no longer sold) is dropped.
 */
export function WishlistOutbox() {
  const user = useSessionUser();
  const online = useOnline();
  const changes = useWishlistOutbox();
  const sending = useRef(false);

  useEffect(() => {
    const next = changes[0];
    // Signed out, as the server says (a page shown offline may be a guest's copy of a shared page): the
    // changes were someone's who is gone, and must not join the next account.
    if (!user && online && next) wishlistOutbox.clear();
    if (!user || !online || !next || sending.current) return;
    sending.current = true;
    const body = new URLSearchParams({ intent: next.intent, productId: String(next.productId) });
    fetch('/api/wishlist', { method: 'POST', body })
      .then((response) => {
        sending.current = false;
        // Sent, or refused for good (a product no longer sold, a session gone): it leaves the outbox, and
        // the next one goes. A server in trouble, a timeout or too many requests keep it for later.
        if (response.status < 500 && response.status !== 408 && response.status !== 429)
          wishlistOutbox.done(next);
      })
      .catch(() => {
        // The network lost it: it stays, and goes with the next connection.
        sending.current = false;
      });
  }, [user, online, changes]);
  return null;
}
