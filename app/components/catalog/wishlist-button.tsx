import { clsx } from 'clsx';
import { Heart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { toast } from '~/lib/toasts';
import { Button } from '~/components/ui/button';
import type { ActionResult } from '~/lib/action-result';
import { CART_TOAST_MS } from '~/lib/cart';
import { guestWishlist, useGuestWishlist } from '~/lib/guest-wishlist';
import { useSessionUser } from '~/lib/session-user';
import { settledData, useActionResult } from '~/lib/use-action-result';
import { useHydrated } from '~/lib/use-hydrated';
import { isOnline } from '~/lib/offline';
import { wishlistOutbox } from '~/lib/wishlist-outbox';

/** Said of a wishlist change made offline. */
const WHEN_CONNECTED = 'your account gets it when you are connected';

/**
 * Add to / Remove from Wishlist. Signed-in shoppers change their list on the server; guests keep it in
 * this browser until they sign in (spec §4).
 */
export function WishlistButton({
  product,
  inServerWishlist,
  compact = false,
}: {
  product: { id: number; name: string };
  /** Whether the signed-in shopper's list holds it; undefined while that is being read (the button waits). */
  inServerWishlist: boolean | undefined;
  compact?: boolean;
}) {
  const user = useSessionUser();
  const hydrated = useHydrated();
  const guestIds = useGuestWishlist();
  const fetcher = useFetcher<ActionResult>();
  const [serverState, setServerState] = useState(inServerWishlist ?? false);
  useEffect(() => {
    if (inServerWishlist !== undefined) setServerState(inServerWishlist);
  }, [inServerWishlist]);
  const known = !user || inServerWishlist !== undefined;

  const pendingIntent = fetcher.formData?.get('intent');
  const inWishlist = user
    ? pendingIntent
      ? pendingIntent === 'add'
      : serverState
    : hydrated && guestIds.includes(product.id);

  useActionResult(settledData(fetcher), {
    failureToast: () => ({
      title: 'Error',
      description: serverState ? 'Could not remove from wishlist' : 'Could not add to wishlist',
      duration: CART_TOAST_MS,
    }),
  });

  function toggle() {
    const adding = !inWishlist;
    const offline = user !== null && !isOnline();
    if (offline) {
      // Kept on the phone and sent when the connection is back (WishlistOutbox).
      wishlistOutbox.put({ intent: adding ? 'add' : 'remove', productId: product.id });
      setServerState(adding);
    } else if (user) {
      wishlistOutbox.drop(product.id);
      fetcher.submit(
        { intent: adding ? 'add' : 'remove', productId: String(product.id) },
        { method: 'post', action: '/api/wishlist' },
      );
      setServerState(adding);
    } else if (adding) {
      guestWishlist.add(product.id);
    } else {
      guestWishlist.remove(product.id);
    }
    const later = offline ? ` — ${WHEN_CONNECTED}` : '';
    if (adding)
      toast.success('Added to wishlist', {
        description: `${product.name} added to your wishlist${later}`,
        duration: CART_TOAST_MS,
      });
    else
      toast('Removed from wishlist', {
        description: `${product.name} removed from your wishlist${later}`,
        duration: CART_TOAST_MS,
      });
  }

  const label = inWishlist ? 'Remove from Wishlist' : 'Add to Wishlist';
  return (
    <Button
      variant="outline"
      size={compact ? 'icon' : 'default'}
      onClick={toggle}
      disabled={!hydrated || !known}
      aria-pressed={inWishlist}
      aria-label={compact ? `${label}: ${product.name}` : undefined}
    >
      <Heart aria-hidden="true" className={clsx('h-4 w-4', inWishlist && 'fill-red-500 text-red-500')} />
      {compact ? null : label}
    </Button>
  );
}
