import { useEffect } from 'react';
import type { ActionToast } from './action-result';
import { showToast } from './use-action-result';

export type { ActionToast };

/** Shows the toast an action returned (once per response). */
export function useActionToast(actionToast: ActionToast | null | undefined) {
  useEffect(() => {
    if (actionToast) showToast(actionToast);
  }, [actionToast]);
}
