import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field, SelectField } from '~/components/ui/field';
import { formatShopperDate } from '~/lib/dates';
import { formatNaira } from '#core/money';
import type { AdminOrderDetails } from '#core/orders/management';
import { type REFUND_BY, refundLineField } from '#core/orders/schemas';
import { CHOSEN_REFUND_REASONS, REFUND_REASON_LABELS } from '#core/orders/statuses';

/**
 * A paid order's refunds: each one made so far, and (while money is left to refund) the form for a new
 * one — everything left, some lines or an amount, with a reason and a note.
 */
export function RefundSection({
  details,
  busy,
  fieldErrors,
}: {
  details: AdminOrderDetails;
  busy: boolean;
  fieldErrors: Record<string, string | undefined>;
}) {
  const { order, keptKobo, refunds, linesLeft } = details;
  const [by, setBy] = useState<(typeof REFUND_BY)[number]>('all');
  return (
    <section aria-labelledby="order-refund">
      <h3 id="order-refund" className="mb-2 font-semibold">
        Refunds
      </h3>
      {refunds.length > 0 ? (
        <ul className="mb-3 divide-y divide-slate-200 rounded border border-slate-200">
          {refunds.map((refund) => (
            <li key={refund.id} className="p-2">
              {refund.summary}
              <span className="block text-slate-600">
                {formatShopperDate(refund.createdAt)}
                {refund.note ? ` — “${refund.note}”` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-2 text-slate-600">Nothing has been refunded.</p>
      )}
      {details.canRefund ? (
        <details className="rounded border border-slate-200 p-3" open={Object.keys(fieldErrors).length > 0}>
          <summary className="cursor-pointer font-medium">Refund this order</summary>
          <Form method="post" preventScrollReset className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="orderId" value={order.id} />
            <SelectField label="Reason" name="reason" defaultValue="spoiled">
              {CHOSEN_REFUND_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {REFUND_REASON_LABELS[reason]}
                </option>
              ))}
            </SelectField>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-800">What to refund</legend>
              {(
                [
                  ['all', `Everything left: ${formatNaira(keptKobo)}`],
                  ['lines', 'Some lines'],
                  ['amount', 'An amount'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="by"
                    value={value}
                    checked={by === value}
                    onChange={() => setBy(value)}
                  />
                  {label}
                </label>
              ))}
            </fieldset>
            {by === 'lines' ? (
              <div className="grid gap-2 sm:grid-cols-2">
                {linesLeft.map((line) => (
                  <Field
                    key={line.id}
                    label={`${line.productName} (up to ${line.left})`}
                    name={refundLineField(line.id)}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={line.left}
                    defaultValue={0}
                    disabled={line.left === 0}
                    error={fieldErrors[refundLineField(line.id)]}
                  />
                ))}
              </div>
            ) : null}
            {by === 'amount' ? (
              <Field
                label="Amount (₦)"
                name="amount"
                inputMode="decimal"
                hint={`At most ${formatNaira(keptKobo)}`}
                error={fieldErrors.amount}
              />
            ) : null}
            <Field label="Note (optional)" name="note" maxLength={500} error={fieldErrors.note} />
            {fieldErrors.reason ? (
              <p className="text-sm font-medium text-red-700">{fieldErrors.reason}</p>
            ) : null}
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              <Undo2 aria-hidden="true" className="h-4 w-4" /> Refund
            </Button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}
