import { describe, expect, it } from 'vitest';
import {
  addCartItem,
  addedToCartMessage,
  applyEarlyAdds,
  cartLinesFromOrder,
  cartCount,
  cartQuantityOf,
  cartSubtotalKobo,
  cartWeightGrams,
  parseStoredCart,
  QUANTITY_CAPPED_MESSAGE,
  repairStoredCart,
  clampQuantity,
  removeCartItem,
  setCartQuantity,
  type CartItem,
} from '#core/cart/rules';

const catfish = {
  id: 1,
  name: 'Live Catfish',
  priceKobo: 480_000,
  currency: 'NGN',
  image: null,
  weightGrams: 1000,
};
const feed = {
  id: 2,
  name: 'Floating Fish Feed',
  priceKobo: 2_650_000,
  currency: 'NGN',
  image: null,
  weightGrams: 15_000,
};

describe('cart store rules (spec §4)', () => {
  it('appends a new id and raises the quantity of one already in the cart', () => {
    let items: CartItem[] = [];
    items = addCartItem(items, catfish, 1);
    items = addCartItem(items, feed, 2);
    items = addCartItem(items, catfish, 3);
    expect(items.map((i) => [i.id, i.quantity])).toEqual([
      [1, 4],
      [2, 2],
    ]);
  });

  it('never raises a line past 999, however it is added', () => {
    expect(addCartItem(addCartItem([], catfish, 998), catfish, 5)[0]!.quantity).toBe(999);
    expect(addCartItem([], feed, 5000)[0]!.quantity).toBe(999);
  });

  it('turns a past order into cart lines, leaving out products no longer sold (Buy Again)', () => {
    const lines = cartLinesFromOrder([
      {
        productId: 1,
        productName: 'Live Catfish',
        unitPriceKobo: 480_000,
        productImageUrl: null,
        productWeightGrams: 1000,
        quantity: 2,
      },
      {
        productId: null,
        productName: 'Discontinued Nets',
        unitPriceKobo: 100,
        productImageUrl: null,
        productWeightGrams: 1,
        quantity: 1,
      },
    ]);
    expect(lines).toEqual([{ item: catfish, quantity: 2 }]);
  });

  it('removes by id, sets a quantity without a lower bound, reports presence and quantity (0 if absent)', () => {
    const items = addCartItem(addCartItem([], catfish, 2), feed, 1);
    expect(removeCartItem(items, 1).map((i) => i.id)).toEqual([2]);
    expect(cartQuantityOf(setCartQuantity(items, 2, 0), 2)).toBe(0);
    expect(cartQuantityOf(items, 99)).toBe(0);
  });

  it('totals: count, subtotal in kobo and total weight = Σ weight × quantity', () => {
    const items = addCartItem(addCartItem([], catfish, 2), feed, 3);
    expect(cartCount(items)).toBe(5);
    expect(cartSubtotalKobo(items)).toBe(2 * 480_000 + 3 * 2_650_000);
    expect(cartWeightGrams(items)).toBe(2 * 1000 + 3 * 15_000);
  });

  it('an unparseable stored value gives an empty cart; malformed lines are dropped', () => {
    expect(parseStoredCart('{not json')).toEqual([]);
    expect(parseStoredCart('"a string"')).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
    const stored = JSON.stringify([
      { ...catfish, quantity: 2 },
      { id: 'x', name: 3 },
      { ...feed, id: -1, quantity: 1 },
    ]);
    expect(parseStoredCart(stored)).toEqual([{ ...catfish, quantity: 2 }]);
  });
});

describe('a stored cart that cannot be trusted is repaired', () => {
  it('clamps negative, fractional, huge and non-numeric quantities to 1–999 and says which', () => {
    const stored = JSON.stringify([
      { ...catfish, quantity: -3 },
      { ...feed, quantity: 2.7 },
      { ...catfish, id: 77, name: 'Huge', quantity: 1e12 },
      { ...catfish, id: 78, name: 'Words', quantity: 'lots' },
      { ...catfish, id: 79, name: 'Fine', quantity: 4 },
    ]);
    const { items, repaired } = repairStoredCart(stored);
    expect(items.map((i) => [i.name, i.quantity])).toEqual([
      [catfish.name, 1],
      [feed.name, 2],
      ['Huge', 999],
      ['Words', 1],
      ['Fine', 4],
    ]);
    expect(repaired).toEqual([catfish.name, feed.name, 'Huge', 'Words']);
    expect(cartWeightGrams(items)).toBeGreaterThan(0);
  });

  it('drops a line without a readable product, price or weight; a sound cart needs no repair', () => {
    const stored = JSON.stringify([
      { ...catfish, priceKobo: -5 },
      { ...feed, weightGrams: 'heavy' },
      { ...catfish, id: 80, name: 'Kept', quantity: 2 },
    ]);
    expect(repairStoredCart(stored)).toEqual({
      items: [{ ...catfish, id: 80, name: 'Kept', quantity: 2 }],
      repaired: [],
    });
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(1000)).toBe(999);
    expect(QUANTITY_CAPPED_MESSAGE).toBe('You can order at most 999 of one product.');
  });
});

describe('taps on Add to Cart before the page was live (decision 049)', () => {
  it('adds them in order by the live rule: a list adds again, a product page once', () => {
    const kept = [
      { item: catfish, quantity: 1, once: false },
      { item: catfish, quantity: 1, once: false },
      { item: feed, quantity: 2, once: true },
      { item: feed, quantity: 2, once: true },
    ];
    expect(applyEarlyAdds([], kept)).toEqual([
      { ...catfish, quantity: 2 },
      { ...feed, quantity: 2 },
    ]);
  });

  it('a product page adds nothing for a product already in the cart', () => {
    const cart = [{ ...feed, quantity: 3 }];
    expect(applyEarlyAdds(cart, [{ item: feed, quantity: 1, once: true }])).toEqual(cart);
  });

  it('reads what sat in the browser as untrusted, and leaves the cart alone when nothing was kept', () => {
    const cart = [{ ...catfish, quantity: 1 }];
    expect(applyEarlyAdds(cart, [])).toBe(cart);
    expect(applyEarlyAdds(cart, 'junk')).toBe(cart);
    expect(
      applyEarlyAdds(cart, [
        null,
        { item: { id: 'x', name: 'Nothing' }, quantity: 1 },
        { item: { ...feed, priceKobo: -5 }, quantity: 1 },
        { item: { ...feed, currency: undefined, image: 42 }, quantity: 5000, once: false },
      ]),
    ).toEqual([
      { ...catfish, quantity: 1 },
      { ...feed, currency: 'NGN', image: null, quantity: 999 },
    ]);
  });
});

describe('the toast that says a product went into the cart (spec §8)', () => {
  it('names the change on the detail page, and is shorter from lists and search', () => {
    expect(addedToCartMessage('Live Catfish', 'page', false)).toEqual({
      title: 'Live Catfish added to cart',
    });
    expect(addedToCartMessage('Live Catfish', 'detail', false)).toEqual({
      title: 'Added to cart',
      description: 'Live Catfish added to your cart',
    });
    expect(addedToCartMessage('Live Catfish', 'detail', true)).toEqual({
      title: 'Added to cart',
      description: 'Live Catfish quantity updated in your cart',
    });
  });
});
