export const DISCOUNT_TYPES = ['free_delivery', 'percent', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
