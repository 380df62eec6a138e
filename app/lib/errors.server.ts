import { data } from 'react-router';
import { DomainError, Invalid, NotFound, type ErrorKind, type TooManyRequests } from '#core/errors';
import { parseRowId } from '#core/ids';
import { PasswordAgain } from '#core/accounts/fresh-rules';
import type { ActionFailure } from './action-result';

/**
 * The one place that turns domain errors into HTTP answers (STYLE §3), and the one owner of the status
 * codes the app sends: core/ says what kind of thing went wrong, this module says which status that is.
 * Anything that is not a domain error is a bug and goes to the error boundary (logged, never shown with
 * its stack).
 */

export type { ActionFailure };

const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  'not-supported': 405,
  conflict: 409,
  'too-many-requests': 429,
  unavailable: 503,
};

const DEFAULT_TITLES: Record<ErrorKind, string> = {
  invalid: 'Please check the form',
  unauthorized: 'Sign in required',
  forbidden: 'Not allowed',
  'not-found': 'Not found',
  'not-supported': 'Not allowed',
  conflict: 'Already done',
  'too-many-requests': 'Please wait',
  unavailable: 'Error',
};

/** The status code a domain error is answered with. */
export function statusOf(error: DomainError): number {
  return STATUS_OF_KIND[error.kind];
}

function initOf(error: DomainError): ResponseInit {
  const retryAfter = 'retryAfterSeconds' in error ? (error as TooManyRequests).retryAfterSeconds : undefined;
  return retryAfter
    ? { status: statusOf(error), headers: { 'Retry-After': String(retryAfter) } }
    : { status: statusOf(error) };
}

/** A refused action in the one action-failure shape: title, message and field errors. */
export function actionFailure(error: unknown) {
  if (!DomainError.is(error)) throw error;
  const fieldErrors =
    'fieldErrors' in error
      ? Object.fromEntries(Object.entries((error as Invalid).fieldErrors).map(([k, v]) => [k, v[0] ?? '']))
      : {};
  const body: ActionFailure = {
    ok: false,
    error: { title: error.title ?? DEFAULT_TITLES[error.kind], message: error.message },
    fieldErrors,
    ...(error instanceof PasswordAgain
      ? { passwordAgain: { resend: error.resend, action: error.action, withCode: error.withCode } }
      : {}),
  };
  return data(body, initOf(error));
}

/**
 * A domain error as a loader's (or a resource route's) answer: `{ message }` by default, for the route's
 * error boundary; a caller that is not a page (a webhook, a JSON API) may give the body its protocol wants.
 */
export function errorResponse<T = { message: string }>(
  error: DomainError,
  body: T = { message: error.message } as T,
) {
  return data(body, initOf(error));
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
    if (DomainError.is(error)) throw errorResponse(error);
    throw error;
  }
}

export function invalidForm(
  fieldErrors: Record<string, string>,
  message = 'Please check the highlighted fields.',
) {
  const body: ActionFailure = { ok: false, error: { title: DEFAULT_TITLES.invalid, message }, fieldErrors };
  return data(body, initOf(new Invalid(message)));
}

/** The one rule for a route's id parameter: a row id, or the route's 404 with its own words. */
export function parseRowIdParam(raw: string | undefined, notFoundMessage: string): number {
  const id = parseRowId(raw);
  if (id === null) throw errorResponse(new NotFound(notFoundMessage));
  return id;
}
