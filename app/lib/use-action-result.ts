import { useEffect, useRef } from 'react';
import { toast } from './toasts';
import type { ActionFailure, ActionResult, ActionToast } from './action-result';

const NO_ERRORS: Record<string, string> = {};

/** The event a refusal that needs the password again raises (app/lib/password-again.ts answers it). */
export const PASSWORD_AGAIN_EVENT = 'freshcatch:password-again';

export function showToast(message: ActionToast) {
  const show = message.type === 'success' ? toast.success : message.type === 'info' ? toast : toast.error;
  show(message.title, {
    description: message.description,
    ...(message.duration ? { duration: message.duration } : {}),
  });
}

/**
 * What a failure shows as a toast: its own title and message (`true`, the default), nothing (`false`),
 * nothing when the failure marks fields, which say it next to themselves (`'unless-field-errors'`),
 * or the form's own words for it (a function; null for none).
 */
export type FailureToast =
  boolean | 'unless-field-errors' | ((failure: ActionFailure) => ActionToast | null | undefined);

export function failureToastFor(failure: ActionFailure, choice: FailureToast = true): ActionToast | null {
  if (typeof choice === 'function') return choice(failure) ?? null;
  if (!choice) return null;
  if (choice === 'unless-field-errors' && hasFieldErrors(failure)) return null;
  return { title: failure.error.title, description: failure.error.message };
}

export function hasFieldErrors(failure: ActionFailure): boolean {
  return Object.keys(failure.fieldErrors).length > 0;
}

export interface ActionResultOptions<R extends ActionResult> {
  onSuccess?: (result: Extract<R, { ok: true }>) => void;
  /** After the failure's toast (if any): for forms that undo something when refused. */
  onFailure?: (failure: ActionFailure) => void;
  failureToast?: FailureToast;
}

/**
 * Reads an action's answer once (STYLE §12): a failure shows its toast (see `FailureToast`) and calls
 * `onFailure`, a success shows its toast if it has one and calls `onSuccess`. Returns the field errors
 * to show next to the fields. Give it a fetcher's `data` (with `fetcher.state === 'idle'`, see
 * `settledData`) or a route's `actionData`. The options are read when the answer arrives, so they may
 * close over the component's current state.
 */
export function useActionResult<R extends ActionResult>(
  result: R | null | undefined,
  options: ActionResultOptions<R> = {},
): Record<string, string> {
  const handled = useRef<unknown>(null);
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    const { onSuccess, onFailure, failureToast } = latest.current;
    if (!result.ok) {
      // The password again: a prompt on the page (app/lib/password-again.ts) asks for it and sends the
      // form again. An event, so pages without the prompt carry none of its code.
      if (
        result.passwordAgain &&
        !dispatchEvent(new CustomEvent(PASSWORD_AGAIN_EVENT, { detail: result, cancelable: true }))
      )
        return;
      const message = failureToastFor(result, failureToast);
      if (message) showToast(message);
      onFailure?.(result);
      return;
    }
    if (result.toast) showToast({ type: 'success', ...result.toast });
    onSuccess?.(result as Extract<R, { ok: true }>);
  }, [result]);
  return result && !result.ok ? result.fieldErrors : NO_ERRORS;
}

/**
 * A fetcher's answer once it has settled (revalidation included), for `useActionResult`: a success is
 * acted on when the page already shows its effect.
 */
export function settledData<D>(fetcher: { state: string; data: D }): D | undefined {
  return fetcher.state === 'idle' ? fetcher.data : undefined;
}
