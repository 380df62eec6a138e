import { sameItems } from '../cart/rules';

/**
 * What checkout does with the buyer's orders waiting for payment (issue 48, decision 055), as plain
 * rules (browser-safe; core/checkout/waiting.ts reads the orders): the cart's own order is resumed by
 * Pay; another that holds some of the cart's products is the buyer's to pay for or cancel first.
 */

/** What checkout says of the buyer's orders waiting for payment (issue 48). */
export const WAITING_ORDER_MESSAGES = {
  resumeTitle: 'Your order is waiting for payment',
  resume: (order: string) =>
    `Order #${order} holds this cart for you. Pay goes on with it: the same order, never a second one.`,
  otherTitle: 'You have an order waiting for payment',
  other: (order: string, total: string) =>
    `Order #${order} (${total}) holds some of these items for you. Pay for it, or cancel it and start again with this cart.`,
  payWaiting: 'Pay for your waiting order',
  cancelWaiting: 'Cancel it and start again',
  payBlocked: 'Pay for your waiting order or cancel it first.',
} as const;

type Lines = readonly { productId: number | null; quantity: number }[];

/** The cart's own waiting order (the same items), or else another that holds some of its products. */
export function waitingOrdersForCart<W extends { items: Lines }>(
  waiting: readonly W[],
  cart: Lines,
): { cartsOrder: W | null; otherOrder: W | null } {
  const cartsOrder = waiting.find((w) => sameItems(w.items, cart)) ?? null;
  if (cartsOrder) return { cartsOrder, otherOrder: null };
  const otherOrder =
    waiting.find((w) => w.items.some((i) => cart.some((l) => l.productId === i.productId))) ?? null;
  return { cartsOrder: null, otherOrder };
}
