import * as z from 'zod/mini';
import { rowIdAsSent } from '../ids';
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

/**
 * What a product page posts: a review, or (admins) the deletion of one. A deletion's review id is not
 * judged by the schema, so the form cannot be refused before the admin check: core answers an id that
 * names no review with 404.
 */
export const ReviewActionSchema = z.discriminatedUnion('intent', [
  z.extend(ReviewSchema, { intent: z.literal('review') }),
  z.object({ intent: z.literal('delete-review'), reviewId: rowIdAsSent }),
]);
export type ReviewActionInput = z.infer<typeof ReviewActionSchema>;
