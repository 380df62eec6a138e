import { useState } from 'react';
import { Form } from 'react-router';
import { FormActions } from './form-actions';
import { Field, SelectField } from '~/components/ui/field';
import { DISCOUNT_TYPES, discountTypeLabel, type DiscountType } from '#core/discounts/types';
import { nairaFigure } from '#core/money';
import { SHOP_TIME_ZONE } from '~/lib/dates';

export interface EditedDiscountCode {
  id: number;
  code: string;
  type: DiscountType;
  active: boolean;
  discountPercent: number | null;
  discountAmountKobo: number | null;
  minOrderAmountKobo: number | null;
  expiresAt: Date | string | null;
  usageLimit: number | null;
  usedCount: number;
  locationRestriction: string | null;
}

const naira = (kobo: number | null) => (kobo === null ? '' : nairaFigure(kobo).replace(/,/g, ''));

/** The stored expiry as the date input shows it, in the shop's time zone. */
function expiryDate(value: Date | string | null): string {
  if (!value) return '';
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date(value));
}

/**
 * 'Create New Discount Code' / 'Edit Discount Code' (spec §2, §4, §5): only the chosen type's field is
 * shown (amount; percent; minimum order for free delivery); the code is locked in edit mode. The server
 * applies the save rules (trimmed, upper-cased, nulls, the type's fields).
 */
export function DiscountCodeForm({
  code,
  fieldErrors,
  cancelTo,
}: {
  code: EditedDiscountCode | null;
  fieldErrors: Record<string, string>;
  cancelTo: string;
}) {
  const [type, setType] = useState<DiscountType>(code?.type ?? 'amount');

  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" preventScrollReset noValidate>
      <input type="hidden" name="intent" value={code ? 'update' : 'create'} />
      {code ? <input type="hidden" name="codeId" value={code.id} /> : null}
      <Field
        label="Code"
        name="code"
        defaultValue={code?.code ?? ''}
        required
        maxLength={50}
        readOnly={Boolean(code)}
        hint={code ? 'The code cannot be changed' : 'Saved in capital letters'}
        className="sm:col-span-2"
        inputClassName="uppercase"
        error={fieldErrors.code}
      />
      <SelectField
        label="Type"
        name="type"
        value={type}
        onChange={(event) => setType(event.target.value as DiscountType)}
      >
        {[...DISCOUNT_TYPES].reverse().map((t) => (
          <option key={t} value={t}>
            {discountTypeLabel(t)}
          </option>
        ))}
      </SelectField>
      {type === 'amount' ? (
        <Field
          key="amount"
          label="Discount Amount (₦)"
          name="discountAmount"
          type="number"
          min={0}
          step={0.01}
          defaultValue={naira(code?.discountAmountKobo ?? null)}
          error={fieldErrors.discountAmount}
        />
      ) : type === 'percent' ? (
        <Field
          key="percent"
          label="Discount Percent (%)"
          name="discountPercent"
          type="number"
          min={0}
          max={100}
          step={1}
          defaultValue={code?.discountPercent ?? ''}
          error={fieldErrors.discountPercent}
        />
      ) : (
        <Field
          key="minimum"
          label="Minimum Order Amount (₦)"
          name="minOrderAmount"
          type="number"
          min={0}
          step={0.01}
          defaultValue={naira(code?.minOrderAmountKobo ?? null)}
          error={fieldErrors.minOrderAmount}
        />
      )}
      <Field
        label="Location Restriction"
        name="locationRestriction"
        defaultValue={code?.locationRestriction ?? ''}
        placeholder="Any location"
        maxLength={80}
        error={fieldErrors.locationRestriction}
      />
      <Field
        label="Usage Limit"
        name="usageLimit"
        type="number"
        min={0}
        step={1}
        defaultValue={code?.usageLimit ?? ''}
        placeholder="No limit"
        hint={code ? `Used ${code.usedCount} ${code.usedCount === 1 ? 'time' : 'times'} so far` : undefined}
        error={fieldErrors.usageLimit}
      />
      <Field
        label="Expires On"
        name="expiresAt"
        type="date"
        defaultValue={expiryDate(code?.expiresAt ?? null)}
        hint="Leave empty for a code that never expires"
        error={fieldErrors.expiresAt}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800 sm:col-span-2">
        <input
          type="checkbox"
          name="active"
          value="true"
          defaultChecked={code?.active ?? true}
          className="h-4 w-4 accent-brand-700"
        />
        Active
      </label>
      <FormActions
        cancelTo={cancelTo}
        submitLabel={code ? 'Save Changes' : 'Create Code'}
        className="sm:col-span-2"
      />
    </Form>
  );
}
