import { Camera } from 'lucide-react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field, inputClasses } from '~/components/ui/field';
import { formatAdminDateTime } from '~/lib/dates';
import { formatNaira } from '#core/money';
import type { ClaimView, OrderClaims } from '#core/orders/claims';
import { claimLineField } from '#core/orders/schemas';

/** A claim's outcome in the buyer's words (or the shop's, on the admin's order details). */
export function claimOutcome(claim: ClaimView, reader: 'buyer' | 'shop' = 'buyer'): string {
  if (claim.status === 'open')
    return reader === 'buyer' ? 'Waiting for the shop’s decision' : 'Open: to decide';
  if (claim.status === 'approved')
    return claim.refundKobo !== null ? `Approved: ${formatNaira(claim.refundKobo)} refunded` : 'Approved';
  return claim.decisionNote ? `Declined: ${claim.decisionNote}` : 'Declined';
}

const OUTCOME_CLASSES: Record<ClaimView['status'], string> = {
  open: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  declined: 'bg-slate-200 text-slate-900',
};

/** One claim: what was claimed, the photo, and the decision. */
export function ClaimCard({ claim, reader = 'buyer' }: { claim: ClaimView; reader?: 'buyer' | 'shop' }) {
  return (
    <li className="flex flex-wrap gap-3 rounded border border-slate-200 p-3 text-sm">
      <a href={claim.photoUrl} className="shrink-0" aria-label="Open the claim's photo">
        <img
          src={claim.photoUrl.replace(/-800\.webp$/, '-400.webp')}
          alt={`${reader === 'buyer' ? 'What you sent' : 'What the buyer sent'}: ${claim.lines.map((line) => line.productName).join(', ')}`}
          width={96}
          height={96}
          className="h-24 w-24 rounded object-cover"
        />
      </a>
      <div className="min-w-0 flex-1 basis-48 space-y-1">
        <p>
          <span
            className={`inline-block rounded-full px-2 py-0.5 font-medium ${OUTCOME_CLASSES[claim.status]}`}
          >
            {claimOutcome(claim, reader)}
          </span>
        </p>
        <p className="font-medium">
          {claim.lines.map((line) => `${line.quantity} × ${line.productName}`).join(', ')}
        </p>
        <p className="break-words text-slate-700">“{claim.description}”</p>
        <p className="text-xs text-slate-600">
          Filed{' '}
          <time dateTime={new Date(claim.createdAt).toISOString()}>
            {formatAdminDateTime(claim.createdAt)}
          </time>
        </p>
      </div>
    </li>
  );
}

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
            <ClaimCard key={claim.id} claim={claim} />
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
