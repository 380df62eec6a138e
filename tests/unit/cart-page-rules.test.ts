import { describe, expect, it } from 'vitest';
import {
  blockingChanges,
  changesStillTrue,
  nextQuantity,
  reconcileCart,
  type CartItem,
} from '#core/cart/rules';

describe('detail quantity field (spec §4)', () => {
  it('an empty field resets to 1', () => expect(nextQuantity(4, '')).toBe(1));
  it('invalid or zero input is ignored', () => {
    expect(nextQuantity(4, '0')).toBe(4);
    expect(nextQuantity(4, '-2')).toBe(4);
    expect(nextQuantity(4, '2.5')).toBe(4);
    expect(nextQuantity(4, 'abc')).toBe(4);
  });
  it('takes a positive whole number, at most 999', () => {
    expect(nextQuantity(1, '12')).toBe(12);
    expect(nextQuantity(1, '100000')).toBe(999);
  });
});

describe('the cart re-reads prices from the server', () => {
  const line = (id: number, priceKobo: number): CartItem => ({
    id,
    name: `Product ${id}`,
    priceKobo,
    currency: 'NGN',
    image: null,
    quantity: 2,
    weightGrams: 1000,
  });
  const product = (id: number, priceKobo: number, inStock = true) => ({
    id,
    name: `Product ${id} (renamed)`,
    priceKobo,
    imageUrl: `/images/${id}.webp`,
    weightGrams: 1500,
    inStock,
    stockUnit: null,
    stockAvailable: 0,
  });

  it('applies today’s price and reports the change', () => {
    const { items, changes } = reconcileCart(
      [line(1, 480_000), line(2, 100_000)],
      [product(1, 520_000), product(2, 100_000)],
    );
    expect(items.map((i) => [i.priceKobo, i.weightGrams, i.quantity])).toEqual([
      [520_000, 1500, 2],
      [100_000, 1500, 2],
    ]);
    expect(changes).toEqual([
      { id: 1, name: 'Product 1 (renamed)', kind: 'price', oldPriceKobo: 480_000, newPriceKobo: 520_000 },
    ]);
    expect(blockingChanges(changes)).toEqual([]);
  });

  it('reports a deleted or out-of-stock product and keeps the line, which blocks checkout', () => {
    const { items, changes } = reconcileCart([line(1, 1), line(2, 2)], [product(2, 2, false)]);
    expect(items).toHaveLength(2);
    expect(changes.map((c) => c.kind)).toEqual(['unavailable', 'out-of-stock']);
    expect(blockingChanges(changes)).toHaveLength(2);
  });

  it('reports a line asking for more than is left, until it is lowered to what is left', () => {
    // Two of 1.5 kg asked; 2.5 kg left, so one may be ordered.
    const counted = { ...product(1, 1), stockUnit: 'kg' as const, stockAvailable: 2500 };
    const { changes } = reconcileCart([line(1, 1)], [counted]);
    expect(changes).toEqual([
      {
        id: 1,
        name: 'Product 1 (renamed)',
        kind: 'short',
        itemsLeft: 1,
        message: 'Only 2.5 kg of Product 1 (renamed) left: you can order at most 1.',
      },
    ]);
    expect(blockingChanges(changes)).toHaveLength(1);
    expect(changesStillTrue(changes, [line(1, 1)])).toHaveLength(1);
    expect(changesStillTrue(changes, [{ ...line(1, 1), quantity: 1 }])).toEqual([]);
  });
});
