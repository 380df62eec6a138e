import { Form } from 'react-router';
import { FormActions } from './form-actions';
import { Field, SelectField } from '~/components/ui/field';
import { clockOf, SLOT_DAYS_AHEAD, type SlotRule } from '#core/delivery/slots';
import { HOME_LOCATION } from '#core/delivery/methods';
import { matchPlace, PLACE_NOT_ON_LIST_MARK } from '#core/delivery/places';

/**
 * The 'Add/Edit Delivery Slot' form: where (one of the delivery rates' locations: slots are offered only
 * where a rate exists), the window (24-hour times, Lagos), the cut-off (a time on
 * the slot's day or the day before) and how many orders its riders can take. Plain fields: it posts
 * before JavaScript loads.
 */
export function DeliverySlotForm({
  slot,
  places,
  fieldErrors,
  cancelTo,
}: {
  slot: SlotRule | null;
  /** The delivery rates' locations. */
  places: string[];
  fieldErrors: Record<string, string>;
  cancelTo: string;
}) {
  const current = matchPlace(slot?.location ?? HOME_LOCATION, places);
  const unlisted = slot && !current.listed ? slot.location : null;
  return (
    <Form method="post" className="space-y-4" preventScrollReset noValidate>
      <input type="hidden" name="intent" value={slot ? 'update' : 'create'} />
      {slot ? <input type="hidden" name="slotId" value={slot.id} /> : null}
      <div className="space-y-1">
        <SelectField
          label="Location"
          name="location"
          defaultValue={current.listed ? current.place : ''}
          required
          aria-invalid={fieldErrors.location ? true : undefined}
          aria-describedby={fieldErrors.location || unlisted ? 'slot-location-note' : undefined}
        >
          <option value="" disabled>
            {places.length > 0 ? 'Choose a location' : 'No locations available'}
          </option>
          {places.map((place) => (
            <option key={place} value={place}>
              {place}
            </option>
          ))}
        </SelectField>
        <div id="slot-location-note">
          {unlisted ? (
            <p className="text-sm text-amber-800">
              This slot’s location, “{unlisted}”, is {PLACE_NOT_ON_LIST_MARK}: choose one of the delivery
              rates’ locations.
            </p>
          ) : null}
          {fieldErrors.location ? (
            <p className="text-sm font-medium text-red-700">{fieldErrors.location}</p>
          ) : null}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Starts at"
          name="start"
          type="time"
          step={900}
          required
          defaultValue={slot ? clockOf(slot.startMinute) : '14:00'}
          error={fieldErrors.start}
        />
        <Field
          label="Ends at"
          name="end"
          type="time"
          step={900}
          required
          defaultValue={slot ? clockOf(slot.endMinute) : '17:00'}
          error={fieldErrors.end}
        />
        <Field
          label="Orders close at"
          name="cutoff"
          type="time"
          step={900}
          required
          defaultValue={slot ? clockOf(slot.cutoffMinute) : '12:00'}
          error={fieldErrors.cutoff}
        />
        <SelectField
          label="On"
          name="cutoffDay"
          defaultValue={slot?.cutoffDaysBefore === 1 ? 'before' : 'same'}
        >
          <option value="same">The same day</option>
          <option value="before">The day before</option>
        </SelectField>
      </div>
      <Field
        label="Capacity (orders per slot)"
        name="capacity"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        defaultValue={slot ? String(slot.capacity) : '10'}
        error={fieldErrors.capacity}
      />
      <p className="text-sm text-slate-600">
        {`Offered at checkout today and every day for the next ${SLOT_DAYS_AHEAD} days, for Express Delivery in this location. Times are Lagos time.`}
      </p>
      <FormActions cancelTo={cancelTo} submitLabel="Save" />
    </Form>
  );
}
