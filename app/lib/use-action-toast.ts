import { useEffect } from 'react';
import { toast } from 'sonner';

export interface ActionToast {
  title: string;
  description?: string;
  type?: 'error' | 'success' | 'info';
}

/** Shows the toast an action returned (once per response). */
export function useActionToast(actionToast: ActionToast | null | undefined) {
  useEffect(() => {
    if (!actionToast) return;
    const show =
      actionToast.type === 'success' ? toast.success : actionToast.type === 'info' ? toast : toast.error;
    show(actionToast.title, { description: actionToast.description });
  }, [actionToast]);
}
