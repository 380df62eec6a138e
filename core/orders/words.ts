import { formatNaira } from '../money';
import { payableUntil } from './payment-state';
import {
  REFUND_REASON_LABELS,
  type CancelReason,
  type OrderStatus,
  type PaymentStatus,
  type RefundedLine,
  type RefundReason,
  type RefundStatus,
} from './statuses';

/**
 * What an order's state reads as, for people: one function, so the
 * shopper's list and order page, the admin's list, details and dashboard, the CSV and the e-mails say
 * the same. The spec's status words where it has them (Pending, Processing, Shipped, Delivered,
 * Cancelled, Paid); why an order is cancelled, and what was refunded, where it does not.
 */

export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

export interface OrderWords {
  /** The fulfilment status: the spec's word, or 'Cancelled — why'. */
  status: { label: string; tone: Tone };
  /** The money: Paid, Awaiting payment, Declined, Not paid, Refunded ₦…, Partly refunded ₦…, … */
  payment: { label: string; tone: Tone };
}

export interface OrderStateForWords {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  cancelReason: CancelReason | null;
  refundStatus: RefundStatus | null;
  refundedKobo: number | null;
  refundingKobo: number;
  totalKobo: number;
  createdAt: Date | string;
}

/** Who reads: the shopper hears "you", the shop hears "the customer". */
export type Reader = 'shopper' | 'shop';

const STATUS_WORDS: Record<Exclude<OrderStatus, 'cancelled'>, { label: string; tone: Tone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  processing: { label: 'Processing', tone: 'info' },
  shipped: { label: 'Shipped', tone: 'info' },
  delivered: { label: 'Delivered', tone: 'success' },
};

/** A payment status as the screens name it (the badge of an order not yet refunded, the filters). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Awaiting payment',
  success: 'Paid',
  failed: 'Declined',
  expired: 'Not paid',
};

/** A fulfilment status as the screens name it: the spec's word ('Cancelled' without its reason). */
export function orderStatusLabel(status: OrderStatus): string {
  return status === 'cancelled' ? 'Cancelled' : STATUS_WORDS[status].label;
}

const CANCELLED_BECAUSE: Record<CancelReason, Record<Reader, string>> = {
  shopper: { shopper: 'Cancelled — you cancelled it', shop: 'Cancelled — by the customer' },
  declined: { shopper: 'Cancelled — payment declined', shop: 'Cancelled — payment declined' },
  unpaid: { shopper: 'Cancelled — not paid in time', shop: 'Cancelled — not paid in time' },
  replaced: {
    shopper: 'Cancelled — replaced by a newer order',
    shop: 'Cancelled — replaced by a newer order',
  },
  shop: { shopper: 'Cancelled — by the shop', shop: 'Cancelled — by the shop' },
  refunded: { shopper: 'Cancelled — refunded', shop: 'Cancelled — refunded' },
};

/**
 * An order awaiting payment past its 30 minutes reads as not paid in time even before the expiry job
 * has run.
 */
function lapsed(order: OrderStateForWords, now: Date): boolean {
  return order.paymentStatus === 'pending' && now.getTime() >= payableUntil(order).getTime();
}

export function describeOrder(order: OrderStateForWords, reader: Reader, now = new Date()): OrderWords {
  const status = lapsed(order, now)
    ? { label: CANCELLED_BECAUSE.unpaid[reader], tone: 'danger' as const }
    : order.status === 'cancelled'
      ? { label: CANCELLED_BECAUSE[order.cancelReason ?? 'shop'][reader], tone: 'danger' as const }
      : STATUS_WORDS[order.status];
  return { status, payment: paymentWords(order, reader, now) };
}

function paymentWords(order: OrderStateForWords, reader: Reader, now: Date): OrderWords['payment'] {
  switch (order.paymentStatus) {
    case 'pending':
      return lapsed(order, now)
        ? { label: PAYMENT_STATUS_LABELS.expired, tone: 'neutral' }
        : { label: PAYMENT_STATUS_LABELS.pending, tone: 'warning' };
    case 'failed':
      return { label: PAYMENT_STATUS_LABELS.failed, tone: 'neutral' };
    case 'expired':
      return { label: PAYMENT_STATUS_LABELS.expired, tone: 'neutral' };
    case 'success':
      break;
  }
  const refunded = order.refundedKobo ?? 0;
  if (order.refundStatus === 'requested')
    return { label: `Refund of ${formatNaira(order.refundingKobo)} requested`, tone: 'info' };
  if (order.refundStatus === 'failed' && reader === 'shop' && refunded === 0)
    return { label: `${PAYMENT_STATUS_LABELS.success} · refund failed`, tone: 'danger' };
  if (refunded >= order.totalKobo) return { label: `Refunded ${formatNaira(refunded)}`, tone: 'neutral' };
  if (refunded > 0) return { label: `Partly refunded ${formatNaira(refunded)}`, tone: 'info' };
  return { label: PAYMENT_STATUS_LABELS.success, tone: 'success' };
}

/** The order's state in one line, as the CSV and e-mails write it: "Cancelled — refunded · Refunded ₦33,900". */
export function orderStateLine(order: OrderStateForWords, reader: Reader, now = new Date()): string {
  const words = describeOrder(order, reader, now);
  return `${words.status.label} · ${words.payment.label}`;
}

/** One refund as people read it (the admin's order details, the buyer's order page). */
export interface RefundWords {
  /** All of it in one line: "₦4,800 · Spoiled on arrival · 1 × Live Catfish · refunded". */
  summary: string;
  amount: string;
  reason: string;
  /** "2 × Fresh Catfish, 1 × Smoked Mackerel", or null for a refund by amount. */
  lines: string | null;
  status: string;
  note: string | null;
}

const REFUND_PROGRESS: Record<RefundStatus, Record<Reader, string>> = {
  requested: { shopper: 'being arranged', shop: 'waiting for the payment provider' },
  pending: { shopper: 'on its way to you', shop: 'on its way to the customer' },
  processed: { shopper: 'refunded', shop: 'refunded' },
  failed: { shopper: 'not refunded', shop: 'failed' },
};

/** Where a refund is, as the admin's order details say it, capitalised: "On its way to the customer". */
export function refundStatusLabel(status: RefundStatus): string {
  const words = REFUND_PROGRESS[status].shop;
  return words[0]!.toUpperCase() + words.slice(1);
}

export function describeRefund(
  refund: {
    amountKobo: number;
    reason: RefundReason;
    lines: RefundedLine[];
    status: RefundStatus;
    note: string | null;
    failure: string | null;
  },
  items: { id: number; productName: string }[],
  reader: Reader,
): RefundWords {
  const names = new Map(items.map((item) => [item.id, item.productName]));
  const lines = refund.lines
    .map((line) => `${line.quantity} × ${names.get(line.itemId) ?? 'a removed line'}`)
    .join(', ');
  const failure =
    reader === 'shop' && refund.status === 'failed' && refund.failure ? ` (${refund.failure})` : '';
  const words = {
    amount: formatNaira(refund.amountKobo),
    reason: REFUND_REASON_LABELS[refund.reason],
    lines: lines || null,
    status: `${REFUND_PROGRESS[refund.status][reader]}${failure}`,
  };
  return {
    ...words,
    summary: [words.amount, words.reason, words.lines, words.status].filter(Boolean).join(' · '),
    // The admin's note is for the shop: a buyer reads the reason.
    note: reader === 'shop' ? refund.note : null,
  };
}
