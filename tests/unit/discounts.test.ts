import { describe, expect, it } from 'vitest';
import { formatNaira } from '#core/money';
import {
  checkDiscount,
  discountDisplayStatus,
  discountToast,
  normalizeDiscountCode,
  type DiscountCodeFacts,
} from '#core/discounts/rules';

const now = new Date('2026-11-22T12:00:00Z');
const code = (overrides: Partial<DiscountCodeFacts>): DiscountCodeFacts => ({
  code: 'FRESH10',
  active: true,
  type: 'percent',
  discountPercent: 10,
  discountAmountKobo: null,
  minOrderAmountKobo: null,
  expiresAt: null,
  usageLimit: null,
  usedCount: 0,
  locationRestriction: null,
  ...overrides,
});
const check = (
  c: DiscountCodeFacts | undefined,
  subtotalKobo = 1_000_000,
  deliveryLocation = 'Port Harcourt',
) => checkDiscount(c, { subtotalKobo, deliveryLocation, now, formatMoney: formatNaira });

describe('discount validation (spec §5), with every message', () => {
  it('looks codes up in upper case', () =>
    expect(normalizeDiscountCode(' freeDelivery ')).toBe('FREEDELIVERY'));

  it("unknown or inactive: 'Invalid or expired discount code.'", () => {
    expect(check(undefined)).toEqual({
      ok: false,
      reason: 'unknown',
      message: 'Invalid or expired discount code.',
    });
    expect(check(code({ active: false }))).toMatchObject({ message: 'Invalid or expired discount code.' });
  });

  it("expired: 'This discount code has expired.'", () => {
    expect(check(code({ expiresAt: new Date('2026-11-01') }))).toMatchObject({
      ok: false,
      message: 'This discount code has expired.',
    });
  });

  it("usage limit reached: 'This discount code is no longer valid as it reached its usage limit.'", () => {
    expect(check(code({ usageLimit: 20, usedCount: 20 }))).toMatchObject({
      ok: false,
      message: 'This discount code is no longer valid as it reached its usage limit.',
    });
    expect(check(code({ usageLimit: 20, usedCount: 19 })).ok).toBe(true);
  });

  it("wrong location: 'This discount code is only valid for {location} deliveries.' (case-insensitive)", () => {
    const phOnly = code({
      type: 'free_delivery',
      discountPercent: null,
      locationRestriction: 'Port Harcourt',
    });
    expect(check(phOnly, 1_000_000, 'Lagos')).toMatchObject({
      ok: false,
      message: 'This discount code is only valid for Port Harcourt deliveries.',
    });
    expect(check(phOnly, 1_000_000, ' port harcourt ').ok).toBe(true);
  });

  it("a type without its value: 'Invalid discount type or amount for this code.'", () => {
    expect(check(code({ discountPercent: 0 }))).toMatchObject({
      message: 'Invalid discount type or amount for this code.',
    });
    expect(check(code({ type: 'amount', discountPercent: null, discountAmountKobo: null }))).toMatchObject({
      message: 'Invalid discount type or amount for this code.',
    });
  });

  it("free delivery under its minimum: 'Free delivery requires a minimum order subtotal of ₦10,000'", () => {
    const fd = code({ type: 'free_delivery', discountPercent: null, minOrderAmountKobo: 1_000_000 });
    expect(check(fd, 999_900)).toMatchObject({
      ok: false,
      message: 'Free delivery requires a minimum order subtotal of ₦10,000',
    });
    expect(check(fd, 1_000_000)).toEqual({
      ok: true,
      discount: { type: 'free_delivery', code: 'FRESH10', minOrderAmountKobo: 1_000_000 },
    });
  });

  it('checks in the spec’s order: an expired code past its limit says it expired', () => {
    expect(check(code({ expiresAt: new Date('2026-01-01'), usageLimit: 1, usedCount: 1 }))).toMatchObject({
      ok: false,
      reason: 'expired',
    });
  });
});

describe('discount toasts (spec §8)', () => {
  it("'Discount Applied' with '{n}% discount applied!'", () => {
    expect(discountToast(check(code({})), formatNaira)).toEqual({
      title: 'Discount Applied',
      description: '10% discount applied!',
    });
  });
  it('names the error kinds', () => {
    expect(discountToast(check(code({ expiresAt: new Date('2020-01-01') })), formatNaira).title).toBe(
      'Discount Code Expired',
    );
    expect(discountToast(check(undefined), formatNaira).title).toBe('Discount Code Error');
    expect(discountToast(check(code({ discountPercent: null })), formatNaira).title).toBe('Discount Error');
  });
  it('mentions the Port Harcourt promotion for free delivery', () => {
    const fd = check(code({ type: 'free_delivery', discountPercent: null }));
    expect(discountToast(fd, formatNaira).description).toContain('Port Harcourt');
  });
});

describe('discount display status (spec §4)', () => {
  it('is Expired when inactive, past expiry, or at its usage limit; otherwise Active', () => {
    expect(discountDisplayStatus(code({}), now)).toBe('Active');
    expect(discountDisplayStatus(code({ active: false }), now)).toBe('Expired');
    expect(discountDisplayStatus(code({ expiresAt: new Date('2026-11-21') }), now)).toBe('Expired');
    expect(discountDisplayStatus(code({ expiresAt: new Date('2026-12-01') }), now)).toBe('Active');
    expect(discountDisplayStatus(code({ usageLimit: 20, usedCount: 20 }), now)).toBe('Expired');
    expect(discountDisplayStatus(code({ usageLimit: 20, usedCount: 19 }), now)).toBe('Active');
  });
});
