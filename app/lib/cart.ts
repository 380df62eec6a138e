import { useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import {
  addCartItem,
  cartCount,
  cartQuantityOf,
  cartSubtotalKobo,
  cartWeightGrams,
  parseStoredCart,
  removeCartItem,
  setCartQuantity,
  type CartItem,
} from '#core/cart/rules';

/** The cart lives in this browser's localStorage under a key of our own (spec §3). */
export const CART_STORAGE_KEY = 'freshcatch-cart';
export const CART_TOAST_MS = 3000;

const EMPTY: CartItem[] = [];
let items: CartItem[] | null = null;
const listeners = new Set<() => void>();

function snapshot(): CartItem[] {
  if (items === null)
    items = typeof window === 'undefined' ? EMPTY : parseStoredCart(localStorage.getItem(CART_STORAGE_KEY));
  return items;
}

function commit(next: CartItem[]) {
  items = next;
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full disk: the cart still works for this page view.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CART_STORAGE_KEY) return;
    items = parseStoredCart(event.newValue);
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const cart = {
  add(item: Omit<CartItem, 'quantity'>, quantity = 1) {
    const existed = cartQuantityOf(snapshot(), item.id) > 0;
    commit(addCartItem(snapshot(), item, quantity));
    toast.success('Added to cart', {
      description: existed ? `${item.name} quantity updated in your cart` : `${item.name} added to your cart`,
      duration: CART_TOAST_MS,
    });
  },
  remove(id: number) {
    const item = snapshot().find((i) => i.id === id);
    commit(removeCartItem(snapshot(), id));
    if (item)
      toast('Removed from cart', {
        description: `${item.name} removed from your cart`,
        duration: CART_TOAST_MS,
      });
  },
  setQuantity(id: number, quantity: number) {
    commit(setCartQuantity(snapshot(), id, quantity));
  },
  /** Replaces the cart's contents without a toast (used when prices are refreshed from the server). */
  replace(next: CartItem[]) {
    commit(next);
  },
  clear(options: { silent?: boolean } = {}) {
    commit([]);
    if (!options.silent) {
      toast('Cart cleared', {
        description: 'All items have been removed from your cart',
        duration: CART_TOAST_MS,
      });
    }
  },
};

export function useCart() {
  const current = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  return {
    items: current,
    count: cartCount(current),
    subtotalKobo: cartSubtotalKobo(current),
    weightGrams: cartWeightGrams(current),
    has: (id: number) => cartQuantityOf(current, id) > 0,
    quantityOf: (id: number) => cartQuantityOf(current, id),
  };
}
