import { useEffect, useMemo, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { reconcileCart, type CartChange, type CurrentProduct } from '#core/cart/rules';
import type { ProductCategory } from '#core/catalog/categories';
import { cart, useCart } from './cart';

/**
 * Re-reads the cart's products from the server once per visit and applies today's prices, names and
 * weights; reports what changed (a price, a product gone or out of stock).
 */
export function useFreshPrices() {
  const { items } = useCart();
  const fetcher = useFetcher<{ products: (CurrentProduct & { category?: ProductCategory })[] }>();
  const [changes, setChanges] = useState<CartChange[]>([]);
  const requested = useRef(false);
  const applied = useRef<unknown>(null);
  const ids = items.map((i) => i.id).join(',');

  useEffect(() => {
    if (requested.current || !ids) return;
    requested.current = true;
    fetcher.load(`/api/products?ids=${ids}`);
  }, [ids, fetcher]);

  useEffect(() => {
    if (!fetcher.data || applied.current === fetcher.data) return;
    applied.current = fetcher.data;
    const result = reconcileCart(items, fetcher.data.products);
    setChanges(result.changes);
    cart.replace(result.items);
  }, [fetcher.data, items]);

  // A line the shopper removed no longer needs its notice.
  const visible = useMemo(() => changes.filter((c) => items.some((i) => i.id === c.id)), [changes, items]);
  // What the cart's products are (fresh, shellfish…): the delivery slots they may go in.
  const categories = useMemo(
    () => (fetcher.data?.products ?? []).flatMap((p) => (p.category ? [p.category] : [])),
    [fetcher.data],
  );
  return {
    changes: visible,
    categories,
    checking: fetcher.state === 'loading' || (ids !== '' && !fetcher.data),
  };
}
