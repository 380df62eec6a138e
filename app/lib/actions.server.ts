import { data } from 'react-router';
import type { $ZodType, output } from 'zod/v4/core';
import type { ActionSuccess } from './action-result';
import { attempt, invalidForm } from './errors.server';
import { parseForm, parseJsonBody, readForm } from './forms';

/**
 * The one way an action does its work (STYLE §12): read the form, validate it with the form's zod
 * schema from core/<domain>/schemas.ts (a multi-action route uses one discriminated `intent` schema),
 * call core, and answer in the one shape: `{ ok: true, ...payload }`, or an `ActionFailure` with the
 * field errors (400) or the domain error's status, title and message. A `Response` the work returns
 * (a redirect) goes out as it is. `invalidMessage` words a refused form for a caller that is not a
 * form with fields to mark (an API a fetcher posts to).
 */
export async function formAction<S extends $ZodType, T extends object | Response | void>(
  request: Request,
  schema: S,
  work: (input: output<S>, form: FormData) => Promise<T>,
  options: { invalidMessage?: string } = {},
) {
  return attempt(async () => {
    const form = await readForm(request);
    const parsed = parseForm(schema, form);
    if (!parsed.ok) return invalidForm(parsed.fieldErrors, options.invalidMessage);
    return succeed(await work(parsed.data, form));
  });
}

/** `formAction` for a JSON body (fetchers that send `encType: 'application/json'`). */
export async function jsonAction<S extends $ZodType, T extends object | Response | void>(
  request: Request,
  schema: S,
  work: (input: output<S>) => Promise<T>,
  options: { errorTitle?: string } = {},
) {
  return attempt(async () => succeed(await work(await parseJsonBody(schema, request, options.errorTitle))));
}

function succeed<T extends object | Response | void>(result: T) {
  if (result instanceof Response) return result;
  // data() keeps headers (a reissued cookie) that the work attached with `withHeaders`.
  if (result && typeof result === 'object' && HEADERS in result) {
    const { [HEADERS]: headers, ...payload } = result as T & { [HEADERS]: HeadersInit };
    return data({ ok: true as const, ...payload } as ActionSuccess<Omit<T, typeof HEADERS>>, { headers });
  }
  return { ok: true as const, ...(result ?? {}) } as ActionSuccess<Exclude<T, Response | void>>;
}

const HEADERS = Symbol('freshcatch.action-headers');

/** A payload that also sets response headers (a renewed session cookie). */
export function withHeaders<T extends object>(payload: T, headers: HeadersInit): T {
  return Object.assign({ ...payload }, { [HEADERS]: headers });
}
