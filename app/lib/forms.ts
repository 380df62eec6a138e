import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';

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
