import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  changesStillTrue,
  lineItemsLeft,
  reconcileCart,
  type CartChange,
  type CurrentProduct,
} from '#core/cart/rules';
import type { ProductCategory } from '#core/catalog/categories';
import { orderShelfLife } from '#core/delivery/shelf-life';
import { cart, useCart } from './cart';
import { useOnline } from './offline';
import { TRY_AGAIN, withRetries } from './retries';

type FreshAnswer = {
  products: (CurrentProduct & { category?: ProductCategory; shelfLifeDays?: number | null })[];
};

/** Waits before each try of today's prices: at once, then after 1 s and 3 s. */
const FRESH_PRICE_TRIES_MS = [0, 1000, 3000];

/**
 * Re-reads the cart's products from the server once per visit and applies today's prices, names and
 * weights; reports what changed (a price, a product gone, out of stock, or fewer left than asked for).
 * Offline, the cart keeps the prices it has and asks once the connection is back (a fetch sent offline
 * would fail into the page's error screen).
 */
export function useFreshPrices() {
  const { items } = useCart();
  const [answer, setAnswer] = useState<FreshAnswer | null>(null);
  const [changes, setChanges] = useState<CartChange[]>([]);
  /** Lost three times while online: the cart's own prices stand (the server prices the order anyway). */
  const [gaveUp, setGaveUp] = useState(false);
  const requested = useRef(false);
  /** Asked again (recheck): the cart's products read anew, whatever was read before. */
  const [round, setRound] = useState(0);
  const applied = useRef<unknown>(null);
  const ids = items.map((i) => i.id).join(',');
  const online = useOnline();

  useEffect(() => {
    if (requested.current || !ids || !online) return;
    requested.current = true;
    // A plain request, tried three times: one a weak network loses (or the connection dropping while it
    // is under way) leaves the cart's own prices on screen, never the page's error screen.
    void withRetries<FreshAnswer | undefined>(FRESH_PRICE_TRIES_MS, async () => {
      try {
        const response = await fetch(`/api/products?ids=${ids}`);
        if (response.status >= 500) return TRY_AGAIN;
        return response.ok ? ((await response.json()) as FreshAnswer) : { products: [] };
      } catch {
        return navigator.onLine ? TRY_AGAIN : undefined;
      }
    }).then((fresh) => {
      if (fresh) return setAnswer(fresh);
      // Not read (offline, or lost three times): asked again when the connection comes back.
      requested.current = false;
      if (navigator.onLine) setGaveUp(true);
    });
  }, [ids, online, round]);

  useEffect(() => {
    if (!answer || applied.current === answer) return;
    applied.current = answer;
    const result = reconcileCart(items, answer.products);
    setChanges(result.changes);
    cart.replace(result.items);
  }, [answer, items]);

  // A line the shopper removed, or lowered to what is left, no longer needs its notice.
  const visible = useMemo(() => changesStillTrue(changes, items), [changes, items]);
  // How many of each counted product the line's source (the shop's own, or its farm) can still give,
  // so a stepper stops there.
  const itemsLeft = useMemo(() => {
    const byId = new Map((answer?.products ?? []).map((p) => [p.id, p]));
    return new Map(
      items.flatMap((item) => {
        const product = byId.get(item.id);
        return product ? [[item.id, lineItemsLeft(item, product)] as const] : [];
      }),
    );
  }, [answer, items]);
  // How long the cart's goods keep (fresh fish a day): the delivery methods and slots they may go by.
  const shelfLife = useMemo(
    () =>
      orderShelfLife(
        (answer?.products ?? []).flatMap((p) =>
          p.category ? [{ category: p.category, shelfLifeDays: p.shelfLifeDays ?? null }] : [],
        ),
      ),
    [answer],
  );
  /** Reads the cart's products again: the server said one has less stock than the page thought. */
  const recheck = useCallback(() => {
    requested.current = false;
    setRound((n) => n + 1);
  }, []);
  return {
    recheck,
    changes: visible,
    itemsLeft,
    shelfLife,
    checking: online && ids !== '' && !answer && !gaveUp,
    /** Offline before today's prices could be read: the cart's own are shown. */
    offline: !online && !answer,
  };
}
