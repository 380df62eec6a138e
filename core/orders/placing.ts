import { sql, type Placeholder } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { placeholderRow, preparedPerDb } from '../../db/prepared';
import { orderEvents, orderItems, orders } from '../../db/schema';

/**
 * Placing an order: the order (awaiting payment, pending), its lines and its 'placed' event, written
 * by one statement. With core/orders/lifecycle.ts, the only writer of an order's state: an order is
 * born here and changes there.
 */

type NewOrder = Omit<
  typeof orders.$inferInsert,
  | 'status'
  | 'paymentStatus'
  | 'cancelReason'
  | 'refundStatus'
  | 'refundedKobo'
  | 'refundingKobo'
  | 'createdAt'
  | 'updatedAt'
>;

/** Every column an order is placed with, by name: the values are the placeholders' (newOrder). */
const NEW_ORDER_COLUMNS = [
  'id',
  'userId',
  'paymentReference',
  'paymentProvider',
  'paymentAuthorizationUrl',
  'paymentAccessCode',
  'idempotencyKey',
  'idempotencyFingerprint',
  'subtotalKobo',
  'deliveryFeeKobo',
  'discountKobo',
  'totalKobo',
  'shippingName',
  'shippingPhone',
  'shippingAddress',
  'deliveryMethod',
  'deliveryLocation',
  'pickupLocation',
  'totalWeightGrams',
  'discountCodeId',
  'discountCode',
  'discountType',
  'discountUseHeld',
  'holds',
  'deliverySlotDayId',
  'deliverySlotStartsAt',
  'deliverySlotEndsAt',
] as const satisfies readonly (keyof NewOrder)[];

export type NewOrderRow = Required<Pick<NewOrder, (typeof NEW_ORDER_COLUMNS)[number]>>;

/** A new line, every column the placing statement writes given (null where the line has none). */
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'batchId'> & {
  batchId: number | null;
};

const NEW_ORDER_ITEM_COLUMNS = [
  'productId',
  'productName',
  'productImageUrl',
  'quantity',
  'unitPriceKobo',
  'totalPriceKobo',
  'productWeightGrams',
  'productTotalWeightGrams',
  'stockUnit',
  'stockQuantity',
  'batchId',
] as const satisfies readonly (keyof NewOrderItem)[];

const itemPlaceholder = (line: number, column: string) => `line${line}.${column}`;

/**
 * The order, its lines and its 'placed' event (core/orders/events.ts) written by one statement, one
 * round trip (decision 029). Built once per database for each number of lines a cart has (at most
 * QuoteSchema's 100); its values are `placingValues`.
 */
function placingStatementFor(lines: number) {
  return preparedPerDb((db) => {
    const orderId = sql.placeholder('id');
    const placedOrder = db.$with('placed_order').as(
      db.insert(orders).values({
        ...placeholderRow(NEW_ORDER_COLUMNS),
        // Untyped, so a null passes: the column's encoder would read null as a Date.
        deliverySlotStartsAt: sql`${sql.placeholder('deliverySlotStartsAt')}::timestamptz`,
        deliverySlotEndsAt: sql`${sql.placeholder('deliverySlotEndsAt')}::timestamptz`,
      }),
    );
    const placedItems = db.$with('placed_items').as(
      db.insert(orderItems).values(
        Array.from({ length: lines }, (_, line) => ({
          ...(Object.fromEntries(
            NEW_ORDER_ITEM_COLUMNS.map((column) => [column, sql.placeholder(itemPlaceholder(line, column))]),
          ) as Record<(typeof NEW_ORDER_ITEM_COLUMNS)[number], Placeholder>),
          orderId,
        })),
      ),
    );
    return db.with(placedOrder, placedItems).insert(orderEvents).values({ orderId, kind: 'placed' });
  });
}

const placingStatements = new Map<number, ReturnType<typeof placingStatementFor>>();

function placingStatement(tx: Tx, lines: number) {
  let statement = placingStatements.get(lines);
  if (statement === undefined) {
    statement = placingStatementFor(lines);
    placingStatements.set(lines, statement);
  }
  return statement(tx);
}

function placingValues(order: NewOrderRow, items: NewOrderItem[]): Record<string, unknown> {
  const values: Record<string, unknown> = {
    ...order,
    deliverySlotStartsAt: order.deliverySlotStartsAt?.toISOString() ?? null,
    deliverySlotEndsAt: order.deliverySlotEndsAt?.toISOString() ?? null,
  };
  items.forEach((item, line) => {
    for (const column of NEW_ORDER_ITEM_COLUMNS) values[itemPlaceholder(line, column)] = item[column];
  });
  return values;
}

/** Writes a new order, its lines and its 'placed' event, in the caller's transaction. */
export async function recordPlacedOrder(tx: Tx, order: NewOrderRow, items: NewOrderItem[]): Promise<void> {
  await placingStatement(tx, items.length).execute(placingValues(order, items));
}

/** An order from before the shop kept its history: paid and delivered, with no events (the demo's). */
export type PastOrder = Omit<typeof orders.$inferInsert, 'id' | 'status' | 'paymentStatus' | 'updatedAt'> & {
  createdAt: Date;
  paidAt: Date;
};

/**
 * Writes a past order and its lines, delivered and paid, in the caller's transaction: the demo
 * catalogue's buyers who reviewed what they bought (server/seed). Returns its id.
 */
export async function recordPastOrder(tx: Tx, order: PastOrder, items: NewOrderItem[]): Promise<string> {
  const [placed] = await tx
    .insert(orders)
    .values({ ...order, status: 'delivered', paymentStatus: 'success', updatedAt: order.createdAt })
    .returning({ id: orders.id });
  await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: placed!.id })));
  return placed!.id;
}
