import { useFetcher } from 'react-router';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import type { ActionResult } from '~/lib/action-result';
import { settledData, useActionResult } from '~/lib/use-action-result';

/**
 * One line of the farm book as a form: posts the line with the id the page made for it (so a double tap
 * saves it once), and shows its own refusals beside its own fields. Works before the page's scripts.
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
  const fieldErrors = useActionResult(settledData(fetcher), { failureToast: 'unless-field-errors' });
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className={className} noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="cycleId" value={cycleId} />
      <input type="hidden" name="on" value={on} />
      {Object.entries(hidden ?? {}).map(([name, value]) =>
        value === null ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      {children?.(fieldErrors)}
      <Button type="submit" variant={variant} disabled={busy} className="mt-2">
        {submitLabel}
      </Button>
    </fetcher.Form>
  );
}
