import { cutoffNote, lagosDay, slotLabel, type OfferedSlot } from '#core/delivery/slots';

/** A slot as the picker's radio value: "<slot id>:<day>". */
export const slotKey = (slot: Pick<OfferedSlot, 'slotId' | 'day'>) => `${slot.slotId}:${slot.day}`;

/** Whether the shopper may choose this slot: not full, and within the shelf life of what is ordered. */
export function slotChoosable(slot: OfferedSlot, lastDay: string | null): boolean {
  return !slot.full && (lastDay === null || slot.day <= lastDay);
}

/**
 * The delivery slots of the location for a method the riders carry: one radio each ("Today 2–5 pm"),
 * with its cut-off and the places left; a full slot, or one too late for fresh fish, is shown and
 * cannot be chosen. A native radio group: arrow keys move between the open slots.
 */
export function DeliverySlotPicker({
  slots,
  value,
  onChange,
  lastDay,
  now,
  location,
}: {
  slots: OfferedSlot[];
  value: string;
  onChange: (key: string) => void;
  /** The last day fresh goods of this cart may arrive (null: any offered day). */
  lastDay: string | null;
  now: Date;
  location: string;
}) {
  const today = lagosDay(now);
  const anyOpen = slots.some((s) => slotChoosable(s, lastDay));
  return (
    <fieldset aria-describedby="delivery-slot-help">
      <legend className="text-sm font-medium text-slate-800">Delivery slot</legend>
      <p id="delivery-slot-help" className="mt-1 text-xs text-slate-600">
        Our riders deliver in {location.trim()} at these times (Lagos time).
        {lastDay !== null ? ' Fresh fish and shellfish go out by the next day at the latest.' : ''}
      </p>
      {!anyOpen ? (
        <p role="status" className="mt-2 text-sm text-amber-800">
          No delivery slots are left for the next days. Please choose another delivery method.
        </p>
      ) : null}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {slots.map((slot) => {
          const key = slotKey(slot);
          const choosable = slotChoosable(slot, lastDay);
          const left = slot.capacity - slot.booked;
          const why = slot.full
            ? 'Full'
            : !choosable
              ? 'Too late for fresh fish'
              : `${cutoffNote(slot.cutoffAt, now)} · ${left} ${left === 1 ? 'place' : 'places'} left`;
          return (
            // The label wraps its radio and the slot's words: jsx-a11y cannot see text made by expressions.
            // eslint-disable-next-line jsx-a11y/label-has-associated-control
            <label
              key={key}
              data-day={slot.day === today ? 'today' : undefined}
              data-keep-clear=""
              className={`flex items-start gap-3 rounded-md border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700 has-[:focus-visible]:ring-offset-2 ${
                choosable
                  ? 'cursor-pointer border-slate-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50'
                  : 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-600'
              }`}
            >
              <input
                type="radio"
                name="delivery-slot"
                value={key}
                checked={value === key}
                disabled={!choosable}
                onChange={() => onChange(key)}
                className="mt-1 accent-brand-700"
              />
              <span className="text-sm">
                <span className="block font-semibold">{slotLabel(slot.startsAt, slot.endsAt, now)}</span>
                <span className={`block ${slot.full ? 'font-semibold text-red-800' : 'text-slate-600'}`}>
                  {why}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
