import { and, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { deliverySlotDays, orderItems, orders } from '../../db/schema';
import type { DeliveryMethod } from '../delivery/methods';
import { PENDING_ORDER_LIFETIME_MS, payableUntil } from '../orders/payment-state';
import type { PaymentProvider } from '../payments/provider';
import { getProductsByIds } from '../catalog/service';
import { farmSourcesOf, ownAvailable, ownSinceOf } from '../sellers/sources';
import type { FarmSource, ProductSources } from '../sellers/source-rules';
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
  items: { productId: number | null; quantity: number; stockQuantity: number; batchId: number | null }[];
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
      batchId: orderItems.batchId,
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
      .map(({ productId, quantity, stockQuantity, batchId }) => ({
        productId,
        quantity,
        stockQuantity,
        batchId,
      })),
    choices: {
      deliveryMethod: order.deliveryMethod as DeliveryMethod,
      deliveryLocation: order.deliveryLocation,
      pickupLocation: order.pickupLocation ?? '',
      discountCode: order.discountCode ?? '',
      deliverySlot: slotId !== null && slotDay !== null ? `${slotId}:${slotDay}` : '',
    },
  }));
}

/** Stock a buyer's waiting orders hold, in each product's stock unit: the buyer's own to order. */
export interface OwnHolds {
  /** All they hold of each product. */
  byProduct: Map<number, number>;
  /** What lines that named a farm's batch hold of it. */
  byBatch: Map<number, number>;
}

/** A buyer with no waiting order holds nothing. */
export const NO_HOLDS: OwnHolds = { byProduct: new Map(), byBatch: new Map() };

/**
 * What a buyer may take from each of a product's sources (issue 51 §3): each farm's free stock with what
 * the buyer's own waiting orders hold of it given back, and the shop's own — the product's free stock
 * (`productFree`, their holds given back) less the farms'. The cart's fresh prices and the checkout's
 * check read the same.
 */
export function sourcesForBuyer(
  productFree: number,
  farmsOf: readonly FarmSource[],
  own: OwnHolds,
): { farms: FarmSource[]; ownAvailable: number } {
  const farms = farmsOf.map((f) => ({ ...f, available: f.available + (own.byBatch.get(f.batchId) ?? 0) }));
  return { farms, ownAvailable: ownAvailable(productFree, farms) };
}

/** The stock these orders hold (see OwnHolds). */
export function heldBy(waiting: readonly WaitingOrder[]): OwnHolds {
  const holds: OwnHolds = { byProduct: new Map(), byBatch: new Map() };
  const add = (map: Map<number, number>, key: number, amount: number) =>
    map.set(key, (map.get(key) ?? 0) + amount);
  for (const order of waiting) {
    if (order.holds !== 'held') continue;
    for (const line of order.items) {
      if (line.productId === null) continue;
      add(holds.byProduct, line.productId, line.stockQuantity);
      if (line.batchId !== null) add(holds.byBatch, line.batchId, line.stockQuantity);
    }
  }
  return holds;
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
  const counted = current.filter((p) => p.stockUnit !== null);
  const farmsBy = await farmSourcesOf(
    db,
    counted.map((p) => p.id),
  );
  return Promise.all(
    current.map(async (found) => {
      const held = found.stockUnit === null ? 0 : (own.byProduct.get(found.id) ?? 0);
      const product =
        held === 0 ? found : { ...found, inStock: true, stockAvailable: found.stockAvailable + held };
      const farmsOf = farmsBy.get(found.id);
      if (!farmsOf) return product;
      // Its farms (issue 51 §3): the cart prices and checks a line that names one by it, and picks one for
      // a line that names none.
      const sources: ProductSources = {
        ...sourcesForBuyer(product.stockAvailable, farmsOf, own),
        ownSince: await ownSinceOf(db, found.id),
      };
      return { ...product, sources };
    }),
  );
}
