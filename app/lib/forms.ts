import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { Invalid } from '#core/errors';
import { containsNul, hasNul, NUL_REFUSED } from '#core/text';

export type FieldErrors = Record<string, string>;

export type ParseResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/** Runs a form's zod schema over FormData (browser or server); the first message per field. */
export function parseForm<S extends $ZodType>(schema: S, formData: FormData): ParseResult<output<S>> {
  const values: Record<string, FormDataEntryValue> = {};
  for (const [key, value] of formData) {
    // Every field of every form, whatever its schema: a NUL cannot be stored (core/text.ts).
    if (typeof value === 'string' && hasNul(value)) return { ok: false, fieldErrors: { [key]: NUL_REFUSED } };
    if (!(key in values)) values[key] = value;
  }
  const result = safeParse(schema, values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

/**
 * A return target after login that stays in the shop, or `fallback`. The target is resolved with the URL
 * parser, as the browser will resolve it, against a stand-in origin (so the check does not depend on the
 * host the request came in on), and kept (path, query and hash) only if it stays on that origin.
 * Control characters are refused outright: the parser drops TAB/LF/CR, so `/<TAB>/evil.example` would
 * become `//evil.example`. The answer is the parser's own serialisation (percent-encoded, printable
 * ASCII, fit for a Location header), checked again, because `/.//evil.example` resolves to our origin
 * yet serialises to `//evil.example`. Never throws.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  const origin = 'http://shop.invalid';
  const singleSlash = /^\/(?![/\\])/;
  const serialise = (url: URL) => url.pathname + url.search + url.hash;
  if (typeof to !== 'string' || !singleSlash.test(to) || /\p{Cc}/u.test(to)) return fallback;
  try {
    const url = new URL(to, origin);
    if (url.origin !== origin) return fallback;
    const path = serialise(url);
    const again = new URL(path, origin);
    return singleSlash.test(path) && again.origin === origin && serialise(again) === path ? path : fallback;
  } catch {
    return fallback;
  }
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
  if (containsNul(body)) throw new Invalid(NUL_REFUSED, {}, title);
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
    throw new Invalid('Expected a form.');
  }
}
