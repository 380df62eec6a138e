import { DISCOUNT_TYPES, type DiscountType } from '../../db/schema/enums';

/** The types are the schema's (db/schema/enums.ts). */
export { DISCOUNT_TYPES, type DiscountType };

/**
 * A discount type in words, wherever one is shown to people (the codes list, the code form, the
 * activity log): the spec's own words for the types (§5, §9: an amount, a percent, free delivery),
 * never the stored value ('free_delivery').
 */
const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = {
  amount: 'Amount',
  percent: 'Percent',
  free_delivery: 'Free delivery',
};

export function discountTypeLabel(type: DiscountType): string {
  return DISCOUNT_TYPE_LABELS[type];
}

export function isDiscountType(value: unknown): value is DiscountType {
  return typeof value === 'string' && (DISCOUNT_TYPES as readonly string[]).includes(value);
}
