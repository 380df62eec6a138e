import { useState, type FormEvent, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import type { ActionResult } from '~/lib/action-result';
import { farmOutbox, newLineId } from '~/lib/farm-outbox';
import { parseForm } from '~/lib/forms';
import { useHydrated } from '~/lib/use-hydrated';
import { settledData, useActionResult } from '~/lib/use-action-result';
import { LineFormSchema } from '#core/farm/schemas';
import { useFarmBook } from './farm-book';

/**
 * One line of the farm book as a form. Once the page is live, a tap checks the form with its schema
 * and saves the line on this phone at once (farm-outbox.ts), signal or not; FarmSync sends it. Before
 * the page's scripts (or without them) it posts the line, with the id the page made for it, so a double
 * tap saves it once. Either way its refusals show beside its own fields.
 */
export function LineForm({
  intent,
  id,
  cycleId,
  on,
  submitLabel,
  hidden,
  children,
  className,
  variant,
}: {
  intent: string;
  id: string;
  cycleId: number;
  on: string;
  submitLabel: string;
  hidden?: Record<string, string | number | null>;
  children?: (fieldErrors: Record<string, string>) => ReactNode;
  className?: string;
  variant?: 'default' | 'outline';
}) {
  const fetcher = useFetcher<ActionResult>();
  const serverErrors = useActionResult(settledData(fetcher), { failureToast: 'unless-field-errors' });
  const book = useFarmBook();
  const hydrated = useHydrated();
  const [lineId, setLineId] = useState(id);
  const [localErrors, setLocalErrors] = useState<Record<string, string> | null>(null);
  const busy = fetcher.state !== 'idle';

  const queue = (event: FormEvent<HTMLFormElement>) => {
    if (!book || !hydrated) return; // posted as a plain form
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = parseForm(LineFormSchema, new FormData(form));
    if (!parsed.ok) return setLocalErrors(parsed.fieldErrors);
    farmOutbox(book.userKey).add(book.farmId, { ...parsed.data, recordedAt: new Date().toISOString() });
    setLocalErrors({});
    form.reset();
    setLineId(newLineId());
  };

  return (
    <fetcher.Form method="post" className={className} noValidate onSubmit={queue}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={lineId} />
      <input type="hidden" name="cycleId" value={cycleId} />
      <input type="hidden" name="on" value={on} />
      {Object.entries(hidden ?? {}).map(([name, value]) =>
        value === null ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      {children?.(localErrors ?? serverErrors)}
      <Button type="submit" variant={variant} disabled={busy} className="mt-2">
        {submitLabel}
      </Button>
    </fetcher.Form>
  );
}
