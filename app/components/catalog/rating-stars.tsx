import { clsx } from 'clsx';

/**
 * Five stars filled to the rating (to the half star), drawn as text: a product grid shows dozens of
 * these, and five SVG icons each would double the page's weight.
 */
export function RatingStars({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'md' }) {
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span
      role="img"
      aria-label={`Rated ${rounded} out of 5`}
      className={clsx(
        'relative inline-block leading-none tracking-[0.1em] whitespace-nowrap',
        size === 'sm' ? 'text-base' : 'text-xl',
      )}
    >
      <span aria-hidden="true" className="text-slate-300">
        ★★★★★
      </span>
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-0 overflow-hidden text-amber-500"
        style={{ width: `${(rounded / 5) * 100}%` }}
      >
        ★★★★★
      </span>
    </span>
  );
}
