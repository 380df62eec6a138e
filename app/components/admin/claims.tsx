import { Camera, Check, X } from 'lucide-react';
import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { ClaimCard } from '~/components/claims/claim-card';
import { Button } from '~/components/ui/button';
import { Field, inputClasses, LabelledOptions, SelectField } from '~/components/ui/field';
import { formatNaira } from '#core/money';
import { claimRefundKobo } from '#core/orders/claim-window';
import type { OpenClaim } from '#core/orders/claims';
import { claimLineField } from '#core/orders/schemas';
import { shortOrderId } from '#core/notifications/messages';
import { CHOSEN_REFUND_REASONS, REFUND_REASON_LABELS } from '#core/orders/statuses';

/**
 * One open claim with the owner's two answers: approve with a refund of its lines, or decline. The
 * approve button says what it refunds: the claimed quantities' amount as the page comes, following the
 * quantities as the owner lowers them once scripts run (the server works it out again either way).
 */
function ClaimToDecide({
  claim,
  busy,
  fieldErrors,
}: {
  claim: OpenClaim;
  busy: boolean;
  fieldErrors: Record<string, string | undefined>;
}) {
  const label = `#${shortOrderId(claim.orderId)}`;
  const [chosen, setChosen] = useState(() =>
    claim.lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity })),
  );
  const choose = (itemId: number, value: string) =>
    setChosen((lines) =>
      lines.map((line) =>
        line.itemId === itemId
          ? { itemId, quantity: Number.isInteger(Number(value)) ? Number(value) : 0 }
          : line,
      ),
    );
  const amount = formatNaira(claimRefundKobo(claim.paid, chosen));
  return (
    <ClaimCard
      claim={claim}
      size="large"
      className="space-y-3 py-4"
      photoLabel={`Open the photo of the claim on order ${label}`}
      photoAlt={`What the buyer sent for order ${label}`}
      heading={
        <p className="flex flex-wrap items-center gap-x-2">
          <Link
            to={`/admin/orders?order=${claim.orderId}`}
            className="font-mono font-medium text-brand-700 underline"
          >
            {label}
          </Link>
          <span className="truncate">{claim.customer ?? 'Deleted account'}</span>
        </p>
      }
    >
      <div className="grid gap-3 lg:grid-cols-2">
        <Form method="post" preventScrollReset className="space-y-2 rounded border border-slate-200 p-3">
          <input type="hidden" name="intent" value="claim-approve" />
          <input type="hidden" name="orderId" value={claim.orderId} />
          <input type="hidden" name="claimId" value={claim.id} />
          <p className="text-sm font-medium">Approve: refund these items</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {claim.lines.map((line) => (
              <Field
                key={line.itemId}
                label={`${line.productName} (claimed ${line.quantity})`}
                name={claimLineField(line.itemId)}
                type="number"
                inputMode="numeric"
                min={0}
                max={line.quantity}
                defaultValue={line.quantity}
                onChange={(event) => choose(line.itemId, event.currentTarget.value)}
                error={fieldErrors[claimLineField(line.itemId)]}
              />
            ))}
          </div>
          <SelectField label="Reason" name="reason" defaultValue="spoiled">
            <LabelledOptions values={CHOSEN_REFUND_REASONS} labels={REFUND_REASON_LABELS} />
          </SelectField>
          <Button
            type="submit"
            size="sm"
            disabled={busy || chosen.every((line) => line.quantity <= 0)}
            aria-label={`Approve and refund ${amount}: the claim on order ${label}`}
          >
            <Check aria-hidden="true" className="h-4 w-4" /> Approve and refund {amount}
          </Button>
        </Form>
        <Form method="post" preventScrollReset className="space-y-2 rounded border border-slate-200 p-3">
          <input type="hidden" name="intent" value="claim-decline" />
          <input type="hidden" name="orderId" value={claim.orderId} />
          <input type="hidden" name="claimId" value={claim.id} />
          <label htmlFor={`decline-${claim.id}`} className="block text-sm font-medium">
            Decline: why? (the buyer is told)
          </label>
          <textarea
            id={`decline-${claim.id}`}
            name="note"
            required
            maxLength={500}
            rows={2}
            className={inputClasses}
          />
          <Button
            type="submit"
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`Decline the claim on order ${label}`}
          >
            <X aria-hidden="true" className="h-4 w-4" /> Decline
          </Button>
        </Form>
      </div>
    </ClaimCard>
  );
}

/** The dashboard's open freshness claims, oldest first (core/orders/claims.ts). */
export function OpenClaims({
  total,
  claims,
  fieldErrors,
}: {
  total: number;
  claims: OpenClaim[];
  fieldErrors: Record<string, string | undefined>;
}) {
  const navigation = useNavigation();
  const deciding = navigation.state === 'submitting' ? navigation.formData?.get('claimId') : null;
  return (
    <section
      id="claims"
      aria-labelledby="claims-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="claims-heading" className="flex items-center gap-2 font-semibold">
        <Camera aria-hidden="true" className="h-5 w-5 text-brand-700" />
        Freshness claims waiting
        <span className="rounded-full bg-slate-100 px-2 text-sm font-medium text-slate-700">{total}</span>
      </h2>
      {total === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          None: no buyer has reported a problem that needs a decision.
        </p>
      ) : (
        <>
          {total > claims.length ? (
            <p className="mt-2 text-sm text-slate-700">
              The oldest {claims.length} of {total} are shown.
            </p>
          ) : null}
          <ul className="divide-y divide-slate-200">
            {claims.map((claim) => (
              <ClaimToDecide
                key={claim.id}
                claim={claim}
                busy={deciding === String(claim.id)}
                fieldErrors={fieldErrors}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
