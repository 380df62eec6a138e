import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderRefunds } from '../../db/schema';
import { refundedQuantities } from './refund-lines';
import { describeRefund, type Reader, type RefundWords } from './words';

/** An order's refunds, oldest first, in the reader's words; and what each line has left to give back. */
export async function refundHistory(
  db: Db,
  orderId: string,
  items: { id: number; productName: string; quantity: number }[],
  reader: Reader,
): Promise<{
  refunds: (RefundWords & { id: number; createdAt: Date })[];
  linesLeft: { id: number; productName: string; left: number }[];
}> {
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  const given = refundedQuantities(rows.filter((row) => row.status !== 'failed'));
  return {
    refunds: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      ...describeRefund(row, items, reader),
    })),
    linesLeft: items.map((item) => ({
      id: item.id,
      productName: item.productName,
      left: Math.max(0, item.quantity - (given.get(item.id) ?? 0)),
    })),
  };
}
