import { data } from 'react-router';
import { DomainError, type Invalid, type TooManyRequests } from '#core/errors';
import { parseRowId } from '#core/ids';
import type { ActionFailure } from './action-result';

/**
 * The one place that turns domain errors into HTTP answers (STYLE §3). Anything else is a bug and
 * goes to the error boundary (logged, never shown with its stack).
 */

export type { ActionFailure };

const DEFAULT_TITLES: Record<number, string> = {
  400: 'Please check the form',
  401: 'Sign in required',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Already done',
  429: 'Please wait',
};

export function actionFailure(error: unknown) {
  if (!DomainError.is(error)) throw error;
  const fieldErrors =
    'fieldErrors' in error
      ? Object.fromEntries(Object.entries((error as Invalid).fieldErrors).map(([k, v]) => [k, v[0] ?? '']))
      : {};
  const body: ActionFailure = {
    ok: false,
    error: { title: error.title ?? DEFAULT_TITLES[error.status] ?? 'Error', message: error.message },
    fieldErrors,
  };
  const retryAfter = 'retryAfterSeconds' in error ? (error as TooManyRequests).retryAfterSeconds : undefined;
  if (retryAfter) return data(body, { status: error.status, headers: { 'Retry-After': String(retryAfter) } });
  return data(body, { status: error.status });
}

/**
 * A page route's `headers`: a refused action's Retry-After reaches the browser on the page as well
 * (React Router passes an action's own headers on to a page only through this export).
 */
export function retryAfterOfAction({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get('Retry-After');
  return retryAfter ? { 'Retry-After': retryAfter } : {};
}

/** Runs an action's call into core/, answering a domain error with its status and message. */
export async function attempt<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    return actionFailure(error);
  }
}

/** For loaders: a domain error becomes a thrown response the route's error boundary shows. */
export async function orThrowResponse<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (DomainError.is(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export function invalidForm(
  fieldErrors: Record<string, string>,
  message = 'Please check the highlighted fields.',
) {
  const body: ActionFailure = { ok: false, error: { title: 'Please check the form', message }, fieldErrors };
  return data(body, { status: 400 });
}

/** The one rule for a route's id parameter: a row id, or the route's 404 with its own words. */
export function parseRowIdParam(raw: string | undefined, notFoundMessage: string): number {
  const id = parseRowId(raw);
  if (id === null) throw data({ message: notFoundMessage }, { status: 404 });
  return id;
}
