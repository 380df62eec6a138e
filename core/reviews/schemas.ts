import * as z from 'zod/mini';
import { MAX_RATING, MIN_RATING } from './rules';

const RATING_MESSAGE = 'Choose a rating from 1 to 5';

export const ReviewSchema = z.object({
  rating: z.coerce
    .number({ error: RATING_MESSAGE })
    .check(
      z.int(RATING_MESSAGE),
      z.minimum(MIN_RATING, RATING_MESSAGE),
      z.maximum(MAX_RATING, RATING_MESSAGE),
    ),
  reviewText: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please write a few words about the product'),
      z.maxLength(2000, 'Please keep your review under 2,000 characters'),
    ),
});
export type ReviewInput = z.infer<typeof ReviewSchema>;
