import { X } from 'lucide-react';
import { useState } from 'react';
import { Form } from 'react-router';
import { FormActions } from './form-actions';
import { Button } from '~/components/ui/button';
import { Field, inputClasses, SelectField } from '~/components/ui/field';
import { DELIVERY_METHOD_LABELS, DELIVERY_METHODS, type DeliveryMethod } from '#core/delivery/methods';
import { addPickupLocation, MAX_PICKUP_LOCATION_LENGTH } from '#core/delivery/rates';
import { koboToNaira, nairaFigure } from '#core/money';

export interface EditedDeliveryRate {
  id: number;
  location: string;
  method: DeliveryMethod;
  baseRateKobo: number;
  pickupLocations: string[];
  freeFromKobo: number | null;
}

/**
 * The 'Add/Edit Delivery Rate' form (spec §2, §5): location, method, base rate in steps of ₦100 and,
 * for pickup, the 'Available Pickup Locations' chip editor. The chips travel as one field, one per line.
 */
export function DeliveryRateForm({
  rate,
  fieldErrors,
  cancelTo,
}: {
  rate: EditedDeliveryRate | null;
  fieldErrors: Record<string, string>;
  cancelTo: string;
}) {
  const [method, setMethod] = useState<DeliveryMethod>(rate?.method ?? 'standard');
  const [chips, setChips] = useState<string[]>(rate?.pickupLocations ?? []);
  const [typed, setTyped] = useState('');

  function addChip() {
    setChips((list) => addPickupLocation(list, typed));
    setTyped('');
  }

  return (
    <Form method="post" className="space-y-4" preventScrollReset noValidate>
      <input type="hidden" name="intent" value={rate ? 'update' : 'create'} />
      {rate ? <input type="hidden" name="rateId" value={rate.id} /> : null}
      <Field
        label="Location"
        name="location"
        defaultValue={rate?.location ?? ''}
        required
        maxLength={80}
        placeholder="Port Harcourt"
        error={fieldErrors.location}
      />
      <SelectField
        label="Delivery Method"
        name="method"
        value={method}
        onChange={(event) => setMethod(event.target.value as DeliveryMethod)}
      >
        {DELIVERY_METHODS.map((m) => (
          <option key={m} value={m}>
            {DELIVERY_METHOD_LABELS[m]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Base Rate (₦)"
        name="baseRate"
        type="number"
        inputMode="numeric"
        min={0}
        step={100}
        required
        defaultValue={rate ? nairaFigure(rate.baseRateKobo).replace(/,/g, '') : ''}
        error={fieldErrors.baseRate}
      />
      {method === 'pickup' ? null : (
        <Field
          label="Free delivery from (₦)"
          name="freeFrom"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          defaultValue={rate?.freeFromKobo ? String(koboToNaira(rate.freeFromKobo)) : ''}
          hint="Orders of at least this much travel free. Leave empty to always charge."
          error={fieldErrors.freeFrom}
        />
      )}
      {method === 'pickup' ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Available Pickup Locations</legend>
          <input type="hidden" name="pickupLocations" value={chips.join('\n')} />
          <div className="flex gap-2">
            <label htmlFor="pickup-new" className="sr-only">
              New pickup location
            </label>
            <input
              id="pickup-new"
              value={typed}
              maxLength={MAX_PICKUP_LOCATION_LENGTH}
              placeholder="e.g. Rumuola market gate"
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addChip();
                }
              }}
              className={inputClasses}
            />
            <Button type="button" variant="outline" onClick={addChip}>
              Add
            </Button>
          </div>
          {chips.length === 0 ? (
            <p className="text-sm text-slate-600">No pickup locations added yet.</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label="Pickup locations">
              {chips.map((chip) => (
                <li
                  key={chip}
                  className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800"
                >
                  {chip}
                  <button
                    type="button"
                    aria-label={`Remove ${chip}`}
                    onClick={() => setChips((list) => list.filter((c) => c !== chip))}
                    className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    <X aria-hidden="true" className="h-3.5 w-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      ) : null}
      <FormActions cancelTo={cancelTo} submitLabel="Save" />
    </Form>
  );
}
