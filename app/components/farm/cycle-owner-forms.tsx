import { useEffect, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field, SelectField } from '~/components/ui/field';
import type { ActionResult } from '~/lib/action-result';
import { newLineId } from '~/lib/farm-outbox';
import { settledData, useActionResult } from '~/lib/use-action-result';
import { SPECIES_LABEL, type Species } from '#core/farm/species';

/** A form of the owner's posted to the ponds page's action (behind the owner's door), with its own errors. */
function OwnerForm({
  farmId,
  intent,
  submitLabel,
  children,
  onDone,
}: {
  farmId: number;
  intent: string;
  submitLabel: string;
  children: (errors: Record<string, string>) => ReactNode;
  onDone?: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const errors = useActionResult(settledData(fetcher), {
    failureToast: 'unless-field-errors',
    onSuccess: onDone,
  });
  return (
    <fetcher.Form method="post" action={`/farm/${farmId}/ponds`} noValidate className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {children(errors)}
      <Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'}>
        {submitLabel}
      </Button>
    </fetcher.Form>
  );
}

/** The cycle page's owner-only forms: move or grade fish into another pond, and a feeding rate of their own. */
export function CycleOwnerForms({
  farmId,
  cycleId,
  pondId,
  species,
  today,
  moveId,
  ratePercent,
  ponds,
}: {
  farmId: number;
  cycleId: number;
  pondId: number;
  species: Species;
  today: string;
  moveId: string;
  ratePercent: number | null;
  ponds: { id: number; name: string; species: Species | null }[];
}) {
  const [id, setId] = useState(moveId);
  useEffect(() => setId(moveId), [moveId]);
  const others = ponds.filter((pond) => pond.id !== pondId);
  return (
    <div className="space-y-4">
      {others.length > 0 ? (
        <section aria-labelledby="move-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="move-heading" className="text-lg font-semibold">
            Move or grade fish
          </h2>
          <p className="text-sm text-slate-700">
            The fish take their weight and their share of what the cycle cost with them.
          </p>
          <OwnerForm
            farmId={farmId}
            intent="move"
            submitLabel="Move the fish"
            onDone={() => setId(newLineId())}
          >
            {(errors) => (
              <>
                <input type="hidden" name="id" value={id} />
                <input type="hidden" name="cycleId" value={cycleId} />
                <input type="hidden" name="on" value={today} />
                <SelectField
                  label="Move to"
                  name="toPondId"
                  defaultValue={others[0]!.id}
                  error={errors.toPondId}
                >
                  {others.map((pond) => (
                    <option key={pond.id} value={pond.id}>
                      {pond.name} · {pond.species ? SPECIES_LABEL[pond.species] : 'empty'}
                      {pond.species && pond.species !== species ? ' (other fish)' : ''}
                    </option>
                  ))}
                </SelectField>
                <div className="grid grid-cols-2 gap-3">
                  <Field label="Fish moved" name="count" inputMode="numeric" error={errors.count} />
                  <Field
                    label="Their weight (kg)"
                    name="weightG"
                    inputMode="decimal"
                    hint="If weighed; else at the average."
                    error={errors.weightG}
                  />
                </div>
              </>
            )}
          </OwnerForm>
        </section>
      ) : null}
      <section aria-labelledby="rate-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="rate-heading" className="text-lg font-semibold">
          Your own feeding rate
        </h2>
        <OwnerForm farmId={farmId} intent="rate" submitLabel="Save the rate">
          {(errors) => (
            <>
              <input type="hidden" name="cycleId" value={cycleId} />
              <Field
                label="% of their weight a day"
                name="ratePercent"
                inputMode="decimal"
                defaultValue={ratePercent === null ? '' : String(ratePercent)}
                hint="Leave empty to follow the feeding table."
                error={errors.ratePercent}
              />
            </>
          )}
        </OwnerForm>
      </section>
    </div>
  );
}
