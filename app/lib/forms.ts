import { data } from 'react-router';
import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { Invalid } from '#core/errors';

export type FieldErrors = Record<string, string>;

export type ParseResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/** Runs a form's zod schema over FormData (browser or server); the first message per field. */
export function parseForm<S extends $ZodType>(schema: S, formData: FormData): ParseResult<output<S>> {
  const values: Record<string, FormDataEntryValue> = {};
  for (const [key, value] of formData) if (!(key in values)) values[key] = value;
  const result = safeParse(schema, values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

/** Only same-site paths are allowed as a place to return to after login. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\'))
    return fallback;
  return to;
}

/**
 * A JSON request body through a zod schema. A body that is not JSON, or does not fit, is refused with
 * an Invalid error carrying the first problem (turned into a 400 by attempt()/actionFailure()).
 */
export async function parseJsonBody<S extends $ZodType>(
  schema: S,
  request: Request,
  title?: string,
): Promise<output<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new Invalid('Expected a JSON body.', {}, title);
  }
  const result = safeParse(schema, body);
  if (!result.success)
    throw new Invalid(result.error.issues[0]?.message ?? 'The request is not valid.', {}, title);
  return result.data;
}

/** The request's form. A body that is not a form (JSON, junk) is a clear 400, never a crash. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: 'Expected a form.' }, { status: 400 });
  }
}
