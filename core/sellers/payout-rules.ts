import { randomUUID } from 'node:crypto';
import type { PayoutStatus } from '../../db/schema/enums';
import type { SellerStatus } from '../../db/schema/enums';
import { shopDateTime } from '../calendar';
import { whyNotPayable, type NotPayable } from './rules';

/*
 * The rules of payouts to sellers (issue 51 §5, docs/sellers.md "Payouts"), without the database: what a
 * payout's reference looks like, when a queued one is tried again, which news moves a payout where and
 * whether the money is owed again. core/sellers/payouts.ts applies them.
 */

/** Ours, for Paystack: lowercase letters, digits and dashes, unique for ever (a new one per payout, never per try). */
export const newPayoutReference = () => `fc-payout-${randomUUID()}`;

/** What the seller's bank statement says of the transfer. */
export const PAYOUT_NARRATION = 'FreshCatch: your sales';

/**
 * When a queued payout is tried again after its `attempts`-th try: 2 minutes, doubling, at most an hour.
 * Longer than a sender's try can take (two calls to Paystack and two questions, 10 s each at worst), so a
 * sender's claim outlasts its try: two senders of the same payout are rare, and harmless (the same
 * reference is one transfer).
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(120_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * How long after a transfer was first asked of Paystack a payout may still be answered by it (a try whose
 * answer was lost may land late): until then we never fail it ourselves.
 */
export const UNSURE_AFTER_SENDING_MS = 24 * 3_600_000;

/** Payouts still on their way: the seller has one at a time. */
export const OPEN_PAYOUT_STATUSES = ['queued', 'pending', 'otp'] as const satisfies readonly PayoutStatus[];
export const isOpenPayout = (status: PayoutStatus) =>
  (OPEN_PAYOUT_STATUSES as readonly PayoutStatus[]).includes(status);

/**
 * Where news about a transfer moves a payout in `from`, and whether its money is owed to the seller again:
 * null when it changes nothing (a replayed webhook, news older than what we know). A failed or reversed
 * transfer gives the money back once; a success can still be reversed (the money came back).
 */
export function payoutMove(
  from: PayoutStatus,
  news: PayoutStatus,
): { to: PayoutStatus; owedAgain: boolean } | null {
  if (from === news) return null;
  if (isOpenPayout(from)) {
    if (news === 'queued') return null;
    return { to: news, owedAgain: news === 'failed' || news === 'reversed' };
  }
  if (from === 'success' && news === 'reversed') return { to: 'reversed', owedAgain: true };
  return null;
}

export const PAYOUT_MESSAGES = {
  password: 'That is not your password.',
  suspended: 'This seller is suspended: no payout can be made to them.',
  notApproved: 'Only an approved seller is paid.',
  held: (until: Date) =>
    `Payouts to this seller are held until ${shopDateTime(until)} after a change of bank account.`,
  /** Why the owner's "pay this seller" is refused. */
  refused: (why: NotPayable, heldUntil: Date | null) =>
    why === 'suspended'
      ? PAYOUT_MESSAGES.suspended
      : why === 'held' && heldUntil
        ? PAYOUT_MESSAGES.held(heldUntil)
        : PAYOUT_MESSAGES.notApproved,
  open: 'A payout to this seller is already on its way.',
  nothingPayable: 'Nothing is payable to this seller now: their money waits for the claim window to close.',
  notFound: 'This seller was not found.',
  /** Why a queued payout was not sent after all (the money is owed again). */
  cancelledSuspended: 'Not sent: the seller was suspended before it left. The money is owed again.',
  cancelledBank: 'Not sent: the seller changed their bank account before it left. The money is owed again.',
  otp:
    'Paystack waits for an OTP for this transfer: turn off OTP for transfers in Paystack (Settings → ' +
    'Preferences), then finish or cancel it in Paystack’s dashboard.',
  retrying: (at: Date) => `Paystack did not answer; it is asked again at ${shopDateTime(at)}.`,
  /** A payout already asked of Paystack whose seller may no longer be paid, or that a retry was refused. */
  unsure: (why: string, at: Date) =>
    `${why} An earlier try may still reach Paystack, so it is asked again at ${shopDateTime(at)} before anything is decided.`,
} as const;

/** How the owner reads a payout's state. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  queued: 'Sending',
  pending: 'With Paystack',
  otp: 'Waiting for an OTP',
  success: 'Paid',
  failed: 'Failed — owed again',
  reversed: 'Reversed — owed again',
};

/** How the owner's screen names a seller's standing for payouts: "Approved", "Suspended", "Held until 4 Dec, 05:06". */
export function payoutStanding(
  seller: { status: SellerStatus; recipientCode: string | null; payoutsHeldUntil: Date | null },
  now: Date,
): string {
  switch (whyNotPayable(seller, now)) {
    case null:
      return 'Approved';
    case 'suspended':
      return 'Suspended';
    case 'held':
      return `Held until ${shopDateTime(seller.payoutsHeldUntil!)}`;
    case 'not_approved':
      return 'Not approved';
  }
}
