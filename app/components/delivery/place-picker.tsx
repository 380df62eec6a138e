import { useId, useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { inputClasses } from '~/components/ui/field';
import { useHydrated } from '~/lib/use-hydrated';
import {
  matchPlace,
  PLACE_NOT_LISTED,
  PLACE_NOT_LISTED_LABEL,
  PLACE_NOT_LISTED_NOTE,
} from '#core/delivery/places';

/**
 * A place from the list the shop delivers to (core/delivery/places.ts): a select of its places and "My
 * town is not listed", which reveals a field for the town and says what that means (the default fees,
 * no delivery slots) before the buyer pays. A plain select and text field: it works on any phone, and in
 * a plain form (`name`, `typedName`) before JavaScript, when the town field is shown from the start.
 * `onChange` gets the place as it will be saved: a listed one in the list's spelling, a town as typed.
 */
export function PlacePicker({
  label,
  places,
  value,
  onChange,
  name,
  typedName,
  placeholder,
  error,
  id: givenId,
  className,
}: {
  label: string;
  places: readonly string[];
  /** The place chosen: the saved one in a form, or the page's own as `onChange` reports it. */
  value: string;
  onChange?: (place: string) => void;
  name?: string;
  typedName?: string;
  /** An empty first choice (a profile without a location yet). */
  placeholder?: string;
  error?: string;
  id?: string;
  className?: string;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hydrated = useHydrated();
  const pick = (place: string) => {
    const match = matchPlace(place, places);
    if (match.listed) return { choice: match.place, typed: '' };
    return { choice: match.place || !placeholder ? PLACE_NOT_LISTED : '', typed: match.place };
  };
  const [picked, setPicked] = useState(() => pick(value));
  const { choice, typed } = picked;
  const unlisted = choice === PLACE_NOT_LISTED;
  const typedMatch = matchPlace(typed, places);
  const current = unlisted ? typedMatch.place : choice;
  // A place the page sets itself (an unpaid order's choices resumed) is shown as chosen.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (matchPlace(value, places).place !== current) setPicked(pick(value));
  }

  const choose = (next: string) => {
    setPicked({ choice: next, typed });
    onChange?.(next === PLACE_NOT_LISTED ? typedMatch.place : next);
  };
  const type = (next: string) => {
    setPicked({ choice, typed: next });
    onChange?.(matchPlace(next, places).place);
  };
  // A town typed that is on the list after all ("lagos") is chosen from the list once the field is left.
  const settle = () => {
    if (typedMatch.listed) setPicked({ choice: typedMatch.place, typed: '' });
  };

  const noteId = `${id}-not-listed`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={choice}
        onChange={(e) => choose(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClasses} mt-1`}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {places.map((place) => (
          <option key={place} value={place}>
            {place}
          </option>
        ))}
        <option value={PLACE_NOT_LISTED}>{PLACE_NOT_LISTED_LABEL}</option>
      </select>
      {unlisted || !hydrated ? (
        <div className="mt-3 space-y-2">
          <label htmlFor={`${id}-typed`} className="block text-sm font-medium text-slate-800">
            Your town
          </label>
          <input
            id={`${id}-typed`}
            name={typedName}
            value={typed}
            onChange={(e) => type(e.target.value)}
            onBlur={settle}
            maxLength={80}
            autoComplete="address-level2"
            required={unlisted}
            aria-describedby={unlisted && !typedMatch.listed ? noteId : undefined}
            className={inputClasses}
          />
          {unlisted && !typedMatch.listed ? (
            <Alert tone="warning">
              <p id={noteId}>{PLACE_NOT_LISTED_NOTE}</p>
            </Alert>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
