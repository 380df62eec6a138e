import { useEffect, useState } from 'react';
import type { ActionFailure } from './action-result';
import { PASSWORD_AGAIN_EVENT } from './use-action-result';

/**
 * The password prompt's one listener (issue 52 §2): a screen's answer that needs the password again
 * (`failure.passwordAgain`, raised by useActionResult as an event) is handed to the prompt the frame shows
 * (PasswordAgainPrompt), which posts the same fields again with the password.
 */
export type PasswordAsk = NonNullable<ActionFailure['passwordAgain']> & { message: string };

/**
 * The prompt's side: what is asked now, and how to close it. It answers useActionResult's
 * PASSWORD_AGAIN_EVENT (and so takes it from the toast); a page without the prompt shows the toast.
 */
export function usePasswordAsk(): [PasswordAsk | null, (ask: PasswordAsk | null) => void] {
  const [ask, setAsk] = useState<PasswordAsk | null>(null);
  useEffect(() => {
    const listener = (event: Event) => {
      const failure = (event as CustomEvent<ActionFailure>).detail;
      if (!failure.passwordAgain) return;
      event.preventDefault();
      setAsk({ ...failure.passwordAgain, message: failure.error.message });
    };
    addEventListener(PASSWORD_AGAIN_EVENT, listener);
    return () => removeEventListener(PASSWORD_AGAIN_EVENT, listener);
  }, []);
  return [ask, setAsk];
}
