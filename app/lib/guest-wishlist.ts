import { useSyncExternalStore } from 'react';
import { createLocalStore } from './local-list';

/** A guest's wishlist: product ids in this browser's localStorage; it joins the account at sign-in. */
export const WISHLIST_STORAGE_KEY = 'freshcatch-wishlist';

function parseIds(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? [...new Set(parsed.filter((id): id is number => Number.isInteger(id) && id > 0))]
      : [];
  } catch {
    return [];
  }
}

const store = createLocalStore<number>(WISHLIST_STORAGE_KEY, parseIds);

export const guestWishlist = {
  add(id: number) {
    if (!store.snapshot().includes(id)) store.commit([id, ...store.snapshot()]);
  },
  remove(id: number) {
    store.commit(store.snapshot().filter((i) => i !== id));
  },
  clear() {
    store.commit([]);
  },
  ids: () => store.snapshot(),
};

export function useGuestWishlist(): number[] {
  return useSyncExternalStore(store.subscribe, store.snapshot, store.serverSnapshot);
}
