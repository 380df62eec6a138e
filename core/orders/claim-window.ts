import type { ProductCategory } from '../../db/schema/enums';
import { lineRefund, type GoodsPaid, type RefundableLine } from './refund-lines';
import type { RefundedLine } from './statuses';

/**
 * The freshness claim window: how long after "delivered" a buyer may report a line that arrived
 * bad. Pure (the order page, the server and the lifecycle's table all ask it). Fresh fish and
 * shellfish spoil within hours, so their window is short; smoked and dried fish keep for days;
 * equipment and feed bags are checked at leisure. A line whose product was deleted has no category
 * any more: it gets the shortest window, as the shop cannot tell what it was.
 */
export const CLAIM_WINDOW_HOURS: Record<ProductCategory, number> = {
  fresh: 6,
  shellfish: 6,
  smoked: 48,
  dried: 72,
  feeds: 72,
  equipment: 7 * 24,
};

const HOUR_MS = 60 * 60 * 1000;
const SHORTEST_HOURS = Math.min(...Object.values(CLAIM_WINDOW_HOURS));

export interface ClaimableLine {
  id: number;
  productName: string;
  /** What can still be claimed: bought, less what was refunded of it. */
  quantity: number;
  category: ProductCategory | null;
}

/** Until when a line of an order delivered at `deliveredAt` may be claimed. */
export function claimableUntil(deliveredAt: Date, category: ProductCategory | null): Date {
  const hours = category ? CLAIM_WINDOW_HOURS[category] : SHORTEST_HOURS;
  return new Date(deliveredAt.getTime() + hours * HOUR_MS);
}

export const CLAIM_REFUSALS = {
  notDelivered: 'A problem can be reported only once the order has been delivered.',
  notPaid: 'Only a paid order can have a freshness claim.',
  refundedInFull: 'This order has been refunded in full, so there is nothing left to claim.',
  windowClosed: 'The time to report a problem with this order has ended. Contact us if something is wrong.',
  lineClosed: (productName: string, closedAt: string) =>
    `The time to report a problem with ${productName} ended on ${closedAt}.`,
  open: 'A claim of this order is already waiting for the shop’s decision.',
  notOpen: 'This claim has already been decided.',
  noLines: 'Choose at least one item that arrived with a problem, and how many of it.',
  unknownLine: 'That item is not part of this order.',
  tooMany: (productName: string, left: number) =>
    left === 0
      ? `${productName} has been refunded already.`
      : `At most ${left} of ${productName} can be claimed (what you bought, less what was refunded).`,
} as const;

/** The lines a buyer can still claim at `now`, each with when its window closes. */
export function openClaimLines<L extends ClaimableLine>(
  lines: L[],
  deliveredAt: Date | null,
  now: Date,
): (L & { until: Date })[] {
  if (!deliveredAt) return [];
  return lines
    .map((line) => ({ ...line, until: claimableUntil(deliveredAt, line.category) }))
    .filter((line) => line.quantity > 0 && line.until.getTime() > now.getTime());
}

/**
 * The buyer's chosen lines, checked against the order: every line is the order's, at most what was
 * bought, and still within its window. Answers the lines (those with a quantity) and when the claim's
 * window closes (the earliest of theirs), or why the claim is refused. `formatTime` words a moment.
 */
export function checkClaimLines(
  lines: ClaimableLine[],
  chosen: RefundedLine[],
  deliveredAt: Date | null,
  now: Date,
  formatTime: (at: Date) => string,
): { lines: RefundedLine[]; closesAt: Date } | { refused: string } {
  if (!deliveredAt) return { refused: CLAIM_REFUSALS.notDelivered };
  const wanted = chosen.filter((line) => line.quantity > 0);
  if (wanted.length === 0) return { refused: CLAIM_REFUSALS.noLines };
  const byId = new Map(lines.map((line) => [line.id, line]));
  const seen = new Set<number>();
  let closesAt: Date | null = null;
  for (const { itemId, quantity } of wanted) {
    const line = byId.get(itemId);
    if (!line || seen.has(itemId) || !Number.isInteger(quantity))
      return { refused: CLAIM_REFUSALS.unknownLine };
    seen.add(itemId);
    if (quantity > line.quantity) return { refused: CLAIM_REFUSALS.tooMany(line.productName, line.quantity) };
    const until = claimableUntil(deliveredAt, line.category);
    if (until.getTime() <= now.getTime())
      return { refused: CLAIM_REFUSALS.lineClosed(line.productName, formatTime(until)) };
    if (!closesAt || until < closesAt) closesAt = until;
  }
  return { lines: wanted, closesAt: closesAt! };
}

/** What the buyer paid for an order's goods and for the claimed lines (the approve form's amount). */
export interface ClaimPaid {
  goods: GoodsPaid;
  lines: RefundableLine[];
}

/**
 * What approving a claim with the quantities `chosen` refunds, worked out as the refund path does
 * (refund-lines.ts), so the owner sees the amount on the button before approving; ₦0 for none chosen.
 */
export function claimRefundKobo(paid: ClaimPaid, chosen: RefundedLine[]): number {
  const refund = lineRefund(paid.goods, paid.lines, chosen, new Map());
  return 'refused' in refund ? 0 : refund.amountKobo;
}
