import { useEffect, useMemo, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { changesStillTrue, reconcileCart, type CartChange, type CurrentProduct } from '#core/cart/rules';
import type { ProductCategory } from '#core/catalog/categories';
import { itemsAvailable } from '#core/stock/rules';
import { cart, useCart } from './cart';
import { useOnline } from './offline';

/**
 * Re-reads the cart's products from the server once per visit and applies today's prices, names and
 * weights; reports what changed (a price, a product gone, out of stock, or fewer left than asked for).
 * Offline, the cart keeps the prices it has and asks once the connection is back (a fetch sent offline
 * would fail into the page's error screen).
 */
export function useFreshPrices() {
  const { items } = useCart();
  const fetcher = useFetcher<{ products: (CurrentProduct & { category?: ProductCategory })[] }>();
  const [changes, setChanges] = useState<CartChange[]>([]);
  const requested = useRef(false);
  const applied = useRef<unknown>(null);
  const ids = items.map((i) => i.id).join(',');
  const online = useOnline();

  useEffect(() => {
    if (requested.current || !ids || !online) return;
    requested.current = true;
    fetcher.load(`/api/products?ids=${ids}`);
  }, [ids, online, fetcher]);

  useEffect(() => {
    if (!fetcher.data || applied.current === fetcher.data) return;
    applied.current = fetcher.data;
    const result = reconcileCart(items, fetcher.data.products);
    setChanges(result.changes);
    cart.replace(result.items);
  }, [fetcher.data, items]);

  // A line the shopper removed, or lowered to what is left, no longer needs its notice.
  const visible = useMemo(() => changesStillTrue(changes, items), [changes, items]);
  // How many of each counted product can still be bought, so a stepper stops there.
  const itemsLeft = useMemo(
    () => new Map((fetcher.data?.products ?? []).map((p) => [p.id, itemsAvailable(p)])),
    [fetcher.data],
  );
  // What the cart's products are (fresh, shellfish…): the delivery slots they may go in.
  const categories = useMemo(
    () => (fetcher.data?.products ?? []).flatMap((p) => (p.category ? [p.category] : [])),
    [fetcher.data],
  );
  return {
    changes: visible,
    itemsLeft,
    categories,
    checking: fetcher.state === 'loading' || (online && ids !== '' && !fetcher.data),
    /** Offline before today's prices could be read: the cart's own are shown. */
    offline: !online && !fetcher.data,
  };
}
