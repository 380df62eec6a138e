import { clsx } from 'clsx';
import { Star } from 'lucide-react';

/** Five radio buttons drawn as stars (keyboard: arrow keys move between them). */
export function RatingInput({
  name,
  value,
  onChange,
}: {
  name: string;
  value: number;
  onChange: (rating: number) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Your rating</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <Star
              aria-hidden="true"
              className={clsx('h-7 w-7', n <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300')}
            />
            <span className="sr-only">
              {n} {n === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
