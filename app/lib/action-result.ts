/**
 * The one shape every action answers in (STYLE §12): made on the server by `formAction`/`jsonAction`
 * (app/lib/actions.server.ts) and read in the browser by `useActionResult`.
 */

/** A toast to show, once, for an answer. */
export interface ActionToast {
  title: string;
  description?: string;
  type?: 'error' | 'success' | 'info';
  /** In milliseconds, for toasts that follow the cart's timing (spec §8: 3 s). */
  duration?: number;
}

/** What an action answers when the request was refused: a toast's words and the fields to mark. */
export interface ActionFailure {
  ok: false;
  error: { title: string; message: string };
  fieldErrors: Record<string, string>;
  /**
   * The action needs the password typed again (core/accounts/fresh.ts): the fields that were posted,
   * for the password prompt to send again with it.
   */
  passwordAgain?: { resend: [string, string][]; action: string; withCode: boolean };
}

/** What an action answers when it did its work: `T` is the route's own payload, if any. */
export type ActionSuccess<T extends object = object> = { ok: true; toast?: ActionToast } & T;

export type ActionResult<T extends object = object> = ActionSuccess<T> | ActionFailure;
