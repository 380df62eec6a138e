import { randomUUID } from 'node:crypto';
import { createCookie, redirect, type AppLoadContext } from 'react-router';
import type { Toast, ToastInput } from './toast';
import { hasToastCookie, TOAST_COOKIE } from '#server/cookies';

/** A one-shot toast carried across a redirect in a signed cookie, shown by the root route. */
function toastCookie(context: AppLoadContext) {
  return createCookie(TOAST_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 60,
    secrets: [context.services.env.AUTH_SECRET],
    secure: context.services.env.PUBLIC_URL.startsWith('https://'),
  });
}

export async function toastHeader(context: AppLoadContext, toast: ToastInput): Promise<string> {
  return toastCookie(context).serialize({ id: randomUUID(), ...toast } satisfies Toast);
}

export async function redirectWithToast(
  context: AppLoadContext,
  url: string,
  toast: ToastInput,
  setCookies: string[] = [],
): Promise<Response> {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', await toastHeader(context, toast));
  return redirect(url, { headers });
}

/** Reads and clears the pending toast. */
export async function takeToast(
  request: Request,
  context: AppLoadContext,
): Promise<{ toast: Toast | null; setCookie?: string }> {
  const cookieHeader = request.headers.get('Cookie');
  if (!hasToastCookie(cookieHeader)) return { toast: null };
  const cookie = toastCookie(context);
  const value: unknown = await cookie.parse(cookieHeader);
  const setCookie = await cookie.serialize('', { maxAge: 0 });
  if (!value || typeof value !== 'object' || !('title' in value)) return { toast: null, setCookie };
  return { toast: value as Toast, setCookie };
}
