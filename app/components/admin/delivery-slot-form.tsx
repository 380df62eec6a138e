import { Form } from 'react-router';
import { FormActions } from './form-actions';
import { Field, SelectField } from '~/components/ui/field';
import { clockOf, type SlotRule } from '#core/delivery/slots';

/**
 * The 'Add/Edit Delivery Slot' form: where, the window (24-hour times, Lagos), the cut-off (a time on
 * the slot's day or the day before) and how many orders its riders can take. Plain fields: it posts
 * before JavaScript loads.
 */
export function DeliverySlotForm({
  slot,
  fieldErrors,
  cancelTo,
}: {
  slot: SlotRule | null;
  fieldErrors: Record<string, string>;
  cancelTo: string;
}) {
  return (
    <Form method="post" className="space-y-4" preventScrollReset noValidate>
      <input type="hidden" name="intent" value={slot ? 'update' : 'create'} />
      {slot ? <input type="hidden" name="slotId" value={slot.id} /> : null}
      <Field
        label="Location"
        name="location"
        defaultValue={slot?.location ?? 'Port Harcourt'}
        required
        maxLength={80}
        error={fieldErrors.location}
      />
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
        Offered every day for the next days at checkout, for Express Delivery in this location. Times are
        Lagos time.
      </p>
      <FormActions cancelTo={cancelTo} submitLabel="Save" />
    </Form>
  );
}
