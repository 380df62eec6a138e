import { Invalid } from '../errors';
import type { DiscountType } from './types';

/** The admin's discount codes (spec §2 "Discount Codes", §4, §5, §9): pure rules the screen and service share. */

export const DISCOUNT_CODE_MESSAGES = {
  duplicate: 'A discount code with this name already exists',
  notFound: 'This discount code no longer exists.',
  percentNeeded: 'Enter the percentage off for a percent code',
  amountNeeded: 'Enter the amount off for an amount code',
  limitBelowUsed: (used: number) =>
    `The usage limit cannot be below the ${used} ${used === 1 ? 'use' : 'uses'} already counted.`,
};

/** The special code and its promotion (spec §4, §9). */
export const FREE_DELIVERY_CODE = 'FREEDELIVERY';
export const FREE_DELIVERY_CAP = 20;
export const FREE_DELIVERY_LOCATION = 'Port Harcourt';

/** 'freedelivery' is Active until 20 paid Port Harcourt orders have used it, then Expired (spec §4). */
export function freeDeliveryStatus(paidUses: number): 'Active' | 'Expired' {
  return paidUses >= FREE_DELIVERY_CAP ? 'Expired' : 'Active';
}

/** The sortable columns (Code, Value, Usage, Expires) and the default, created_at (spec §2, §9). */
export const DISCOUNT_SORT_COLUMNS = ['code', 'value', 'usage', 'expires', 'created'] as const;
export type DiscountSortColumn = (typeof DISCOUNT_SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';
export interface DiscountSort {
  column: DiscountSortColumn;
  dir: SortDirection;
}

export const DEFAULT_DISCOUNT_SORT: DiscountSort = { column: 'created', dir: 'desc' };

/** The sort a header asks for: the same column toggles; a new column starts ascending (spec §9). */
export function nextDiscountSort(current: DiscountSort, column: DiscountSortColumn): DiscountSort {
  if (current.column === column) return { column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { column, dir: 'asc' };
}

export interface DiscountCodeInput {
  code?: string;
  type: DiscountType;
  discountAmount: number | null;
  discountPercent: number | null;
  minOrderAmount: number | null;
  usageLimit: number | null;
  locationRestriction: string | null;
  expiresAt: string | null;
  active: boolean;
}

/**
 * An expiry date ('2026-12-31') as the moment it ends in the shop's time zone (Lagos, UTC+1, no
 * daylight saving): a code that "expires Dec 31" works all of Dec 31 and is shown as 'Dec 31, 2026'.
 */
export function expiryMoment(date: string): Date {
  return new Date(`${date}T23:59:59.999+01:00`);
}

/**
 * What is saved (spec §5 "On save"): an amount code keeps its amount and no percent; a percent code
 * its percent and no amount; free delivery an amount of 0 and no percent; empty optionals are null;
 * the expiry a timestamp. Beyond the spec, a percent or amount code must have its value, since
 * checkout refuses one without it.
 */
export function discountCodeColumns(input: DiscountCodeInput) {
  if (input.type === 'percent' && !input.discountPercent)
    throw new Invalid(DISCOUNT_CODE_MESSAGES.percentNeeded, {
      discountPercent: [DISCOUNT_CODE_MESSAGES.percentNeeded],
    });
  if (input.type === 'amount' && !input.discountAmount)
    throw new Invalid(DISCOUNT_CODE_MESSAGES.amountNeeded, {
      discountAmount: [DISCOUNT_CODE_MESSAGES.amountNeeded],
    });
  return {
    type: input.type,
    discountAmountKobo:
      input.type === 'amount' ? input.discountAmount : input.type === 'free_delivery' ? 0 : null,
    discountPercent: input.type === 'percent' ? input.discountPercent : null,
    minOrderAmountKobo: input.type === 'free_delivery' ? input.minOrderAmount : null,
    usageLimit: input.usageLimit,
    locationRestriction: input.locationRestriction,
    expiresAt: input.expiresAt ? expiryMoment(input.expiresAt) : null,
    active: input.active,
  };
}

/** The Value column: '10%', '₦5,000', 'Free delivery' (with its minimum order, if any). */
export function discountValueLabel(
  code: {
    type: DiscountType;
    discountPercent: number | null;
    discountAmountKobo: number | null;
    minOrderAmountKobo: number | null;
  },
  formatMoney: (kobo: number) => string,
): string {
  if (code.type === 'percent') return `${code.discountPercent ?? 0}%`;
  if (code.type === 'amount') return formatMoney(code.discountAmountKobo ?? 0);
  return code.minOrderAmountKobo
    ? `Free delivery (min ${formatMoney(code.minOrderAmountKobo)})`
    : 'Free delivery';
}

/** The Usage column: '3 / 20', or '3' when there is no limit. */
export function discountUsageLabel(code: { usedCount: number; usageLimit: number | null }): string {
  return code.usageLimit === null ? String(code.usedCount) : `${code.usedCount} / ${code.usageLimit}`;
}
