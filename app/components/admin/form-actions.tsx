import { Link, useNavigation } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';

/**
 * The foot of an admin dialog's form: Cancel (back to the list) and the submit button, which reads
 * 'Saving...' while the form is sent (spec §2).
 */
export function FormActions({
  cancelTo,
  submitLabel,
  disabled = false,
  className,
}: {
  cancelTo?: string;
  submitLabel: string;
  disabled?: boolean;
  className?: string;
}) {
  const saving = useNavigation().state === 'submitting';
  return (
    <div className={`flex justify-end gap-2 pt-2 ${className ?? ''}`}>
      {cancelTo ? (
        <Link to={cancelTo} preventScrollReset className={buttonClasses({ variant: 'outline' })}>
          Cancel
        </Link>
      ) : null}
      <Button type="submit" disabled={saving || disabled}>
        {saving ? 'Saving...' : submitLabel}
      </Button>
    </div>
  );
}
