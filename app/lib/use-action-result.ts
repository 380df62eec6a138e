import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { ActionResult, ActionToast } from './action-result';

const NO_ERRORS: Record<string, string> = {};

export function showToast(message: ActionToast) {
  const show = message.type === 'success' ? toast.success : message.type === 'info' ? toast : toast.error;
  show(message.title, { description: message.description });
}

/**
 * Reads an action's answer once (STYLE §12): a failure shows its toast, a success shows its toast if
 * it has one and calls `onSuccess`. Returns the field errors to show next to the fields. Give it a
 * fetcher's `data` (with `fetcher.state === 'idle'`) or a route's `actionData`.
 */
export function useActionResult<R extends ActionResult>(
  result: R | null | undefined,
  options: { onSuccess?: (result: Extract<R, { ok: true }>) => void; failureToast?: boolean } = {},
): Record<string, string> {
  const handled = useRef<unknown>(null);
  const onSuccess = useRef(options.onSuccess);
  onSuccess.current = options.onSuccess;
  const failureToast = options.failureToast ?? true;
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (!result.ok) {
      if (failureToast) showToast({ title: result.error.title, description: result.error.message });
      return;
    }
    if (result.toast) showToast({ type: 'success', ...result.toast });
    onSuccess.current?.(result as Extract<R, { ok: true }>);
  }, [result, failureToast]);
  return result && !result.ok ? result.fieldErrors : NO_ERRORS;
}
