import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import type { ActionResult } from '~/lib/action-result';
import { settledData, useActionResult } from '~/lib/use-action-result';
import { dayMonth, shopTime } from '#core/calendar';
import type { BookLine } from '#core/farm/entries';
import { entryKindWord } from '#core/farm/kinds';
import { formatKg, gramsToKg, groupThousands } from '#core/money';

function figure(line: BookLine): string {
  if (line.kind === 'feeding') return formatKg(line.feedG ?? 0);
  if (line.kind === 'note') return line.note ?? '';
  if (line.kind === 'water') return '';
  const fish = `${groupThousands(line.count ?? 0)} fish`;
  return line.weightG ? `${fish}, ${formatKg(line.weightG)}` : fish;
}

function Correct({ farmId, line }: { farmId: number; line: BookLine }) {
  const fetcher = useFetcher<ActionResult>();
  const errors = useActionResult(settledData(fetcher), { failureToast: 'unless-field-errors' });
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm text-brand-700 underline">Correct</summary>
      <fetcher.Form
        method="post"
        action={`/farm/${farmId}/lines`}
        className="mt-2 flex flex-wrap items-end gap-2"
        noValidate
      >
        <input type="hidden" name="id" value={line.id} />
        <input type="hidden" name="kind" value={line.kind} />
        <Field
          label={line.kind === 'feeding' ? 'Feed given (kg)' : 'How many died'}
          name="value"
          inputMode="decimal"
          defaultValue={
            line.kind === 'feeding' ? String(gramsToKg(line.feedG ?? 0)) : String(line.count ?? '')
          }
          error={errors.value}
        />
        <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== 'idle'}>
          Save the correction
        </Button>
      </fetcher.Form>
    </details>
  );
}

/** The cycle's latest lines: what, who wrote it and when, and who corrected it. */
export function RecentLines({ farmId, lines }: { farmId: number; lines: BookLine[] }) {
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="lines-heading">
      <h2 id="lines-heading" className="text-lg font-semibold">
        Latest entries
      </h2>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
        {lines.map((line) => (
          <li key={line.id} className="p-3">
            <p>
              <span className="font-medium">{dayMonth(line.on)}</span> · {entryKindWord(line.kind)}{' '}
              {figure(line)}
            </p>
            <p className="text-slate-700">
              by {line.recordedBy ?? 'someone no longer on the farm'} at {shopTime(line.recordedAt)}
              {line.editedAt
                ? ` · corrected by ${line.editedBy ?? 'someone'} on ${dayMonth(line.editedAt.toISOString().slice(0, 10))}`
                : ''}
            </p>
            {line.correctable ? <Correct farmId={farmId} line={line} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
