import type { SellerStatus } from '../../db/schema/enums';

/*
 * The seller's rules (issue 51 §1, docs/sellers.md), without the database: the one place each is
 * decided. core/sellers/service.ts applies them.
 */

/** The shop's commission when the owner has set none in settings (whole percent of a seller's sales). */
export const DEFAULT_COMMISSION_PERCENT = 10;

/**
 * When the weekly payout run pays, in the shop's words: db/job-queue.ts's `payout-run` cron, 09:00 UTC on
 * Mondays (Lagos keeps UTC+1 all year). A unit test holds the two together.
 */
export const PAYOUT_RUN_WHEN = 'on Mondays at 10:00';

/** After a bank change, payouts wait this long: time for the seller to say it was not them. */
export const BANK_CHANGE_HOLD_HOURS = 24;

export const SELLER_MESSAGES = {
  secondApplication: 'You already have an application or a seller account: one per person.',
  notYourFarm: 'Choose one of your own farms: only its owner can sell its harvest.',
  bankNotListed: 'Choose your bank from the list.',
  accountNumber: 'The account number is the 10 digits of a Nigerian bank account (NUBAN).',
  unresolved: 'This account number was not found at that bank. Check the number and the bank.',
  accountNameChanged: 'The account name changed since you checked it. Check the account again.',
  commission: 'The commission is a whole percent from 0 to 100.',
  declineReason: 'Say why the application is declined: the farmer reads it.',
  suspendReason: 'Say why the seller is suspended: the seller reads it.',
  password: 'That is not your password.',
  notFound: 'This seller was not found.',
  closed: 'This seller deleted their account: there is no one to approve or to pay.',
  commissionNotYet:
    'Only an approved or suspended seller’s commission can be changed: an application gets its commission when it is approved.',
  accountChangedWhileApproving:
    'The seller changed their bank account just as it was approved; nothing changed. Approve again.',
  banksDown: 'The list of banks cannot be loaded just now. Please try again in a minute.',
  recipientFailed:
    'Paystack did not accept the bank account just now; nothing changed. Try again in a minute.',
} as const;

/** The seller's area's refusals (/seller). */
export const SELLER_AREA = {
  title: 'Sellers only',
  guest: 'Please log in to see your sales.',
  notSeller: "This is the sellers' area. Apply to sell from your farm book's Sell page.",
} as const;

/** What the owner may do to a seller in each standing, and what it becomes. The one table of transitions. */
const TRANSITIONS = {
  approve: { from: ['applied', 'suspended'], to: 'approved' },
  decline: { from: ['applied'], to: 'declined' },
  suspend: { from: ['approved'], to: 'suspended' },
} as const satisfies Record<string, { from: readonly SellerStatus[]; to: SellerStatus }>;

export type SellerDecision = keyof typeof TRANSITIONS;

/** The standing after `decision`, or null when it does not apply to a seller in `status`. */
export function nextStatus(status: SellerStatus, decision: SellerDecision): SellerStatus | null {
  const rule = TRANSITIONS[decision];
  return (rule.from as readonly SellerStatus[]).includes(status) ? rule.to : null;
}

/** A seller's own commission is changed while they sell or are suspended; an application gets one at approval. */
export const mayChangeCommission = (status: SellerStatus) => status === 'approved' || status === 'suspended';

/**
 * What the owner's sellers screen offers for a seller: each decision the table allows, and the commission
 * (`mayChangeCommission`); nothing once the farmer deleted their account (`userId` null: the record
 * stays for the books). The server refuses the same (core/sellers/service.ts).
 */
export function ownerChoices(seller: { status: SellerStatus; userId: string | null }) {
  const open = seller.userId !== null;
  return {
    approve: open && nextStatus(seller.status, 'approve') !== null,
    decline: open && nextStatus(seller.status, 'decline') !== null,
    suspend: open && nextStatus(seller.status, 'suspend') !== null,
    commission: open && mayChangeCommission(seller.status),
  };
}

export const CONFLICT_MESSAGES: Record<SellerDecision, string> = {
  approve: 'Only an application or a suspended seller can be approved.',
  decline: 'Only an application waiting for review can be declined.',
  suspend: 'Only an approved seller can be suspended.',
};

/** A declined application leaves room for a new one; every other standing is the person's one seller. */
export const isActiveStatus = (status: SellerStatus) => status !== 'declined';

/** A whole percent 0–100, or null. */
export function commissionOrNull(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 100 ? n : null;
}

/** The 10 digits of a NUBAN, spaces and dashes typed between them removed; null otherwise. */
export function nubanOrNull(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^[0-9]{10}$/.test(digits) ? digits : null;
}

/** When payouts may start again after a bank change made at `now`. */
export const payoutsHeldUntil = (now: Date) => new Date(now.getTime() + BANK_CHANGE_HOLD_HOURS * 3600_000);

/** Why no payout may leave for this seller at `now` (the payout run and the owner's pay-one ask it). */
export type NotPayable = 'suspended' | 'not_approved' | 'held';

/** Null when a payout may leave for this seller at `now`; otherwise why not. The one test of it. */
export function whyNotPayable(
  seller: { status: SellerStatus; recipientCode: string | null; payoutsHeldUntil: Date | null },
  now: Date,
): NotPayable | null {
  if (seller.status === 'suspended') return 'suspended';
  if (seller.status !== 'approved' || seller.recipientCode === null) return 'not_approved';
  if (seller.payoutsHeldUntil !== null && seller.payoutsHeldUntil > now) return 'held';
  return null;
}
