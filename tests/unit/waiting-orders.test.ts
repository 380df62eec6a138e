import { describe, expect, it } from 'vitest';
import { WAITING_ORDER_MESSAGES, waitingOrdersForCart } from '#core/checkout/waiting-rules';

const order = (id: string, items: { productId: number; quantity: number }[]) => ({ id, items });

describe("the buyer's waiting orders at checkout (decision 055)", () => {
  const catfish2 = order('a', [{ productId: 1, quantity: 2 }]);
  const catfishAndFeed = order('b', [
    { productId: 1, quantity: 1 },
    { productId: 9, quantity: 1 },
  ]);

  it('the same items in any order are the cart’s own order, resumed', () => {
    expect(
      waitingOrdersForCart(
        [catfishAndFeed],
        [
          { productId: 9, quantity: 1 },
          { productId: 1, quantity: 1 },
        ],
      ),
    ).toEqual({
      cartsOrder: catfishAndFeed,
      otherOrder: null,
    });
  });

  it('another order holding one of the cart’s products is to pay for or cancel; one that holds none is not', () => {
    expect(waitingOrdersForCart([catfish2], [{ productId: 1, quantity: 3 }])).toEqual({
      cartsOrder: null,
      otherOrder: catfish2,
    });
    expect(waitingOrdersForCart([catfish2], [{ productId: 5, quantity: 1 }])).toEqual({
      cartsOrder: null,
      otherOrder: null,
    });
    expect(WAITING_ORDER_MESSAGES.other('4e50c250', '₦9,600')).toBe(
      'Order #4e50c250 (₦9,600) holds some of these items for you. Pay for it, or cancel it and start again with this cart.',
    );
  });
});
