/** Review form rules (spec §5): a rating from 1 to 5, 5 by default. */
export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const DEFAULT_REVIEW_RATING = 5;
