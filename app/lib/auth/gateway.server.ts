import { CLIENT_IP_HEADER, SERVER_AUTH_ENDPOINTS, type ServerAuthEndpoint } from '#core/accounts/auth';
import { Forbidden, Invalid, TooManyRequests, Unauthorized, Unavailable } from '#core/errors';
import { shop, type ShopContext } from '../context';
import { emailConfirmationCallback } from '../return-target';
import { checkedUser, type CheckedSessionUser } from './session.server';

/*
 * The one way our screens call Better Auth (app/lib/auth/). Each call goes through its HTTP handler
 * rather than `auth.api`, so its rate limits (keyed on the trusted client address) and checks apply to
 * our forms exactly as to its API; each answers with what the screen needs, or throws a domain error
 * with the screen's words. No route reads Better Auth's status codes.
 */

interface AuthCallResult {
  httpStatus: number;
  body: Record<string, unknown> | null;
  setCookies: string[];
}

async function callAuthEndpoint(
  request: Request,
  context: ShopContext,
  path: ServerAuthEndpoint,
  body: Record<string, unknown>,
  cookieOverride?: string,
): Promise<AuthCallResult> {
  if (!SERVER_AUTH_ENDPOINTS.includes(path)) throw new Error(`${path} is not an endpoint the shop calls`);
  const { env, auth } = shop(context).services;
  const headers = new Headers({
    'Content-Type': 'application/json',
    Origin: env.PUBLIC_URL,
    [CLIENT_IP_HEADER]: shop(context).clientIp,
  });
  const cookie = cookieOverride ?? request.headers.get('Cookie');
  if (cookie) headers.set('Cookie', cookie);
  const userAgent = request.headers.get('User-Agent');
  if (userAgent) headers.set('User-Agent', userAgent);
  const response = await auth.handler(
    new Request(new URL(`/api/auth${path}`, env.PUBLIC_URL), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    }),
  );
  const text = await response.text();
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    parsed = null;
  }
  return { httpStatus: response.status, body: parsed, setCookies: response.headers.getSetCookie() };
}

function succeeded(result: AuthCallResult): boolean {
  return result.httpStatus === 200;
}

function messageOf(result: AuthCallResult, fallback: string): string {
  const message = result.body?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/** The `name=value` pairs of Set-Cookie headers, as a Cookie header for a follow-up call. */
export function cookiesFromSetCookie(setCookies: string[]): string {
  return setCookies.map((c) => c.split(';')[0]).join('; ');
}

/**
 * E-mail and password sign-in. A refusal is a domain error with the spec's texts for each failure
 * ('Login failed', or 'An error occurred' when the auth service is down).
 */
export async function signInWithPassword(
  request: Request,
  context: ShopContext,
  credentials: { email: string; password: string; redirectTo?: string },
): Promise<{ user: CheckedSessionUser; setCookies: string[] }> {
  const result = await callAuthEndpoint(request, context, '/sign-in/email', {
    email: credentials.email,
    password: credentials.password,
    rememberMe: true,
    // An unconfirmed account is sent a fresh link (sendOnSignIn): where it lands, as the sign-up's.
    callbackURL: emailConfirmationCallback(credentials.redirectTo),
  });
  if (succeeded(result) && result.body?.user) {
    const user = result.body.user as Record<string, unknown>;
    return {
      setCookies: result.setCookies,
      user: checkedUser({
        id: String(user.id),
        name: String(user.name ?? ''),
        email: String(user.email ?? ''),
        role: typeof user.role === 'string' ? user.role : null,
        image: typeof user.image === 'string' ? user.image : null,
      }),
    };
  }
  const title = 'Login failed';
  if (result.httpStatus === 429)
    throw new TooManyRequests('Too many login attempts. Please wait a minute and try again.', title);
  if (result.body?.code === 'EMAIL_NOT_VERIFIED') {
    throw new Forbidden(
      'Please confirm your e-mail address first. We have sent you a new confirmation link.',
      title,
    );
  }
  if (result.httpStatus >= 500) throw new Unavailable('Please try again later', 'An error occurred');
  const message = messageOf(result, 'Invalid email or password');
  throw result.httpStatus === 401 ? new Unauthorized(message, title) : new Invalid(message, {}, title);
}

/** A new account; Better Auth e-mails the confirmation link, which lands on `redirectTo` afterwards. */
export async function signUpWithPassword(
  request: Request,
  context: ShopContext,
  account: { name: string; email: string; password: string; redirectTo?: string },
): Promise<void> {
  const result = await callAuthEndpoint(request, context, '/sign-up/email', {
    name: account.name,
    email: account.email,
    password: account.password,
    callbackURL: emailConfirmationCallback(account.redirectTo),
  });
  if (succeeded(result)) return;
  const title = 'Registration failed';
  if (result.httpStatus === 429)
    throw new TooManyRequests('Too many sign-up attempts. Please wait a minute and try again.', title);
  const message = messageOf(result, 'Please try again later');
  throw result.httpStatus >= 500 ? new Unavailable(message, title) : new Invalid(message, {}, title);
}

/**
 * Sends a password-reset link if the address has an account. The answer is the same either way (no
 * way to learn who has an account), except when asked too often.
 */
export async function requestPasswordReset(request: Request, context: ShopContext, email: string) {
  const result = await callAuthEndpoint(request, context, '/request-password-reset', {
    email,
    redirectTo: '/reset-password',
  });
  if (result.httpStatus === 429)
    throw new TooManyRequests('Too many requests. Please wait a minute and try again.');
}

/** Sets a new password with the token of a reset e-mail. */
export async function resetPassword(
  request: Request,
  context: ShopContext,
  reset: { newPassword: string; token: string },
): Promise<void> {
  const result = await callAuthEndpoint(request, context, '/reset-password', reset);
  if (succeeded(result)) return;
  const message = messageOf(result, 'This reset link is invalid or has expired.');
  throw new Invalid(message, {}, 'Could not reset the password');
}

/** Sends a fresh confirmation link; the same answer whether or not the address has an account. */
export async function sendVerificationEmail(
  request: Request,
  context: ShopContext,
  to: { email: string; redirectTo?: string },
): Promise<void> {
  const result = await callAuthEndpoint(request, context, '/send-verification-email', {
    email: to.email,
    callbackURL: emailConfirmationCallback(to.redirectTo),
  });
  if (result.httpStatus === 429) throw new TooManyRequests('Too many requests. Try again in a minute.');
}

/**
 * Changes the signed-in user's password and signs out their other devices. Answers the renewed
 * session's cookies, which keep this browser signed in.
 */
export async function changePassword(
  request: Request,
  context: ShopContext,
  change: { currentPassword: string; newPassword: string },
): Promise<{ setCookies: string[] }> {
  const result = await callAuthEndpoint(request, context, '/change-password', {
    ...change,
    revokeOtherSessions: true,
  });
  if (succeeded(result)) return { setCookies: result.setCookies };
  const wrongPassword = result.body?.code === 'INVALID_PASSWORD';
  throw new Invalid(
    messageOf(result, 'Could not change the password. Please try again.'),
    wrongPassword ? { currentPassword: ['Your current password is not right'] } : {},
  );
}

/**
 * Ends the session named by `cookie` (this request's, unless another is given). Answers the cookies
 * that clear it in the browser.
 */
export async function signOut(
  request: Request,
  context: ShopContext,
  cookie?: string,
): Promise<{ setCookies: string[] }> {
  const result = await callAuthEndpoint(request, context, '/sign-out', {}, cookie);
  if (succeeded(result)) return { setCookies: result.setCookies };
  throw new Unavailable(messageOf(result, 'Please try again.'), 'Sign out failed');
}

export type SocialProvider = 'google' | 'facebook';

/** The social sign-ins whose keys are configured. */
export function socialProviders(context: ShopContext): Record<SocialProvider, boolean> {
  const { env } = shop(context).services;
  return {
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    facebook: Boolean(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET),
  };
}

/** Starts a Google or Facebook sign-in: the provider's page to send the browser to, and its cookies. */
export async function startSocialSignIn(
  request: Request,
  context: ShopContext,
  provider: SocialProvider,
): Promise<{ url: string; setCookies: string[] }> {
  const result = await callAuthEndpoint(request, context, '/sign-in/social', { provider, callbackURL: '/' });
  const url = result.body?.url;
  if (succeeded(result) && typeof url === 'string') return { url, setCookies: result.setCookies };
  throw new Unavailable('Please try again later', 'Login failed');
}
