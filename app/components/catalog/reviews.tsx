import { Suspense, useState } from 'react';
import { Await, Link, useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { formatShopperDate } from '~/lib/dates';
import type { ActionFailure, ActionResult, ActionToast } from '~/lib/action-result';
import { settledData, useActionResult } from '~/lib/use-action-result';
import { DEFAULT_REVIEW_RATING } from '#core/reviews/rules';
import type { ReviewView } from '#core/reviews/service';
import { RatingInput } from './rating-input';
import { RatingStars } from './rating-stars';
import { NOT_A_BUYER } from '#core/reviews/rules';

/** Spec §8: a refused review is 'Not allowed' for a shopper who has not bought it, else 'Error'. */
function reviewFailureToast(failure: ActionFailure): ActionToast {
  if (failure.error.title === 'Not allowed') return { title: 'Not allowed', description: NOT_A_BUYER };
  if (failure.error.title === 'Already reviewed')
    return { title: 'Error', description: failure.error.message };
  return { title: 'Error', description: 'Failed to submit your review. Please try again.' };
}

function ReviewForm({ productId }: { productId: number }) {
  const fetcher = useFetcher<ActionResult>();
  const [rating, setRating] = useState(DEFAULT_REVIEW_RATING);
  const [text, setText] = useState('');
  const submitting = fetcher.state !== 'idle';
  useActionResult(settledData(fetcher), {
    onSuccess: () => {
      setRating(DEFAULT_REVIEW_RATING);
      setText('');
    },
    failureToast: reviewFailureToast,
  });

  return (
    <fetcher.Form
      method="post"
      action={`/products/${productId}`}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 className="font-semibold">Write a review</h3>
      <input type="hidden" name="intent" value="review" />
      <RatingInput name="rating" value={rating} onChange={setRating} />
      <div>
        <label htmlFor="review-text" className="block text-sm font-medium text-slate-800">
          Your review
        </label>
        <textarea
          id="review-text"
          name="reviewText"
          rows={4}
          required
          maxLength={2000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          placeholder="How was the freshness, the size, the delivery?"
        />
      </div>
      <Button type="submit" disabled={text.trim() === '' || submitting}>
        {submitting ? 'Submitting...' : 'Submit Review'}
      </Button>
    </fetcher.Form>
  );
}

function DeleteReviewButton({ productId, reviewId }: { productId: number; reviewId: number }) {
  const fetcher = useFetcher<ActionResult>();
  // Read as soon as it arrives, not once settled: the revalidated list no longer has this review, so
  // the button is gone by then and 'Review deleted' was never shown.
  useActionResult(fetcher.data, { failureToast: () => ({ title: 'Failed to delete review.' }) });
  return (
    <fetcher.Form method="post" action={`/products/${productId}`}>
      <input type="hidden" name="intent" value="delete-review" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <Button type="submit" variant="destructive" size="sm" disabled={fetcher.state !== 'idle'}>
        Delete
      </Button>
    </fetcher.Form>
  );
}

function ReviewList({
  reviews,
  productId,
  isAdmin,
}: {
  reviews: ReviewView[];
  productId: number;
  isAdmin: boolean;
}) {
  if (reviews.length === 0)
    return <p className="text-slate-700">No reviews yet. Be the first to review this product!</p>;
  return (
    <ul className="space-y-4">
      {reviews.map((review) => (
        <li key={review.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <p className="font-semibold">{review.reviewerName?.trim() || 'Anonymous User'}</p>
              <div className="flex items-center gap-2 text-sm text-slate-600">
                <RatingStars rating={review.rating} />
                <time dateTime={new Date(review.createdAt).toISOString()}>
                  {formatShopperDate(review.createdAt)}
                </time>
              </div>
            </div>
            {isAdmin ? <DeleteReviewButton productId={productId} reviewId={review.id} /> : null}
          </div>
          <p className="mt-2 whitespace-pre-line text-slate-800">{review.reviewText}</p>
        </li>
      ))}
    </ul>
  );
}

export function ReviewsPanel({
  reviews,
  productId,
  reviewCount,
  signedIn,
  mayReview,
  isAdmin,
}: {
  reviews: Promise<ReviewView[]>;
  productId: number;
  reviewCount: number;
  signedIn: boolean;
  /** The shopper has bought it: the only ones whose review the server accepts; undefined while unknown. */
  mayReview: boolean | undefined;
  isAdmin: boolean;
}) {
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold">
        {reviewCount} {reviewCount === 1 ? 'Review' : 'Reviews'}
      </h2>
      <Suspense fallback={<Spinner label="Loading reviews…" />}>
        <Await
          resolve={reviews}
          errorElement={<p className="text-slate-700">Reviews could not be loaded just now.</p>}
        >
          {(list) => <ReviewList reviews={list} productId={productId} isAdmin={isAdmin} />}
        </Await>
      </Suspense>
      {signedIn && mayReview === undefined ? null : signedIn && mayReview ? (
        <ReviewForm productId={productId} />
      ) : signedIn ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-800">{NOT_A_BUYER}</p>
      ) : (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-800">
          <Link
            to={`/login?redirectTo=${encodeURIComponent(`/products/${productId}`)}`}
            className="font-semibold text-brand-700 hover:underline"
          >
            Please log in to leave a review.
          </Link>
        </p>
      )}
    </div>
  );
}
