import { useSyncExternalStore } from 'react';
import { createLocalStore } from './local-list';

/**
 * A signed-in shopper's wishlist changes made offline (decision 048): kept in this browser, the latest
 * change per product only, and sent to their account once there is a connection (WishlistOutbox in
 * the root). Adding and removing are each the same however often they are sent.
 */
export const WISHLIST_OUTBOX_KEY = 'freshcatch-wishlist-outbox';

export interface WishlistChange {
  intent: 'add' | 'remove';
  productId: number;
}

export function parseWishlistChanges(raw: string | null): WishlistChange[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (change): change is WishlistChange =>
        (change?.intent === 'add' || change?.intent === 'remove') &&
        Number.isInteger(change?.productId) &&
        change.productId > 0,
    );
  } catch {
    return [];
  }
}

const store = createLocalStore<WishlistChange>(WISHLIST_OUTBOX_KEY, parseWishlistChanges);

export const wishlistOutbox = {
  /** Keeps a change; it replaces any earlier one for the same product. */
  put(change: WishlistChange) {
    store.commit([...store.snapshot().filter((c) => c.productId !== change.productId), change]);
  },
  /** Drops a change once the account has it (unless a newer one for the product came meanwhile). */
  done(change: WishlistChange) {
    store.commit(store.snapshot().filter((c) => c !== change && !sameChange(c, change)));
  },
  /** A change made online supersedes any kept for the product (sent later, it would undo it). */
  drop(productId: number) {
    if (store.snapshot().some((c) => c.productId === productId))
      store.commit(store.snapshot().filter((c) => c.productId !== productId));
  },
  clear() {
    if (store.snapshot().length > 0) store.commit([]);
  },
  changes: () => store.snapshot(),
};

const sameChange = (a: WishlistChange, b: WishlistChange) =>
  a.productId === b.productId && a.intent === b.intent;

export function useWishlistOutbox(): WishlistChange[] {
  return useSyncExternalStore(store.subscribe, store.snapshot, store.serverSnapshot);
}
