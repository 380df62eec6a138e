import type { PriceTier } from '#core/catalog/price-tiers';
import { useSyncExternalStore } from 'react';
import { toast } from './toasts';
import {
  addCartItem,
  addedToCartMessage,
  applyEarlyAdds,
  cartCount,
  cartQuantityOf,
  cartSubtotalKobo,
  cartWeightGrams,
  MAX_LINE_QUANTITY,
  QUANTITY_CAPPED_MESSAGE,
  removeCartItem,
  repairStoredCart,
  setCartQuantity,
  setCartSource,
  type CartItem,
} from '#core/cart/rules';
import { createLocalStore } from './local-list';
import {
  CART_STORAGE_KEY,
  CART_TOAST_MS,
  EARLY_ADD_EVENT,
  EARLY_ADDS_KEY,
  takeEarlyAdds,
} from './early-taps';

export { CART_TOAST_MS };

/**
 * The stored cart as the page first reads it, repaired: a quantity edited or corrupted in storage is
 * brought back to 1–999 and the shopper is told once; the repaired cart is written back. Taps on Add to
 * Cart made before a page was live (this one, or one left before it was) are added now and stored at
 * once, so that what the shopper was told is in the cart stays there.
 */
function loadCart(raw: string | null): CartItem[] {
  const { items: stored, repaired } = repairStoredCart(raw);
  const items = applyEarlyAdds(stored, takeEarlyAdds());
  if (items !== stored) keep(items);
  if (repaired.length > 0) {
    // Read during a render: tell the shopper (and store the repair) once that render is done.
    setTimeout(() => {
      store.commit(store.snapshot());
      toast('Cart repaired', {
        description: `The quantity of ${repaired.join(', ')} was not one we can sell, so it was set between 1 and ${MAX_LINE_QUANTITY}. Please check your cart.`,
        duration: 6000,
      });
    }, 0);
  }
  return items;
}

function keep(items: CartItem[]) {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Private mode or a full disk: the cart still holds them for this page view.
  }
}

/** The cart as another tab stored it (no side effects: every tab's store reads it). */
const parseCart = (raw: string | null) => repairStoredCart(raw).items;

const store = createLocalStore<CartItem>(CART_STORAGE_KEY, parseCart, loadCart);

/** Taps the head script kept since the cart was read: on this page, or in another tab of this shop. */
function takeLaterTaps() {
  const items = store.snapshot();
  const next = applyEarlyAdds(items, takeEarlyAdds());
  if (next !== items) store.commit(next);
}
if (typeof window !== 'undefined') {
  window.addEventListener(EARLY_ADD_EVENT, takeLaterTaps);
  window.addEventListener('storage', (event) => {
    if (event.key === EARLY_ADDS_KEY && event.newValue !== null) takeLaterTaps();
  });
}

function tellIfCapped(requested: number) {
  if (requested > MAX_LINE_QUANTITY) toast(QUANTITY_CAPPED_MESSAGE, { duration: CART_TOAST_MS });
}

export type CartProduct = Omit<CartItem, 'quantity'>;

export const cart = {
  /**
   * From the detail page the store's own toast names the change; from lists, search and the wishlist
   * the page's shorter '{name} added to cart' is shown instead (spec §8).
   */
  add(item: CartProduct, quantity = 1, from: 'detail' | 'page' = 'detail') {
    const before = cartQuantityOf(store.snapshot(), item.id);
    const existed = before > 0;
    store.commit(addCartItem(store.snapshot(), item, quantity));
    tellIfCapped(before + quantity);
    const { title, description } = addedToCartMessage(item.name, from, existed);
    toast.success(title, { description, duration: CART_TOAST_MS });
  },
  /** Several lines at once ('Buy Again'), with one toast; one line is added as from the detail page. */
  addLines(lines: { item: CartProduct; quantity: number }[]) {
    if (lines.length === 0) return;
    if (lines.length === 1) return cart.add(lines[0]!.item, lines[0]!.quantity);
    store.commit(lines.reduce((items, l) => addCartItem(items, l.item, l.quantity), store.snapshot()));
    toast.success('Added to cart', {
      description: `${lines.length} products from your order added to your cart`,
      duration: CART_TOAST_MS,
    });
  },
  remove(id: number) {
    const item = store.snapshot().find((i) => i.id === id);
    store.commit(removeCartItem(store.snapshot(), id));
    if (item)
      toast('Removed from cart', {
        description: `${item.name} removed from your cart`,
        duration: CART_TOAST_MS,
      });
  },
  setQuantity(id: number, quantity: number) {
    tellIfCapped(quantity);
    store.commit(setCartQuantity(store.snapshot(), id, Math.min(quantity, MAX_LINE_QUANTITY)));
  },
  /** Where the line comes from, chosen on the product page: a farm, or the shop's own (no toast: the page shows it). */
  setSource(id: number, source: Parameters<typeof setCartSource>[2]) {
    store.commit(setCartSource(store.snapshot(), id, source));
  },
  /** Replaces the cart's contents without a toast (used when prices are refreshed from the server). */
  replace(next: CartItem[]) {
    store.commit(next);
  },
  clear(options: { silent?: boolean } = {}) {
    store.commit([]);
    if (!options.silent) {
      toast('Cart cleared', {
        description: 'All items have been removed from your cart',
        duration: CART_TOAST_MS,
      });
    }
  },
};

export function useCart() {
  const current = useSyncExternalStore(store.subscribe, store.snapshot, store.serverSnapshot);
  return {
    items: current,
    count: cartCount(current),
    subtotalKobo: cartSubtotalKobo(current),
    weightGrams: cartWeightGrams(current),
    has: (id: number) => cartQuantityOf(current, id) > 0,
    quantityOf: (id: number) => cartQuantityOf(current, id),
  };
}

/** What a product page knows about a product, as a cart line. */
export function toCartProduct(product: {
  id: number;
  name: string;
  priceKobo: number;
  currency?: string;
  imageUrl: string | null;
  weightGrams: number;
  priceTiers?: PriceTier[];
  /** The farm chosen on the product page (its batch), at its price. */
  batchId?: number;
  farm?: string;
}): CartProduct {
  return {
    id: product.id,
    name: product.name,
    priceKobo: product.priceKobo,
    currency: product.currency ?? 'NGN',
    image: product.imageUrl,
    weightGrams: product.weightGrams,
    ...(product.priceTiers?.length ? { priceTiers: product.priceTiers } : {}),
    ...(product.batchId === undefined ? {} : { batchId: product.batchId, farm: product.farm }),
  };
}
