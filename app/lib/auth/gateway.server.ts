import { CLIENT_IP_HEADER, SERVER_AUTH_ENDPOINTS, type ServerAuthEndpoint } from '#core/accounts/auth';
import { Forbidden, Invalid, TooManyRequests, Unauthorized, Unavailable } from '#core/errors';
import { PASSWORD_AGAIN } from '#core/accounts/fresh-rules';
import { TWO_FACTOR } from '#core/accounts/two-factor-rules';
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

/** What a password sign-in came to: signed in, or the code of two-factor sign-in still to come. */
export type PasswordSignIn =
  | { step: 'signed-in'; user: CheckedSessionUser; setCookies: string[] }
  /** The cookies carry the signed, ten-minute step between the password and the code. */
  | { step: 'code'; setCookies: string[] };

/**
 * E-mail and password sign-in. A refusal is a domain error with the spec's texts for each failure
 * ('Login failed', or 'An error occurred' when the auth service is down). An account with two-factor
 * sign-in is not signed in yet: the code comes next (verifySignInCode).
 */
export async function signInWithPassword(
  request: Request,
  context: ShopContext,
  credentials: { email: string; password: string; redirectTo?: string },
): Promise<PasswordSignIn> {
  const result = await callAuthEndpoint(request, context, '/sign-in/email', {
    email: credentials.email,
    password: credentials.password,
    rememberMe: true,
    // An unconfirmed account is sent a fresh link (sendOnSignIn): where it lands, as the sign-up's.
    callbackURL: emailConfirmationCallback(credentials.redirectTo),
  });
  if (succeeded(result) && result.body?.twoFactorRedirect === true)
    return { step: 'code', setCookies: result.setCookies };
  if (succeeded(result) && result.body?.user)
    return { step: 'signed-in', setCookies: result.setCookies, user: userOf(result.body.user) };
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

function userOf(body: unknown): CheckedSessionUser {
  const user = body as Record<string, unknown>;
  return checkedUser({
    id: String(user.id),
    name: String(user.name ?? ''),
    email: String(user.email ?? ''),
    role: typeof user.role === 'string' ? user.role : null,
    image: typeof user.image === 'string' ? user.image : null,
    twoFactorEnabled: user.twoFactorEnabled === true,
  });
}

/** The two kinds of code two-factor sign-in takes: the authenticator's, or a single-use backup code. */
export type SignInCode = { kind: 'app' | 'backup'; code: string };

/**
 * The second step of a sign-in: the code, with the cookie the password step left. Tries are counted as
 * passwords are (per client address); five wrong ones end the step, ten in a row lock the account's
 * codes for 15 minutes.
 */
export async function verifySignInCode(
  request: Request,
  context: ShopContext,
  { kind, code }: SignInCode,
): Promise<{ user: CheckedSessionUser; setCookies: string[] }> {
  const result = await callAuthEndpoint(
    request,
    context,
    kind === 'app' ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code',
    { code: code.replace(/\s+/g, '') },
  );
  if (succeeded(result) && result.body?.user)
    return { user: userOf(result.body.user), setCookies: result.setCookies };
  throw codeRefusal(result, 'Login failed');
}

function codeRefusal(result: AuthCallResult, title: string) {
  const code = result.body?.code;
  if (result.httpStatus === 429 || code === 'ACCOUNT_TEMPORARILY_LOCKED')
    return new TooManyRequests(
      code === 'ACCOUNT_TEMPORARILY_LOCKED'
        ? TWO_FACTOR.locked
        : 'Too many attempts. Please wait a minute and try again.',
      title,
    );
  if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE')
    return new Invalid(TWO_FACTOR.wrongCode, { code: [TWO_FACTOR.wrongCode] }, title);
  if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return new Unauthorized(TWO_FACTOR.tooManyTries, title);
  if (code === 'INVALID_TWO_FACTOR_COOKIE') return new Unauthorized(TWO_FACTOR.expired, title);
  if (result.httpStatus >= 500) return new Unavailable('Please try again later', 'An error occurred');
  return new Invalid(messageOf(result, TWO_FACTOR.wrongCode), {}, title);
}

/**
 * Starts setting up two-factor sign-in for the signed-in account (after its password): the
 * authenticator's `otpauth://` address and ten backup codes, shown once. Nothing changes at sign-in
 * until a code from the app confirms it (confirmTwoFactor). Starting again replaces an unconfirmed one.
 */
export async function startTwoFactor(
  request: Request,
  context: ShopContext,
  password: string,
  /** The session's cookies, when this request just renewed them (set up again after turning off). */
  cookie?: string,
): Promise<{ totpURI: string; backupCodes: string[] }> {
  const result = await callAuthEndpoint(
    request,
    context,
    '/two-factor/enable',
    { password, method: 'totp' },
    cookie,
  );
  const { totpURI, backupCodes } = result.body ?? {};
  if (succeeded(result) && typeof totpURI === 'string' && Array.isArray(backupCodes))
    return { totpURI, backupCodes: backupCodes.map(String) };
  throw passwordRefusal(result, 'Not set up');
}

/** Confirms the set-up with the app's first code: two-factor sign-in is on. Answers the renewed session's cookies. */
export async function confirmTwoFactor(
  request: Request,
  context: ShopContext,
  code: string,
): Promise<{ setCookies: string[] }> {
  const result = await callAuthEndpoint(request, context, '/two-factor/verify-totp', {
    code: code.replace(/\s+/g, ''),
  });
  if (succeeded(result)) return { setCookies: result.setCookies };
  throw codeRefusal(result, 'Not set up');
}

/**
 * Whether `code` is the signed-in account's current authenticator code (the password again, for an
 * account with two-factor sign-in: core/accounts/fresh.ts). Counted per client address as sign-in codes are.
 */
export async function isCurrentCode(request: Request, context: ShopContext, code: string): Promise<boolean> {
  const result = await callAuthEndpoint(request, context, '/two-factor/verify-totp', {
    code: code.replace(/\s+/g, ''),
  });
  if (succeeded(result)) return true;
  const refusal = codeRefusal(result, 'Not confirmed');
  if (refusal instanceof Invalid) return false;
  throw refusal;
}

/** Turns two-factor sign-in off (after the password). Answers the renewed session's cookies. */
export async function turnOffTwoFactor(
  request: Request,
  context: ShopContext,
  password: string,
): Promise<{ setCookies: string[] }> {
  const result = await callAuthEndpoint(request, context, '/two-factor/disable', { password });
  if (succeeded(result)) return { setCookies: result.setCookies };
  throw passwordRefusal(result, 'Not turned off');
}

function passwordRefusal(result: AuthCallResult, title: string) {
  if (result.httpStatus === 429)
    return new TooManyRequests('Too many attempts. Please wait a minute and try again.', title);
  if (result.body?.code === 'INVALID_PASSWORD')
    return new Invalid(PASSWORD_AGAIN.wrong, { password: [PASSWORD_AGAIN.wrong] }, title);
  if (result.httpStatus >= 500) return new Unavailable('Please try again later', 'An error occurred');
  return new Invalid(messageOf(result, 'Please try again.'), {}, title);
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
