import * as DialogPrimitive from '@radix-ui/react-dialog';
import * as AlertPrimitive from '@radix-ui/react-alert-dialog';
import { X } from 'lucide-react';
import { Form } from 'react-router';
import {
  cloneElement,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button';

const overlay = 'fixed inset-0 z-50 bg-slate-900/50';
const panel =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none sm:p-6';

/** A modal dialog (Radix): focus kept inside, Escape and the close button close it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlay} />
        <DialogPrimitive.Content className={`${panel} ${wide ? 'max-w-3xl' : 'max-w-lg'}`}>
          <div className="mb-4 flex items-start justify-between gap-4">
            <DialogPrimitive.Title className="text-lg font-bold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close
              className={buttonClasses({ variant: 'ghost', size: 'icon' })}
              aria-label="Close"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </DialogPrimitive.Close>
          </div>
          {description ? (
            <DialogPrimitive.Description className="mb-4 text-sm text-slate-700">
              {description}
            </DialogPrimitive.Description>
          ) : (
            <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
          )}
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

type TriggerProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/**
 * Asks before something that cannot be undone (spec §5 confirmations). `trigger` (a button) opens it;
 * confirming posts `fields` to the route's action, and once the form has taken the submit (its own
 * handler runs first, the event bubbles here after) the dialog closes and focus goes back to the
 * trigger. The dialog itself is mounted only while open: a list of 25 rows renders 25 plain buttons,
 * not 25 dialogs (decision 015).
 *
 * Before scripts run (the server's page, or scripts that never load) the trigger is the summary of a
 * disclosure (`<details>`): it opens the same question in place, with the confirm button posting the
 * same form, and a second press on it closes it again. The shop's forms work before scripts load, and
 * a confirmation still comes first.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  fields,
  confirmLabel = 'Delete',
  keepLabel = 'Cancel',
  confirmVariant = 'destructive',
}: {
  trigger: ReactElement<TriggerProps>;
  title: string;
  description: string;
  fields: Record<string, string | number>;
  confirmLabel?: string;
  /** The button that closes without doing it ("Keep the order" where "Cancel" would be ambiguous). */
  keepLabel?: string;
  /** The confirm button's look: red for what destroys, the plain button for a step forward. */
  confirmVariant?: ButtonVariant;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  // The one form that does it, in the disclosure before scripts run and in the dialog after.
  const confirmForm = (className?: string) => (
    <Form method="post" preventScrollReset className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonClasses({ variant: confirmVariant })}>
        {confirmLabel}
      </button>
    </Form>
  );
  if (!hydrated && !trigger.props.disabled) {
    const { variant, size, className, children, 'aria-label': label } = trigger.props;
    return (
      <details className="max-w-full">
        <summary
          aria-label={label}
          className={buttonClasses({
            variant,
            size,
            className: `cursor-pointer list-none ${className ?? ''}`,
          })}
        >
          {children}
        </summary>
        <div className="mt-2 max-w-md rounded-lg border border-slate-300 bg-white p-4 text-left shadow-md">
          <p className="font-bold">{title}</p>
          <p className="mt-1 text-sm text-slate-700">{description}</p>
          {confirmForm('mt-3 flex justify-end')}
        </div>
      </details>
    );
  }
  return (
    <>
      {cloneElement(trigger, {
        ref: opener,
        onClick: () => setOpen(true),
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
      })}
      {open ? (
        <AlertPrimitive.Root open onOpenChange={setOpen}>
          <AlertPrimitive.Portal>
            <AlertPrimitive.Overlay className={overlay} />
            <AlertPrimitive.Content
              className={`${panel} max-w-md`}
              onSubmit={() => setOpen(false)}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                opener.current?.focus();
              }}
            >
              <AlertPrimitive.Title className="text-lg font-bold">{title}</AlertPrimitive.Title>
              <AlertPrimitive.Description className="mt-2 text-sm text-slate-700">
                {description}
              </AlertPrimitive.Description>
              <div className="mt-6 flex flex-wrap justify-end gap-2">
                <AlertPrimitive.Cancel className={buttonClasses({ variant: 'outline' })}>
                  {keepLabel}
                </AlertPrimitive.Cancel>
                {confirmForm()}
              </div>
            </AlertPrimitive.Content>
          </AlertPrimitive.Portal>
        </AlertPrimitive.Root>
      ) : null}
    </>
  );
}
