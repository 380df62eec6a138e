import { Star } from 'lucide-react';

export function RatingStars({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'md' }) {
  const rounded = Math.round(rating * 2) / 2;
  const cls = size === 'sm' ? 'h-4 w-4' : 'h-5 w-5';
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${rounded} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`${cls} ${n <= rounded ? 'fill-amber-400 text-amber-400' : n - 0.5 === rounded ? 'fill-amber-200 text-amber-400' : 'text-slate-300'}`}
        />
      ))}
    </span>
  );
}
