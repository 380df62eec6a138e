/** Review form rules (spec §5): a rating from 1 to 5, 5 by default. */
export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const DEFAULT_REVIEW_RATING = 5;

/** Spec §5: only a shopper with an order containing the product may review it. */
export const NOT_A_BUYER = "You can only review products you've purchased.";
