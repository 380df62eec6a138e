import { stringify } from 'csv-stringify/sync';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders, sellerLedger, sellerOffers, sellerPayouts } from '../../db/schema';
import type { LedgerKind, PayoutStatus } from '../../db/schema/enums';
import { neutraliseFormula } from '../csv';
import { nairaFigure } from '../money';
import { shortOrderId } from '../notifications/messages';
import { sellerBalance } from './ledger';
import { isPayoutKind, type SellerBalance } from './ledger-rules';

/**
 * The seller's statement (issue 51 §6): their ledger's rows, newest first, each with its origin (the order,
 * the product, the offer and its harvest day) and when it counts toward a payout, and the balance the rows
 * add up to. A page and a CSV read it; only the seller's own rows, never a buyer's details.
 */

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  sale: 'Sale',
  refund: 'Refund',
  refund_failed: 'Refund failed: given back',
  payout: 'Sent to your bank',
  payout_returned: 'Came back from the bank',
};

export interface StatementLine {
  id: number;
  at: Date;
  kind: LedgerKind;
  /** The order's short number, for the lines of an order. */
  order: string | null;
  productName: string | null;
  offerId: number | null;
  harvestedOn: string | null;
  grossKobo: number;
  commissionPercent: number;
  commissionKobo: number;
  /** The seller's: the buyer's price less the commission (negative for what is taken back or paid out). */
  amountKobo: number;
  /** When it counts toward a payout (the claim window's end for a sale). */
  availableAt: Date;
  /** A freshness claim on its order waits for the shop's decision: it counts only once decided. */
  claimOpen: boolean;
  payout: { reference: string; status: PayoutStatus } | null;
}

export interface Statement {
  balance: SellerBalance;
  lines: StatementLine[];
}

/** The seller's statement at `now`: the balance of all their rows, and the newest `limit` rows. */
export async function sellerStatement(
  db: Db,
  sellerId: number,
  options: { now?: Date; limit?: number } = {},
): Promise<Statement> {
  const rows = await db
    .select({
      id: sellerLedger.id,
      at: sellerLedger.createdAt,
      kind: sellerLedger.kind,
      orderId: sellerLedger.orderId,
      productName: orderItems.productName,
      offerId: sellerOffers.id,
      harvestedOn: sellerOffers.harvestedOn,
      grossKobo: sellerLedger.grossKobo,
      commissionPercent: sellerLedger.commissionPercent,
      commissionKobo: sellerLedger.commissionKobo,
      amountKobo: sellerLedger.amountKobo,
      availableAt: sellerLedger.availableAt,
      claimStatus: orders.claimStatus,
      payoutReference: sellerPayouts.reference,
      payoutStatus: sellerPayouts.status,
    })
    .from(sellerLedger)
    .leftJoin(orders, eq(orders.id, sellerLedger.orderId))
    .leftJoin(orderItems, eq(orderItems.id, sellerLedger.orderItemId))
    .leftJoin(sellerOffers, eq(sellerOffers.batchId, sellerLedger.batchId))
    .leftJoin(sellerPayouts, eq(sellerPayouts.id, sellerLedger.payoutId))
    .where(eq(sellerLedger.sellerId, sellerId))
    .orderBy(desc(sellerLedger.createdAt), desc(sellerLedger.id))
    .limit(options.limit ?? 1_000_000);
  const lines = rows.map((row): StatementLine => ({
    id: row.id,
    at: row.at,
    kind: row.kind,
    order: row.orderId ? shortOrderId(row.orderId) : null,
    productName: row.productName,
    offerId: row.offerId,
    harvestedOn: row.harvestedOn,
    grossKobo: Number(row.grossKobo),
    commissionPercent: row.commissionPercent,
    commissionKobo: Number(row.commissionKobo),
    amountKobo: Number(row.amountKobo),
    availableAt: row.availableAt,
    claimOpen: row.claimStatus === 'open',
    payout: row.payoutReference ? { reference: row.payoutReference, status: row.payoutStatus! } : null,
  }));
  return {
    balance: await sellerBalance(db, sellerId, options.now ?? new Date()),
    lines,
  };
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The statement as CSV for a spreadsheet: one row a ledger line, money in naira with two decimals. */
export function statementCsv(statement: Statement): string {
  const rows: (string | number)[][] = [
    ['FreshCatch seller statement'],
    ['Payable now (NGN)', nairaFigure(statement.balance.payableKobo)],
    ['Waiting for the claim window (NGN)', nairaFigure(statement.balance.waitingKobo)],
    ['Paid (NGN)', nairaFigure(statement.balance.paidKobo)],
    [],
    [
      'Date (UTC)',
      'What',
      'Order',
      'Product',
      'Offer',
      'Harvested',
      'Buyer paid (NGN)',
      'Commission %',
      'Commission (NGN)',
      'Yours (NGN)',
      'Counts from (UTC)',
      'Payout reference',
    ],
    ...statement.lines.map((line) => [
      line.at.toISOString(),
      LEDGER_KIND_LABELS[line.kind],
      line.order ?? '',
      line.productName ?? '',
      line.offerId ?? '',
      line.harvestedOn ?? '',
      isPayoutKind(line.kind) ? '' : nairaFigure(line.grossKobo),
      isPayoutKind(line.kind) ? '' : line.commissionPercent,
      isPayoutKind(line.kind) ? '' : nairaFigure(line.commissionKobo),
      nairaFigure(line.amountKobo),
      line.availableAt.toISOString(),
      line.payout?.reference ?? '',
    ]),
  ];
  return stringify(rows, {
    bom: true,
    cast: { string: (value) => (PLAIN_NUMBER.test(value) ? value : neutraliseFormula(value)) },
  });
}
