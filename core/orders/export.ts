import { stringify } from 'csv-stringify/sync';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders, user } from '../../db/schema';
import { slotDateLabel } from '../delivery/slots';
import type { AdminActor } from '../roles';
import { DELIVERY_METHOD_LABELS } from '../delivery/methods';
import { neutraliseFormula } from '../csv';
import { nairaFigure } from '../money';
import { listConditions } from './management';
import { orderStateLine, orderStatusLabel, PAYMENT_STATUS_LABELS, refundStatusLabel } from './words';
import type { OrderListQuery } from './schemas';
import { displayPhone } from '../phone-display';

/** Orders read per query while exporting: memory stays flat however many orders match. */
const BATCH = 500;

const ORDER_EXPORT_COLUMNS = [
  'Order ID',
  'Date (Lagos)',
  'Customer',
  'E-mail',
  'Phone',
  'Address',
  'Delivery method',
  'Location',
  'Pickup point',
  'Delivery slot',
  'Items',
  'Subtotal (NGN)',
  'Delivery fee (NGN)',
  'Discount (NGN)',
  'Discount code',
  'Total (NGN)',
  'Payment',
  'Payment reference',
  'Status',
  'Refunded (NGN)',
  'Refund status',
  'State',
] as const;

/**
 * The export of every order the list's filters match (all pages), newest first, as CSV text: the
 * header (with a byte-order mark, so spreadsheets read the naira and names as UTF-8), then one piece
 * per batch of orders, quoted by csv-stringify. One piece per batch, not per row, so a compressor
 * sends ~100 KB at a time rather than flushing after every order.
 */
export async function* orderExportCsv(
  db: Db,
  admin: AdminActor,
  query: OrderListQuery,
  batch = BATCH,
): AsyncGenerator<string> {
  yield stringify([], { header: true, columns: [...ORDER_EXPORT_COLUMNS], bom: true });
  for await (const rows of orderExportBatches(db, admin, query, batch))
    yield stringify(rows, { cast: { string: neutraliseFormula } });
}

/**
 * The export's rows, a batch at a time: read with a keyset (created_at, id), so an export of 100,000
 * orders never holds more than one batch.
 */
async function* orderExportBatches(
  db: Db,
  _admin: AdminActor,
  query: OrderListQuery,
  batch = BATCH,
): AsyncGenerator<string[][]> {
  const filters = listConditions(query);
  // The cursor keeps created_at as PostgreSQL wrote it (microseconds): a JS Date would round it.
  let after: { createdAt: string; id: string } | null = null;
  const now = new Date();
  for (;;) {
    const cursor = after
      ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows: ExportRow[] = await db
      .select({
        order: orders,
        createdAtExact: sql<string>`${orders.createdAt}::text`,
        email: user.email,
        // "2 × Live Catfish (Table Size), 1 × Smoked Catfish", as the order's details list them.
        items: sql<string>`(select coalesce(string_agg(${orderItems.quantity} || ' × ' || ${orderItems.productName}, ', ' order by ${orderItems.id}), '') from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      })
      .from(orders)
      .leftJoin(user, eq(user.id, orders.userId))
      .where(and(filters, cursor))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batch);
    if (rows.length > 0)
      yield rows.map(({ order, email, items }) => [
        order.id,
        lagosTime(new Date(order.createdAt)),
        order.shippingName,
        email ?? '',
        displayPhone(order.shippingPhone),
        order.shippingAddress,
        DELIVERY_METHOD_LABELS[order.deliveryMethod],
        order.deliveryLocation,
        order.pickupLocation ?? '',
        order.deliverySlotStartsAt && order.deliverySlotEndsAt
          ? slotDateLabel(order.deliverySlotStartsAt, order.deliverySlotEndsAt)
          : '',
        items,
        nairaFigure(order.subtotalKobo),
        nairaFigure(order.deliveryFeeKobo),
        nairaFigure(order.discountKobo),
        order.discountCode ?? '',
        nairaFigure(order.totalKobo),
        // The screens' words, not the database's ('Paid', not 'success').
        PAYMENT_STATUS_LABELS[order.paymentStatus],
        order.paymentReference,
        orderStatusLabel(order.status),
        nairaFigure(order.refundedKobo ?? 0),
        order.refundStatus ? refundStatusLabel(order.refundStatus) : '',
        orderStateLine(order, 'shop', now),
      ]);
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    after = { createdAt: last.createdAtExact, id: last.order.id };
  }
}

const LAGOS_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "2026-11-27 15:04:05": the shop's time (Africa/Lagos), as a spreadsheet reads a date and time. */
export function lagosTime(at: Date): string {
  const part = Object.fromEntries(LAGOS_TIME.formatToParts(at).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

interface ExportRow {
  order: typeof orders.$inferSelect;
  createdAtExact: string;
  email: string | null;
  items: string;
}
