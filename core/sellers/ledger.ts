import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  orderItems,
  orderRefunds,
  orders,
  products,
  sellerLedger,
  sellerOffers,
  sellers,
  stockDraws,
} from '../../db/schema';
import type { LedgerKind } from '../../db/schema/enums';
import { deliveredAt } from '../orders/claim-lines';
import { claimableUntil } from '../orders/claim-window';
import { refundedQuantities } from '../orders/refund-lines';
import {
  balanceOf,
  commissionKobo,
  keptPart,
  lineShareKobo,
  type LedgerAmount,
  type SellerBalance,
} from './ledger-rules';

/**
 * A seller's ledger (issue 51 §4, docs/sellers.md "What a seller is owed"): its only writer, and the one
 * place a row's counting toward a payout is decided (`payableNowSql`). Rows are only added. The order's lifecycle calls `postOrderLedger` in the transaction of each change of a
 * delivered order (its delivery, a refund asked for, a refund that failed), and the ledger adds what
 * makes each seller's rows for the order say what the order now is: a sale per part of a line drawn
 * from their batch, and a correction whenever a refund by line (an approved claim's too) takes some
 * of it back or a failed one gives it back. Posting again changes nothing, so a replayed webhook or a
 * retried job can never credit twice.
 */

/** The seller's parts of the order's lines: each line's draw from a batch received from their offer. */
async function sellerParts(tx: Tx, orderId: string) {
  return tx
    .select({
      itemId: orderItems.id,
      batchId: stockDraws.batchId,
      drawn: stockDraws.quantity,
      lineStock: orderItems.stockQuantity,
      lineTotal: orderItems.totalPriceKobo,
      quantity: orderItems.quantity,
      category: products.category,
      sellerId: sellerOffers.sellerId,
      commissionPercent: sellers.commissionPercent,
    })
    .from(orderItems)
    .innerJoin(stockDraws, eq(stockDraws.orderItemId, orderItems.id))
    .innerJoin(sellerOffers, eq(sellerOffers.batchId, stockDraws.batchId))
    .innerJoin(sellers, eq(sellers.id, sellerOffers.sellerId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id), asc(stockDraws.batchId));
}

/**
 * Brings the sellers' rows of a delivered order up to date with it, in the caller's transaction (the
 * lifecycle's, with the order locked). Nothing for an order not delivered, or with no seller's goods.
 */
export async function postOrderLedger(tx: Tx, orderId: string): Promise<void> {
  const parts = await sellerParts(tx, orderId);
  if (parts.length === 0) return;
  // Delivered once is delivered for good (the lifecycle never takes it back).
  const delivered = await deliveredAt(tx, orderId);
  if (!delivered) return;

  const [rows, refunds] = await Promise.all([
    tx
      .select({
        itemId: sellerLedger.orderItemId,
        batchId: sellerLedger.batchId,
        kind: sellerLedger.kind,
        gross: sellerLedger.grossKobo,
        commission: sellerLedger.commissionKobo,
        percent: sellerLedger.commissionPercent,
        availableAt: sellerLedger.availableAt,
      })
      .from(sellerLedger)
      .where(eq(sellerLedger.orderId, orderId)),
    tx
      .select({ id: orderRefunds.id, lines: orderRefunds.lines, status: orderRefunds.status })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.id)),
  ]);
  // What of each line the refunds that did not fail give back, and the latest refund (the one that moved).
  const refunded = refundedQuantities(refunds.filter((refund) => refund.status !== 'failed'));
  const latestRefund = refunds.at(-1)?.id ?? null;

  const added: (typeof sellerLedger.$inferInsert)[] = [];
  for (const part of parts) {
    const own = rows.filter((row) => row.itemId === part.itemId && row.batchId === part.batchId);
    const sold = own.find((row) => row.kind === 'sale');
    const percent = sold?.percent ?? part.commissionPercent ?? 0;
    const availableAt = sold?.availableAt ?? claimableUntil(delivered, part.category);
    const gross = sold ? Number(sold.gross) : lineShareKobo(part.lineTotal, part.drawn, part.lineStock);
    const sale = {
      grossKobo: gross,
      commissionKobo: sold ? Number(sold.commission) : commissionKobo(gross, percent),
    };
    const line = { sellerId: part.sellerId, orderId, orderItemId: part.itemId, batchId: part.batchId };
    if (!sold)
      added.push({
        ...line,
        kind: 'sale',
        ...sale,
        amountKobo: sale.grossKobo - sale.commissionKobo,
        commissionPercent: percent,
        availableAt,
      });
    // What the seller should keep now, against what their rows say.
    const target = keptPart(sale, refunded.get(part.itemId) ?? 0, part.quantity);
    const sums = own.reduce(
      (sum, row) => ({
        gross: sum.gross + Number(row.gross),
        commission: sum.commission + Number(row.commission),
      }),
      sold ? { gross: 0, commission: 0 } : { gross: sale.grossKobo, commission: sale.commissionKobo },
    );
    const grossKobo = target.grossKobo - sums.gross;
    const commission = target.commissionKobo - sums.commission;
    if (grossKobo === 0 && commission === 0) continue;
    const kind: LedgerKind = grossKobo < 0 ? 'refund' : 'refund_failed';
    added.push({
      ...line,
      kind,
      refundId: latestRefund,
      grossKobo,
      commissionKobo: commission,
      amountKobo: grossKobo - commission,
      commissionPercent: percent,
      availableAt,
    });
  }
  if (added.length > 0) await tx.insert(sellerLedger).values(added);
}

/**
 * Whether a ledger row counts toward a payout at `now`: its claim window has closed and no freshness claim
 * on its order waits for the shop's decision. The one test of it (the balance, the payout run and the
 * owner's screen all ask it); the query must left-join `orders` on the row's order.
 */
export const payableNowSql = (now: Date) =>
  sql<boolean>`(${lte(sellerLedger.availableAt, now)} and ${orders.claimStatus} is distinct from 'open')`;

const NO_BALANCE: SellerBalance = { payableKobo: 0, waitingKobo: 0, paidKobo: 0 };

/** The balance of each seller (of `sellerIds`, or of all with a ledger) at `now`: payable, waiting, paid. */
export async function sellerBalances(
  db: Db | Tx,
  now: Date,
  sellerIds?: number[],
): Promise<Map<number, SellerBalance>> {
  const payableNow = payableNowSql(now);
  const sums = await db
    .select({
      sellerId: sellerLedger.sellerId,
      kind: sellerLedger.kind,
      payableNow,
      kobo: sql<string>`sum(${sellerLedger.amountKobo})`,
    })
    .from(sellerLedger)
    .leftJoin(orders, eq(orders.id, sellerLedger.orderId))
    .where(sellerIds === undefined ? undefined : inArray(sellerLedger.sellerId, sellerIds))
    // By position: the same expression bound twice would be two parameters, which PostgreSQL does not group by.
    .groupBy(sql`1`, sql`2`, sql`3`);
  const bySeller = new Map<number, LedgerAmount[]>();
  for (const sum of sums)
    bySeller.set(sum.sellerId, [
      ...(bySeller.get(sum.sellerId) ?? []),
      { kind: sum.kind, payableNow: Boolean(sum.payableNow), amountKobo: Number(sum.kobo) },
    ]);
  return new Map([...bySeller].map(([sellerId, rows]) => [sellerId, balanceOf(rows)]));
}

/** A seller's balance now: payable, waiting for claim windows and claims, paid. */
export async function sellerBalance(db: Db | Tx, sellerId: number, now = new Date()): Promise<SellerBalance> {
  return (await sellerBalances(db, now, [sellerId])).get(sellerId) ?? NO_BALANCE;
}

/**
 * The ledger's side of a payout (core/sellers/payouts.ts makes it, in the same transaction): its amount
 * leaves what the seller is owed at once.
 */
export async function postPayout(
  tx: Tx,
  payout: { id: number; sellerId: number; amountKobo: number },
  now: Date,
): Promise<void> {
  await tx.insert(sellerLedger).values(payoutRow(payout, 'payout', -payout.amountKobo, now));
}

/** A failed or reversed payout's money is owed again, once (a second return of the same payout adds nothing). */
export async function postPayoutReturned(
  tx: Tx,
  payout: { id: number; sellerId: number; amountKobo: number },
  now: Date,
): Promise<void> {
  await tx
    .insert(sellerLedger)
    .values(payoutRow(payout, 'payout_returned', payout.amountKobo, now))
    .onConflictDoNothing();
}

function payoutRow(
  payout: { id: number; sellerId: number },
  kind: 'payout' | 'payout_returned',
  amountKobo: number,
  now: Date,
): typeof sellerLedger.$inferInsert {
  return {
    sellerId: payout.sellerId,
    kind,
    payoutId: payout.id,
    grossKobo: amountKobo,
    commissionKobo: 0,
    amountKobo,
    commissionPercent: 0,
    availableAt: now,
    createdAt: now,
  };
}
