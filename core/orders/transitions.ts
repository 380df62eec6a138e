import { formatNaira } from '../money';
import { CLAIM_REFUSALS } from './claim-window';
import {
  PAYMENT_REMINDER_AFTER_MS,
  PAYMENT_REMINDER_LAST_MS,
  PENDING_ORDER_LIFETIME_MS,
  payableUntil,
} from './payment-state';
import type {
  CancelReason,
  ClaimStatus,
  HoldState,
  OrderEventKind,
  OrderStatus,
  PaymentStatus,
  RefundStatus,
} from './statuses';

/**
 * The order's lifecycle as a declared table: what each change does to
 * an order in a given state, or why it is refused. Pure, so every rule is tested without a database;
 * core/orders/lifecycle.ts is the one module that applies it and writes an order's state.
 *
 * An order has three facts that change: its fulfilment `status` (the spec's pending, processing,
 * shipped, delivered, cancelled), its `paymentStatus` (whether the money came: awaiting 'pending',
 * 'success', declined 'failed', never came 'expired') and its refund (`refundStatus`, `refundedKobo`).
 * The guards: nothing unpaid is processed, shipped or delivered; nothing cancelled or refunded in full
 * goes on; a delivered order can be refunded (spoiled fish) but not un-delivered. Money taken is money
 * kept plus money refunded, and no refund exceeds what is kept.
 */

export interface OrderFacts {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  cancelReason: CancelReason | null;
  refundStatus: RefundStatus | null;
  /** Refunded so far: what the provider accepted to give back (on its way or arrived). */
  refundedKobo: number;
  /** What the refund under way ('requested' or 'pending') is for; 0 when none is. */
  refundingKobo: number;
  totalKobo: number;
  /** Whether this order's use of its discount code is counted (reserved while unpaid, kept once paid). */
  holdsCodeUse: boolean;
  hasCode: boolean;
  /**
   * What the order holds of the shop's counted stock (and, with it, its delivery slot): 'held' while it
   * waits for payment, 'kept' once paid, 'released' when given back; 'none' when nothing is counted.
   */
  holds: HoldState;
  /** The latest freshness claim's status (core/orders/claims.ts); null when none was filed. */
  claimStatus: ClaimStatus | null;
  /** When it was placed: its payment reminder and expiry count from then. */
  placedAt: Date;
  /** When the buyer was reminded to pay it; null until then (once at most). */
  paymentRemindedAt: Date | null;
}

/** The fulfilment statuses an admin sets directly; 'cancelled' is `shop-cancel` or a full refund. */
export type SettableStatus = Exclude<OrderStatus, 'cancelled'>;

export type OrderChange =
  /** The provider says the money came (callback, webhook, the expiry job's last question). */
  | { kind: 'pay' }
  /** The provider declined the payment, or reported one that is not this order's amount. */
  | { kind: 'decline' }
  /** Not paid within its 30 minutes. */
  | { kind: 'expire' }
  /** A newer checkout of the same submission, or holding the same code, takes its place. */
  | { kind: 'replace' }
  | { kind: 'shopper-cancel' }
  | { kind: 'set-status'; status: SettableStatus }
  /** The shop cancels an order that is not paid (a paid one is cancelled by refunding it in full). */
  | { kind: 'shop-cancel' }
  | { kind: 'refund-request'; amountKobo: number }
  /** The provider accepted the refund asked for: on its way ('pending') or done ('processed'). */
  | { kind: 'refund-accept'; amountKobo: number; status: 'pending' | 'processed' }
  /** The provider refused the refund under way, or reports that one it accepted failed. */
  | { kind: 'refund-fail'; failure: string | null }
  /**
   * The provider reports a refund processed: one we asked for (its webhook), or one we never recorded
   * (a crash between the provider's answer and ours, or a refund made in its dashboard).
   */
  | { kind: 'refund-processed'; amountKobo: number | null }
  /** The buyer reports lines that arrived bad; `closesAt` is the chosen lines' window (claim-window.ts). */
  | { kind: 'claim-file'; now: Date; closesAt: Date | null }
  /** The owner decides the open claim: approved (a refund of its lines follows) or declined, with a note. */
  | { kind: 'claim-decide'; outcome: 'approved' | 'declined'; note: string | null }
  /** The clock proposes the payment reminder; the table decides whether it is due (payment-state.ts). */
  | { kind: 'remind'; now: Date };

/** Who hears of a change: the spec's notification and an e-mail, or nobody (they did it themselves). */
export type Notice =
  | { kind: 'received' }
  | { kind: 'status'; status: OrderStatus }
  | { kind: 'refunded'; amountKobo: number }
  | { kind: 'claim'; outcome: 'approved' | 'declined'; note: string | null }
  /** Still awaiting payment: once, with the time it is held until. */
  | { kind: 'payment-reminder'; payableUntil: Date };

export type CodeUse = 'release' | 'count-again';

/**
 * What a change does to what the order holds (core/stock/holds.ts applies it): a payment keeps the
 * hold as a sale, an order that ends unpaid or is refunded in full before it leaves the shop releases
 * it, a late payment of a released order takes it again.
 */
export type HoldChange = 'keep' | 'release' | 'take-again';

export type Decision =
  /** Already so: a repeat (a second callback, a late webhook) changes nothing. */
  | { outcome: 'unchanged' }
  | { outcome: 'refused'; message: string }
  | {
      outcome: 'changed';
      to: Partial<Omit<OrderFacts, 'totalKobo' | 'hasCode' | 'holdsCodeUse' | 'holds' | 'placedAt'>>;
      event: OrderEventKind | null;
      notice: Notice | null;
      codeUse: CodeUse | null;
      holds: HoldChange | null;
    };

export const LIFECYCLE_REFUSALS = {
  notAwaiting: 'Only an order that is waiting for its payment can be cancelled here.',
  paidNotCancelled:
    'This order has just been paid, so it was not cancelled. Contact us if you want to cancel it.',
  alreadyStatus: (status: OrderStatus) => `This order is already ${status}.`,
  notPaid: (status: SettableStatus) =>
    `This order has not been paid, so it cannot be ${status === 'pending' ? 'set back to pending' : status}.`,
  cancelled: 'This order is cancelled: it cannot be fulfilled any more.',
  refundedInFull: 'This order has been refunded in full, so it cannot be fulfilled.',
  delivered: (status: SettableStatus) => `This order has been delivered: it cannot go back to ${status}.`,
  paidCancel: 'This order has been paid: cancel it by refunding it, so the customer gets their money back.',
  refundNotPaid: 'Only a paid order can be refunded.',
  refundInProgress: 'A refund of this order is already under way.',
  refundDone: 'This order has already been refunded.',
  refundTooMuch: (leftKobo: number) => `A refund of this order can be at most ${formatNaira(leftKobo)}.`,
  refundNothing: 'A refund must be more than ₦0.',
} as const;

const refused = (message: string): Decision => ({ outcome: 'refused', message });
const unchanged: Decision = { outcome: 'unchanged' };

/** What is kept of what was paid: nothing before payment, the total less refunds after. */
export function keptKobo(order: Pick<OrderFacts, 'paymentStatus' | 'totalKobo' | 'refundedKobo'>): number {
  return order.paymentStatus === 'success' ? order.totalKobo - order.refundedKobo : 0;
}

/** Paid, and given back in full (or asked to be). */
export function refundedInFull(
  order: Pick<OrderFacts, 'paymentStatus' | 'totalKobo' | 'refundedKobo' | 'refundingKobo' | 'refundStatus'>,
): boolean {
  const asked = order.refundStatus === 'requested' ? order.refundingKobo : 0;
  return order.paymentStatus === 'success' && order.refundedKobo + asked >= order.totalKobo;
}

/**
 * A refund of all that is kept cancels an order not yet delivered (a delivered one stays delivered: it
 * cannot be un-delivered); one already cancelled keeps its reason.
 */
function cancelledIfRefundedInFull(order: OrderFacts, amountKobo: number) {
  const cancels =
    amountKobo >= keptKobo(order) && order.status !== 'delivered' && order.status !== 'cancelled';
  return cancels ? { status: 'cancelled' as const, cancelReason: 'refunded' as const } : {};
}

/**
 * A refund of all that is kept gives the goods back to the shop's stock while they are still in it
 * (pending or processing); once shipped they are gone.
 */
function releasedIfRefundedInFull(order: OrderFacts, amountKobo: number): HoldChange | null {
  const inShop = order.status === 'pending' || order.status === 'processing';
  return amountKobo >= keptKobo(order) && inShop && order.holds === 'kept' ? 'release' : null;
}

/** Ends an unpaid order: it is cancelled for `reason`, and gives back the code use it held. */
function endUnpaid(
  order: OrderFacts,
  paymentStatus: 'failed' | 'expired',
  cancelReason: CancelReason,
  event: OrderEventKind,
  notice: Notice | null = null,
): Decision {
  return {
    outcome: 'changed',
    to: { paymentStatus, status: 'cancelled', cancelReason },
    event,
    notice,
    codeUse: order.holdsCodeUse ? 'release' : null,
    holds: order.holds === 'held' ? 'release' : null,
  };
}

export function decide(order: OrderFacts, change: OrderChange): Decision {
  const awaiting = order.paymentStatus === 'pending';
  const paid = order.paymentStatus === 'success';
  switch (change.kind) {
    case 'pay':
      if (paid) return unchanged;
      // A late payment (after a decline, expiry or cancellation) is honoured: the money moved, so the
      // order comes back to the shop's queue and counts its code use again if the limit allows.
      return {
        outcome: 'changed',
        to: { paymentStatus: 'success', status: 'pending', cancelReason: null },
        event: 'paid',
        notice: { kind: 'received' },
        codeUse: order.hasCode && !order.holdsCodeUse ? 'count-again' : null,
        holds: order.holds === 'held' ? 'keep' : order.holds === 'released' ? 'take-again' : null,
      };
    case 'decline':
      return awaiting ? endUnpaid(order, 'failed', 'declined', 'payment_failed') : unchanged;
    case 'expire':
      return awaiting ? endUnpaid(order, 'expired', 'unpaid', 'expired') : unchanged;
    case 'replace':
      return awaiting ? endUnpaid(order, 'expired', 'replaced', 'replaced') : unchanged;
    case 'shopper-cancel':
      if (paid) return refused(LIFECYCLE_REFUSALS.paidNotCancelled);
      return awaiting
        ? endUnpaid(order, 'expired', 'shopper', 'cancelled')
        : refused(LIFECYCLE_REFUSALS.notAwaiting);
    case 'shop-cancel':
      if (order.status === 'cancelled') return refused(LIFECYCLE_REFUSALS.alreadyStatus('cancelled'));
      if (paid) return refused(LIFECYCLE_REFUSALS.paidCancel);
      return endUnpaid(order, 'expired', 'shop', 'cancelled', { kind: 'status', status: 'cancelled' });
    case 'set-status': {
      const { status } = change;
      if (order.status === status) return refused(LIFECYCLE_REFUSALS.alreadyStatus(status));
      if (order.status === 'cancelled') return refused(LIFECYCLE_REFUSALS.cancelled);
      if (!paid) return refused(LIFECYCLE_REFUSALS.notPaid(status));
      if (order.status === 'delivered') return refused(LIFECYCLE_REFUSALS.delivered(status));
      if (refundedInFull(order)) return refused(LIFECYCLE_REFUSALS.refundedInFull);
      return {
        outcome: 'changed',
        to: { status },
        event: status,
        notice: { kind: 'status', status },
        codeUse: null,
        holds: null,
      };
    }
    case 'refund-request': {
      if (!paid) return refused(LIFECYCLE_REFUSALS.refundNotPaid);
      if (order.refundStatus === 'requested' || order.refundStatus === 'pending')
        return refused(LIFECYCLE_REFUSALS.refundInProgress);
      const left = keptKobo(order);
      if (left <= 0) return refused(LIFECYCLE_REFUSALS.refundDone);
      if (change.amountKobo <= 0) return refused(LIFECYCLE_REFUSALS.refundNothing);
      if (change.amountKobo > left) return refused(LIFECYCLE_REFUSALS.refundTooMuch(left));
      // While it is asked for or on its way, an order refunded in full cannot be fulfilled
      // (refundedInFull); it is cancelled once the money has gone (a refusal or a later failure leaves it
      // as it was, to be fulfilled or refunded again).
      return {
        outcome: 'changed',
        to: { refundStatus: 'requested', refundingKobo: change.amountKobo },
        event: 'refund_requested',
        notice: null,
        codeUse: null,
        holds: null,
      };
    }
    case 'refund-accept': {
      if (order.refundStatus !== 'requested') return unchanged; // its webhook got here first
      // What was asked (the claim recorded it; the job and the webhook report the same), never more
      // than is kept.
      const asked = order.refundingKobo > 0 ? order.refundingKobo : change.amountKobo;
      const amountKobo = Math.min(asked, keptKobo(order));
      // A refund on its way ('pending') can still fail at the provider (Paystack's refund.failed, the
      // transaction back to success): the order is cancelled and its goods given back only once the
      // money has gone ('processed'), so a failed refund never leaves it cancelled as if refunded.
      const done = change.status === 'processed';
      return {
        outcome: 'changed',
        to: {
          refundStatus: change.status,
          refundedKobo: order.refundedKobo + amountKobo,
          refundingKobo: done ? 0 : amountKobo,
          ...(done ? cancelledIfRefundedInFull(order, amountKobo) : {}),
        },
        event: 'refunded',
        notice: { kind: 'refunded', amountKobo },
        codeUse: null,
        holds: done ? releasedIfRefundedInFull(order, amountKobo) : null,
      };
    }
    case 'refund-fail':
      if (order.refundStatus === 'requested')
        return {
          outcome: 'changed',
          to: { refundStatus: 'failed', refundingKobo: 0 },
          event: 'refund_failed',
          notice: null,
          codeUse: null,
          holds: null,
        };
      if (order.refundStatus === 'pending')
        // The provider took it, then could not pay it out: the money is the shop's again.
        return {
          outcome: 'changed',
          to: {
            refundStatus: 'failed',
            refundedKobo: Math.max(0, order.refundedKobo - order.refundingKobo),
            refundingKobo: 0,
          },
          event: 'refund_failed',
          notice: null,
          codeUse: null,
          holds: null,
        };
      return unchanged;
    case 'refund-processed': {
      if (!paid) return unchanged;
      if (order.refundStatus === 'pending') {
        // The refund on its way arrived: now a refund of all that was kept cancels the order.
        const before = { ...order, refundedKobo: order.refundedKobo - order.refundingKobo };
        return {
          outcome: 'changed',
          to: {
            refundStatus: 'processed',
            refundingKobo: 0,
            ...cancelledIfRefundedInFull(before, order.refundingKobo),
          },
          event: null,
          notice: null,
          codeUse: null,
          holds: releasedIfRefundedInFull(before, order.refundingKobo),
        };
      }
      if (order.refundStatus === 'requested')
        return decide(order, { kind: 'refund-accept', amountKobo: order.refundingKobo, status: 'processed' });
      if (order.refundStatus === 'processed') return unchanged;
      // Never recorded (null) or read failed: the money went back all the same, so the order records it
      // and the customer, never told, is told once.
      const left = keptKobo(order);
      const amountKobo = Math.min(change.amountKobo ?? left, left);
      if (amountKobo <= 0) return unchanged;
      return {
        outcome: 'changed',
        to: {
          refundStatus: 'processed',
          refundedKobo: order.refundedKobo + amountKobo,
          refundingKobo: 0,
          ...cancelledIfRefundedInFull(order, amountKobo),
        },
        event: 'refunded',
        notice: { kind: 'refunded', amountKobo },
        codeUse: null,
        holds: releasedIfRefundedInFull(order, amountKobo),
      };
    }
    case 'claim-file':
      if (!paid) return refused(CLAIM_REFUSALS.notPaid);
      if (order.status !== 'delivered') return refused(CLAIM_REFUSALS.notDelivered);
      if (order.claimStatus === 'open') return refused(CLAIM_REFUSALS.open);
      if (refundedInFull(order)) return refused(CLAIM_REFUSALS.refundedInFull);
      if (!change.closesAt || change.now.getTime() >= change.closesAt.getTime())
        return refused(CLAIM_REFUSALS.windowClosed);
      return {
        outcome: 'changed',
        to: { claimStatus: 'open' },
        event: 'claim_filed',
        notice: null,
        codeUse: null,
        holds: null,
      };
    case 'claim-decide':
      if (order.claimStatus !== 'open') return refused(CLAIM_REFUSALS.notOpen);
      return {
        outcome: 'changed',
        to: { claimStatus: change.outcome },
        event: change.outcome === 'approved' ? 'claim_approved' : 'claim_declined',
        notice: { kind: 'claim', outcome: change.outcome, note: change.note },
        codeUse: null,
        holds: null,
      };
    case 'remind': {
      // Never a second, never once paid or ended, never before it is due or when it would come too late.
      if (!awaiting || order.paymentRemindedAt !== null) return unchanged;
      const age = change.now.getTime() - order.placedAt.getTime();
      if (age < PAYMENT_REMINDER_AFTER_MS || age > PENDING_ORDER_LIFETIME_MS - PAYMENT_REMINDER_LAST_MS)
        return unchanged;
      return {
        outcome: 'changed',
        to: { paymentRemindedAt: change.now },
        event: 'payment_reminder',
        notice: { kind: 'payment-reminder', payableUntil: payableUntil({ createdAt: order.placedAt }) },
        codeUse: null,
        holds: null,
      };
    }
  }
}

/** A status button of the admin's order details: whether the lifecycle allows it, and how it is done. */
export interface StatusChoice {
  status: OrderStatus;
  allowed: boolean;
  /** A paid order is cancelled by refunding all that is kept ('refund'); anything else directly. */
  via: 'status' | 'refund';
}

/** The admin's choices of status for an order (spec §4's buttons), as the table decides them. */
export function statusChoices(order: OrderFacts): StatusChoice[] {
  const settable = (['processing', 'shipped', 'delivered'] as const).map((status) => ({
    status,
    allowed: decide(order, { kind: 'set-status', status }).outcome === 'changed',
    via: 'status' as const,
  }));
  const paid = order.paymentStatus === 'success';
  const cancel: StatusChoice = paid
    ? {
        status: 'cancelled',
        allowed:
          order.status !== 'cancelled' &&
          decide(order, { kind: 'refund-request', amountKobo: keptKobo(order) }).outcome === 'changed' &&
          order.status !== 'delivered',
        via: 'refund',
      }
    : {
        status: 'cancelled',
        allowed: decide(order, { kind: 'shop-cancel' }).outcome === 'changed',
        via: 'status',
      };
  return [...settable, cancel];
}
