import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISCOUNT_SORT,
  discountCodeColumns,
  discountUsageLabel,
  discountValueLabel,
  expiryMoment,
  freeDeliveryStatus,
  nextDiscountSort,
} from '#core/discounts/admin-rules';
import { formatNaira } from '#core/money';
import { DiscountCodeFormSchema } from '#core/discounts/schemas';
import * as z from 'zod/mini';

// Spec §4, §5 "Discount code form (admin)", §9 sorting.
describe('discount code admin rules', () => {
  it('sorts created_at descending by default; a header toggles; a new column starts ascending', () => {
    expect(DEFAULT_DISCOUNT_SORT).toEqual({ column: 'created', dir: 'desc' });
    expect(nextDiscountSort(DEFAULT_DISCOUNT_SORT, 'usage')).toEqual({ column: 'usage', dir: 'asc' });
    expect(nextDiscountSort({ column: 'usage', dir: 'asc' }, 'usage')).toEqual({
      column: 'usage',
      dir: 'desc',
    });
    expect(nextDiscountSort({ column: 'usage', dir: 'desc' }, 'usage')).toEqual({
      column: 'usage',
      dir: 'asc',
    });
    expect(nextDiscountSort({ column: 'usage', dir: 'desc' }, 'code')).toEqual({
      column: 'code',
      dir: 'asc',
    });
  });

  it('freedelivery is Active until its 20th paid Port Harcourt order', () => {
    expect(freeDeliveryStatus(0)).toBe('Active');
    expect(freeDeliveryStatus(19)).toBe('Active');
    expect(freeDeliveryStatus(20)).toBe('Expired');
  });

  it('saves only the type’s fields, nulls for blanks, and the expiry as the end of that day in Lagos', () => {
    const base = {
      discountAmount: 50_000,
      discountPercent: 10,
      minOrderAmount: 100_000,
      usageLimit: null,
      locationRestriction: null,
      expiresAt: null,
      active: true,
    };
    expect(discountCodeColumns({ ...base, type: 'amount' })).toMatchObject({
      discountAmountKobo: 50_000,
      discountPercent: null,
      minOrderAmountKobo: null,
    });
    expect(discountCodeColumns({ ...base, type: 'percent' })).toMatchObject({
      discountAmountKobo: null,
      discountPercent: 10,
    });
    expect(discountCodeColumns({ ...base, type: 'free_delivery' })).toMatchObject({
      discountAmountKobo: 0,
      discountPercent: null,
      minOrderAmountKobo: 100_000,
    });
    expect(() => discountCodeColumns({ ...base, type: 'percent', discountPercent: null })).toThrow(
      'Enter the percentage off for a percent code',
    );
    expect(expiryMoment('2026-12-31').toISOString()).toBe('2026-12-31T22:59:59.999Z');
  });

  it('labels value and usage', () => {
    const code = { discountPercent: null, discountAmountKobo: null, minOrderAmountKobo: null };
    expect(discountValueLabel({ ...code, type: 'percent', discountPercent: 15 }, formatNaira)).toBe('15%');
    expect(discountValueLabel({ ...code, type: 'amount', discountAmountKobo: 500_000 }, formatNaira)).toBe(
      '₦5,000',
    );
    expect(
      discountValueLabel({ ...code, type: 'free_delivery', minOrderAmountKobo: 2_000_000 }, formatNaira),
    ).toBe('Free delivery (min ₦20,000)');
    expect(discountUsageLabel({ usedCount: 3, usageLimit: 20 })).toBe('3 / 20');
    expect(discountUsageLabel({ usedCount: 3, usageLimit: null })).toBe('3');
  });
});

describe('the expiry date of the discount code form', () => {
  const expiry = (expiresAt: string) =>
    z.safeParse(DiscountCodeFormSchema, { code: 'DATED', type: 'amount', discountAmount: '5', expiresAt });

  it('takes a day the calendar has, leap days included', () => {
    for (const day of ['2026-12-31', '2028-02-29', '2026-01-01'])
      expect(expiry(day)).toMatchObject({ success: true, data: { expiresAt: day } });
  });

  it('refuses a day the calendar lacks instead of rolling it into the next month', () => {
    for (const day of ['2026-02-31', '2027-02-29', '2026-04-31', '2026-13-01', '2026-00-10'])
      expect(expiry(day).error?.issues[0]?.message).toBe(`There is no such date as ${day}`);
  });
});
