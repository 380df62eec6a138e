import { describe, expect, it } from 'vitest';
import { formatAuditValue } from '#core/audit/kinds';
import { DISCOUNT_TYPES, discountTypeLabel, isDiscountType } from '#core/discounts/types';

// Spec §3 stores a code's type as free_delivery, percent or amount; §5 and §9 speak of "type percent",
// "type amount", "an amount discount", "a percent discount" and "a free-delivery code". People read
// those words (the list once showed 'free_delivery').
describe('discount types named for people', () => {
  it('names each type in the spec’s words', () => {
    expect(discountTypeLabel('amount')).toBe('Amount');
    expect(discountTypeLabel('percent')).toBe('Percent');
    expect(discountTypeLabel('free_delivery')).toBe('Free delivery');
  });

  it('never shows a stored value', () => {
    for (const type of DISCOUNT_TYPES) {
      expect(discountTypeLabel(type)).not.toMatch(/_/);
      expect(discountTypeLabel(type)).toMatch(/^[A-Z]/);
    }
  });

  it('knows a discount type from any other value', () => {
    expect(isDiscountType('free_delivery')).toBe(true);
    expect(isDiscountType('Free delivery')).toBe(false);
    expect(isDiscountType(null)).toBe(false);
  });

  it('names the type in the activity log: a code’s own, and the one an order kept', () => {
    expect(formatAuditValue('type', 'free_delivery', 'discount_code')).toBe('Free delivery');
    expect(formatAuditValue('discountType', 'percent', 'order')).toBe('Percent');
    expect(formatAuditValue('discountType', null, 'order')).toBe('—');
    // A field called 'type' on something else is not taken for a discount type.
    expect(formatAuditValue('type', 'amount', 'product')).toBe('amount');
  });
});
