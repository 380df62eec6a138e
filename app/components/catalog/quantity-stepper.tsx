import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { MAX_LINE_QUANTITY, nextQuantity } from '#core/cart/rules';

/**
 * − [n] + with the spec's rules (§4): an empty field resets to 1, invalid or zero input is ignored.
 * `min` is 1 everywhere the shopper sees it (the cart page never goes below 1).
 */
export function QuantityStepper({
  value,
  onChange,
  label = 'Quantity',
  disabled,
  max = MAX_LINE_QUANTITY,
}: {
  value: number;
  onChange: (quantity: number) => void;
  label?: string;
  disabled?: boolean;
  /** At most this many (what is left of a counted product); never more than a line's limit. */
  max?: number;
}) {
  const most = Math.max(1, Math.min(max, MAX_LINE_QUANTITY));
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const set = (next: number) => {
    setText(String(next));
    if (next !== value) onChange(next);
  };
  return (
    <div className="inline-flex items-center rounded-md border border-slate-300 bg-white">
      <button
        type="button"
        className="flex h-10 w-10 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:opacity-40"
        aria-label={`Decrease ${label.toLowerCase()}`}
        disabled={disabled || value <= 1}
        onClick={() => set(Math.max(1, value - 1))}
      >
        <Minus aria-hidden="true" className="h-4 w-4" />
      </button>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        inputMode="numeric"
        pattern="[0-9]*"
        className="h-10 w-14 border-x border-slate-300 text-center text-base"
        value={text}
        disabled={disabled}
        onChange={(event) => {
          const typed = event.target.value;
          const next = Math.min(nextQuantity(value, typed), most);
          // Keep what was typed while it is a valid number; otherwise show the kept quantity.
          setText(typed.trim() === '' || next !== Number(typed) ? String(next) : typed);
          if (next !== value) onChange(next);
        }}
      />
      <button
        type="button"
        className="flex h-10 w-10 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:opacity-40"
        aria-label={`Increase ${label.toLowerCase()}`}
        disabled={disabled || value >= most}
        onClick={() => set(Math.min(most, value + 1))}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
