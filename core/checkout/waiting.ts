import { and, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { deliverySlotDays, orderItems, orders } from '../../db/schema';
import type { DeliveryMethod } from '../delivery/methods';
import { PENDING_ORDER_LIFETIME_MS, payableUntil } from '../orders/payment-state';
import type { PaymentProvider } from '../payments/provider';
import { getProductsByIds } from '../catalog/service';
import type { CheckoutChoices } from './choices';

/**
 * A buyer's orders waiting for payment (issue 48): what checkout resumes instead of placing a second
 * order for the same cart, and whose held stock is the buyer's own, never "sold out" to them. An order
 * waits while it is unpaid, within its 30 minutes, with the current provider's payment page.
 */

export interface WaitingOrder {
  orderId: string;
  reference: string;
  totalKobo: number;
  /** Until when it can be paid (ISO). */
  payableUntil: string;
  authorizationUrl: string;
  accessCode: string | null;
  fingerprint: string | null;
  holds: 'none' | 'held' | 'kept' | 'released';
  items: { productId: number | null; quantity: number; stockQuantity: number }[];
  /** What was chosen at checkout for it, so a return to checkout shows the same. */
  choices: CheckoutChoices & { deliverySlot: string };
}

export async function waitingOrdersOf(
  db: Db | Tx,
  userId: string,
  provider: PaymentProvider['name'],
  now: Date,
): Promise<WaitingOrder[]> {
  const rows = await db
    .select({
      order: {
        id: orders.id,
        reference: orders.paymentReference,
        totalKobo: orders.totalKobo,
        createdAt: orders.createdAt,
        authorizationUrl: orders.paymentAuthorizationUrl,
        accessCode: orders.paymentAccessCode,
        fingerprint: orders.idempotencyFingerprint,
        holds: orders.holds,
        deliveryMethod: orders.deliveryMethod,
        deliveryLocation: orders.deliveryLocation,
        pickupLocation: orders.pickupLocation,
        discountCode: orders.discountCode,
      },
      slotId: deliverySlotDays.slotId,
      slotDay: deliverySlotDays.day,
    })
    .from(orders)
    .leftJoin(deliverySlotDays, eq(deliverySlotDays.id, orders.deliverySlotDayId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentStatus, 'pending'),
        eq(orders.paymentProvider, provider),
        isNotNull(orders.paymentAuthorizationUrl),
        gt(orders.createdAt, new Date(now.getTime() - PENDING_ORDER_LIFETIME_MS)),
      ),
    )
    .orderBy(desc(orders.createdAt));
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      stockQuantity: orderItems.stockQuantity,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.order.id),
      ),
    );
  return rows.map(({ order, slotId, slotDay }) => ({
    orderId: order.id,
    reference: order.reference,
    totalKobo: order.totalKobo,
    payableUntil: payableUntil(order).toISOString(),
    authorizationUrl: order.authorizationUrl!,
    accessCode: order.accessCode,
    fingerprint: order.fingerprint,
    holds: order.holds,
    items: lines
      .filter((l) => l.orderId === order.id)
      .map(({ productId, quantity, stockQuantity }) => ({ productId, quantity, stockQuantity })),
    choices: {
      deliveryMethod: order.deliveryMethod as DeliveryMethod,
      deliveryLocation: order.deliveryLocation,
      pickupLocation: order.pickupLocation ?? '',
      discountCode: order.discountCode ?? '',
      deliverySlot: slotId !== null && slotDay !== null ? `${slotId}:${slotDay}` : '',
    },
  }));
}

/** The stock these orders hold, by product (in each product's stock unit): the buyer's own to order. */
export function heldBy(waiting: readonly WaitingOrder[]): Map<number, number> {
  const held = new Map<number, number>();
  for (const order of waiting) {
    if (order.holds !== 'held') continue;
    for (const line of order.items)
      if (line.productId !== null)
        held.set(line.productId, (held.get(line.productId) ?? 0) + line.stockQuantity);
  }
  return held;
}

/** What checkout shows of a waiting order (no fingerprint, no stock figures). */
export function waitingOrderView(order: WaitingOrder) {
  return {
    orderId: order.orderId,
    reference: order.reference,
    totalKobo: order.totalKobo,
    payableUntil: order.payableUntil,
    authorizationUrl: order.authorizationUrl,
    items: order.items.map(({ productId, quantity }) => ({ productId, quantity })),
    choices: order.choices,
  };
}
export type WaitingOrderView = ReturnType<typeof waitingOrderView>;

/**
 * The cart's products as a buyer may order them: what their own waiting orders hold is theirs, so a
 * buyer back from the payment page is never told their own fish is sold out (guests: as they are).
 */
export async function productsForBuyer(
  db: Db,
  ids: number[],
  buyer: { userId: string; provider: PaymentProvider['name']; now: Date } | null,
) {
  const [current, waiting] = await Promise.all([
    getProductsByIds(db, ids),
    buyer ? waitingOrdersOf(db, buyer.userId, buyer.provider, buyer.now) : Promise.resolve([]),
  ]);
  const own = heldBy(waiting);
  return current.map((product) => {
    const held = product.stockUnit === null ? 0 : (own.get(product.id) ?? 0);
    if (held === 0) return product;
    return { ...product, inStock: true, stockAvailable: product.stockAvailable + held };
  });
}
