import { randomUUID } from 'node:crypto';
import { createCookie, redirect } from 'react-router';
import type { Toast, ToastInput } from './toast';
import { hasToastCookie, TOAST_COOKIE } from '#server/cookies';
import { shop, type ShopContext } from './context';

/** A one-shot toast carried across a redirect in a signed cookie, shown by the root route. */
function toastCookie(context: ShopContext) {
  return createCookie(TOAST_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 60,
    secrets: [shop(context).services.env.AUTH_SECRET],
    secure: shop(context).services.env.PUBLIC_URL.startsWith('https://'),
  });
}

export async function toastHeader(context: ShopContext, toast: ToastInput): Promise<string> {
  return toastCookie(context).serialize({ id: randomUUID(), ...toast } satisfies Toast);
}

export async function redirectWithToast(
  context: ShopContext,
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
  context: ShopContext,
): Promise<{ toast: Toast | null; setCookie?: string }> {
  const cookieHeader = request.headers.get('Cookie');
  if (!hasToastCookie(cookieHeader)) return { toast: null };
  const cookie = toastCookie(context);
  const value: unknown = await cookie.parse(cookieHeader);
  const setCookie = await cookie.serialize('', { maxAge: 0 });
  if (!value || typeof value !== 'object' || !('title' in value)) return { toast: null, setCookie };
  return { toast: value as Toast, setCookie };
}
