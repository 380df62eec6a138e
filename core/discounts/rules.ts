import type { DiscountType } from './types';

/** A discount code as the rules need it (the database row, in kobo). */
export interface DiscountCodeFacts {
  code: string;
  active: boolean;
  type: DiscountType;
  discountPercent: number | null;
  discountAmountKobo: number | null;
  minOrderAmountKobo: number | null;
  expiresAt: Date | null;
  usageLimit: number | null;
  usedCount: number;
  locationRestriction: string | null;
}

/** Spec §5's messages, word for word. */
export const DISCOUNT_MESSAGES = {
  unknown: 'Invalid or expired discount code.',
  expired: 'This discount code has expired.',
  limit: 'This discount code is no longer valid as it reached its usage limit.',
  location: (location: string) => `This discount code is only valid for ${location} deliveries.`,
  type: 'Invalid discount type or amount for this code.',
  minimum: (amount: string) => `Free delivery requires a minimum order subtotal of ${amount}`,
  /** Ours, not the spec's: too many unknown codes tried (core/discounts/guessing.ts). */
  guesses: (minutes: number) => `Too many discount codes tried. Please try again in ${minutes} minutes.`,
  /**
   * Ours: a free-delivery code on an order the shop already delivers free (decision 045). The order goes
   * without it, so the code is not used up.
   */
  notNeeded: 'Delivery is already free for this order, so this code is not needed. Keep it for another time.',
};

export type DiscountRefusal =
  'unknown' | 'expired' | 'limit' | 'location' | 'type' | 'minimum' | 'guesses' | 'not-needed';

export type AppliedDiscount =
  | { type: 'percent'; code: string; percent: number }
  | { type: 'amount'; code: string; amountKobo: number }
  | { type: 'free_delivery'; code: string; minOrderAmountKobo: number | null };

export type DiscountCheck =
  { ok: true; discount: AppliedDiscount } | { ok: false; reason: DiscountRefusal; message: string };

/** Codes are looked up in upper case (spec §5). */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

const sameLocation = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Spec §5, in its order: unknown or inactive, expired, usage limit reached, wrong delivery location,
 * a type without its value, then a free-delivery minimum the subtotal does not reach.
 * `formatMoney` renders the minimum in the message (₦, en-NG).
 */
export function checkDiscount(
  code: DiscountCodeFacts | undefined,
  context: {
    subtotalKobo: number;
    deliveryLocation: string;
    now: Date;
    formatMoney: (kobo: number) => string;
  },
): DiscountCheck {
  if (!code || !code.active) return { ok: false, reason: 'unknown', message: DISCOUNT_MESSAGES.unknown };
  if (code.expiresAt && code.expiresAt.getTime() <= context.now.getTime()) {
    return { ok: false, reason: 'expired', message: DISCOUNT_MESSAGES.expired };
  }
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) {
    return { ok: false, reason: 'limit', message: DISCOUNT_MESSAGES.limit };
  }
  if (
    code.locationRestriction &&
    code.locationRestriction.trim() &&
    !sameLocation(code.locationRestriction, context.deliveryLocation)
  ) {
    return {
      ok: false,
      reason: 'location',
      message: DISCOUNT_MESSAGES.location(code.locationRestriction.trim()),
    };
  }
  if (code.type === 'percent') {
    if (!code.discountPercent || code.discountPercent <= 0)
      return { ok: false, reason: 'type', message: DISCOUNT_MESSAGES.type };
    return { ok: true, discount: { type: 'percent', code: code.code, percent: code.discountPercent } };
  }
  if (code.type === 'amount') {
    if (code.discountAmountKobo === null || code.discountAmountKobo <= 0) {
      return { ok: false, reason: 'type', message: DISCOUNT_MESSAGES.type };
    }
    return { ok: true, discount: { type: 'amount', code: code.code, amountKobo: code.discountAmountKobo } };
  }
  if (code.minOrderAmountKobo && context.subtotalKobo < code.minOrderAmountKobo) {
    return {
      ok: false,
      reason: 'minimum',
      message: DISCOUNT_MESSAGES.minimum(context.formatMoney(code.minOrderAmountKobo)),
    };
  }
  return {
    ok: true,
    discount: { type: 'free_delivery', code: code.code, minOrderAmountKobo: code.minOrderAmountKobo },
  };
}

/**
 * Discount display status (spec §4): Expired when inactive, past its expiry, or its usage limit is
 * set and reached; otherwise Active.
 */
export function discountDisplayStatus(
  code: Pick<DiscountCodeFacts, 'active' | 'expiresAt' | 'usageLimit' | 'usedCount'>,
  now: Date,
) {
  const expired =
    !code.active ||
    (code.expiresAt !== null && code.expiresAt.getTime() < now.getTime()) ||
    (code.usageLimit !== null && code.usedCount >= code.usageLimit);
  return expired ? 'Expired' : 'Active';
}

/** Toast title and text for a checked code (spec §8: 'Discount Applied', '{n}% discount applied!'…). */
export function discountToast(check: DiscountCheck, formatMoney: (kobo: number) => string) {
  if (check.ok) {
    const d = check.discount;
    if (d.type === 'percent')
      return { title: 'Discount Applied', description: `${d.percent}% discount applied!` };
    if (d.type === 'amount')
      return { title: 'Discount Applied', description: `${formatMoney(d.amountKobo)} discount applied!` };
    return {
      title: 'Discount Applied',
      description: 'Free delivery applied! A promotion for our Port Harcourt customers.',
    };
  }
  if (check.reason === 'expired' || check.reason === 'limit')
    return { title: 'Discount Code Expired', description: check.message };
  if (check.reason === 'type' || check.reason === 'minimum')
    return { title: 'Discount Error', description: check.message };
  if (check.reason === 'not-needed') return { title: 'Delivery Already Free', description: check.message };
  return { title: 'Discount Code Error', description: check.message };
}
