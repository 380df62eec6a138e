import { Camera } from 'lucide-react';
import { Form } from 'react-router';
import { ClaimWithOutcome } from '~/components/claims/claim-card';
import { Button } from '~/components/ui/button';
import { Field, inputClasses } from '~/components/ui/field';
import { formatAdminDateTime } from '~/lib/dates';
import type { OrderClaims } from '#core/orders/claims';
import { claimLineField } from '#core/orders/schemas';

/**
 * The buyer's freshness claims on a delivered order: those filed, and while a line's window is open
 * (core/orders/claim-window.ts), the form to report one — the lines, what was wrong and a photo.
 */
export function ClaimSection({
  claims,
  busy,
  fieldErrors,
}: {
  claims: OrderClaims;
  busy: boolean;
  fieldErrors: Record<string, string | undefined>;
}) {
  const { openLines, closesAt } = claims;
  if (claims.claims.length === 0 && openLines.length === 0) return null;
  return (
    <section aria-labelledby="order-claims" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="order-claims" className="mb-3 text-lg font-semibold">
        Freshness claims
      </h2>
      {claims.claims.length > 0 ? (
        <ul className="mb-4 space-y-2">
          {claims.claims.map((claim) => (
            <ClaimWithOutcome key={claim.id} claim={claim} />
          ))}
        </ul>
      ) : null}
      {openLines.length > 0 && closesAt ? (
        <Form method="post" encType="multipart/form-data" preventScrollReset className="space-y-3">
          <input type="hidden" name="intent" value="claim" />
          <p className="text-sm text-slate-700">
            Did something arrive spoiled or short? Report it with a photo and we will look at it. You can
            report a problem until{' '}
            <time dateTime={new Date(closesAt).toISOString()}>{formatAdminDateTime(closesAt)}</time>.
          </p>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">
              How many of each item had the problem?
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {openLines.map((line) => (
                <Field
                  key={line.id}
                  label={`${line.productName} (up to ${line.quantity})`}
                  name={claimLineField(line.id)}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={line.quantity}
                  defaultValue={0}
                  hint={`Until ${formatAdminDateTime(line.until)}`}
                  error={fieldErrors[claimLineField(line.id)]}
                />
              ))}
            </div>
          </fieldset>
          <div className="space-y-1">
            <label htmlFor="claim-description" className="block text-sm font-medium text-slate-800">
              What was wrong?
            </label>
            <textarea
              id="claim-description"
              name="description"
              required
              maxLength={1000}
              rows={3}
              className={inputClasses}
              aria-invalid={fieldErrors.description ? true : undefined}
              aria-describedby={fieldErrors.description ? 'claim-description-error' : undefined}
            />
            {fieldErrors.description ? (
              <p id="claim-description-error" className="text-sm font-medium text-red-700">
                {fieldErrors.description}
              </p>
            ) : null}
          </div>
          <Field
            label="Photo of the problem"
            name="photo"
            type="file"
            required
            accept="image/jpeg,image/png,image/webp,image/gif"
            hint="JPEG, PNG, WebP or GIF, at most 5 MB."
            error={fieldErrors.photo}
          />
          <Button type="submit" disabled={busy}>
            <Camera aria-hidden="true" className="h-4 w-4" /> {busy ? 'Sending...' : 'Send claim'}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
