/**
 * The arithmetic of a seller's ledger (issue 51 §4, docs/sellers.md "What a seller is owed"). Pure, in
 * whole kobo, with BigInt where a product of two amounts could pass 2⁵³. The seller's area, the ledger
 * and the owner's screens all ask here, so a line's part is worked out one way.
 */

/**
 * A seller's part of an order line at the buyer's price: the line's total × what their batch gave of
 * the line's stock ÷ the line's stock, rounded down (the shop keeps the kobo a line's parts leave).
 */
export function lineShareKobo(lineTotalKobo: number, drawn: number, lineStock: number): number {
  if (lineStock <= 0 || drawn <= 0) return 0;
  return Number((BigInt(lineTotalKobo) * BigInt(Math.min(drawn, lineStock))) / BigInt(lineStock));
}

/** The shop's commission on a seller's part: its percent, to the nearest kobo (a half kobo up). */
export function commissionKobo(grossKobo: number, percent: number): number {
  return Number((BigInt(grossKobo) * BigInt(percent) + 50n) / 100n);
}

export interface LinePart {
  grossKobo: number;
  commissionKobo: number;
}

/**
 * What a seller keeps of a sold part once `refunded` of the line's `quantity` were refunded: the part
 * less the refunded share of it, and the commission less its refunded share, each rounded down — so a
 * line refunded in full takes back exactly what it credited, and refunds in steps never take back more.
 */
export function keptPart(sold: LinePart, refunded: number, quantity: number): LinePart {
  const given = Math.max(0, Math.min(refunded, quantity));
  const back = (kobo: number) =>
    quantity > 0 ? Number((BigInt(kobo) * BigInt(given)) / BigInt(quantity)) : 0;
  return {
    grossKobo: sold.grossKobo - back(sold.grossKobo),
    commissionKobo: sold.commissionKobo - back(sold.commissionKobo),
  };
}

export interface LedgerAmount {
  amountKobo: number;
  kind: 'sale' | 'refund' | 'refund_failed' | 'payout' | 'payout_returned';
  /** Whether the row counts toward a payout now (ledger.ts `payableNowSql`: window closed, no open claim). */
  payableNow: boolean;
}

export interface SellerBalance {
  /** Owed and free to pay: its claim window has closed and no claim waits (less what was paid). */
  payableKobo: number;
  /** Owed once the claim windows of delivered orders close and their claims are decided. */
  waitingKobo: number;
  /** Paid out so far (less what came back from failed or reversed payouts). */
  paidKobo: number;
}

/** A seller's balance from their ledger's rows (or sums of rows of one kind and one `payableNow`). */
export function balanceOf(rows: LedgerAmount[]): SellerBalance {
  let payableKobo = 0;
  let waitingKobo = 0;
  let paidKobo = 0;
  for (const row of rows) {
    if (row.payableNow) payableKobo += row.amountKobo;
    else waitingKobo += row.amountKobo;
    if (row.kind === 'payout' || row.kind === 'payout_returned') paidKobo -= row.amountKobo;
  }
  return { payableKobo, waitingKobo, paidKobo };
}

/** Rows of a payout (or of its return) carry no line: their gross is their amount, with no commission. */
export const isPayoutKind = (kind: LedgerAmount['kind']) => kind === 'payout' || kind === 'payout_returned';
