import { redirect } from 'react-router';
import { entersAdminArea } from '#core/roles';
import { Forbidden, DomainError } from '#core/errors';
import { shop, type ShopContext } from '../context';
import { cookiesFromSetCookie, signOut } from './gateway.server';
import type { CheckedSessionUser } from './session.server';

/** The page of a sign-in's second step (routes/login-two-factor.tsx), with where it leads on to. */
export function signInCodePath(target: string): string {
  return `/login/two-factor?redirectTo=${encodeURIComponent(target)}`;
}

/** A redirect that sets the cookies Better Auth answered (a session, or the step before the code). */
export function redirectWithHeaders(url: string, setCookies: string[]): Response {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return redirect(url, { headers });
}

/** The toast of a sign-in into the admin area (spec §5). */
export const ADMIN_WELCOME = {
  type: 'success',
  title: 'Login successful',
  description: 'Welcome to the admin dashboard',
} as const;

/** The toast of a sign-in to the shop. */
export const SHOP_WELCOME = { type: 'success', title: 'Welcome back!' } as const;

/**
 * A sign-in on the admin area's page whose credentials were right but who is not an administrator:
 * the new session ends at once (if that fails they stay signed in as the shopper they are: still no
 * admin area), and the sign-in is refused with §5's words.
 */
export async function refuseNonAdmin(
  request: Request,
  context: ShopContext,
  user: CheckedSessionUser,
  setCookies: string[],
): Promise<void> {
  if (entersAdminArea(user)) return;
  const out = await signOut(request, context, cookiesFromSetCookie(setCookies)).catch((error: unknown) => {
    if (!DomainError.is(error)) throw error;
    return { setCookies: [] };
  });
  for (const cookie of out.setCookies) shop(context).appendSetCookie(cookie);
  throw new Forbidden('You do not have administrator privileges', 'Access denied');
}
