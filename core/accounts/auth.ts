import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import * as z from 'zod/mini';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import type { JobQueue } from '../jobs/queue';
import type { MailMessage } from '../mail/mailer';
import {
  accountExistsEmail,
  passwordChangedEmail,
  passwordResetEmail,
  verificationEmail,
} from '../mail/templates';
import { SHOP } from '../shop';
import { fullName, NAME_MAX_LENGTH } from './schemas';

/** The header through which the HTTP edge hands Better Auth the client address it trusts. */
export const CLIENT_IP_HEADER = 'x-freshcatch-client-ip';

/**
 * The only Better Auth endpoints a browser may reach under /api/auth (server/app.ts mounts this list;
 * every other path there answers 404): the links in our e-mails and the sign-in providers' returns.
 * Everything else an account does goes through our own forms, which call Better Auth on the server
 * (SERVER_AUTH_ENDPOINTS), or through core/accounts with its rules and the audit log.
 */
const BROWSER_AUTH_ENDPOINTS: readonly { method: 'GET'; path: RegExp }[] = [
  // The confirmation link of a sign-up (emailVerification below).
  { method: 'GET', path: /^\/verify-email$/ },
  // The link of a password-reset e-mail: checks the token, then sends the browser to /reset-password.
  // Better Auth's tokens are letters and digits: nothing a URL parser could turn into another path.
  { method: 'GET', path: /^\/reset-password\/[A-Za-z0-9_-]+$/ },
  // Google and Facebook send the shopper back here after sign-in.
  { method: 'GET', path: /^\/callback\/(?:google|facebook)$/ },
];

/**
 * Whether a browser may reach `path` (below /api/auth) with `method`. HEAD is a GET without a body.
 * `path` is the address as sent: one that a URL parser would read as another (a backslash, a `..`,
 * an escaped slash) is refused, since Better Auth parses it again.
 */
export function isBrowserAuthEndpoint(method: string, path: string): boolean {
  const asked = method === 'HEAD' ? 'GET' : method;
  if (new URL(path, 'http://shop.invalid').pathname !== path || /%2f|%5c/i.test(path)) return false;
  return BROWSER_AUTH_ENDPOINTS.some((endpoint) => endpoint.method === asked && endpoint.path.test(path));
}

/** The Better Auth endpoints our own routes call on the server (app/lib/auth.server.ts), and no other. */
export const SERVER_AUTH_ENDPOINTS = [
  '/sign-in/email',
  '/sign-up/email',
  '/sign-in/social',
  '/sign-out',
  '/send-verification-email',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  // Two-factor sign-in (core/accounts/two-factor.ts): set up, the code at sign-in, turned off.
  '/two-factor/enable',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/disable',
] as const;
export type ServerAuthEndpoint = (typeof SERVER_AUTH_ENDPOINTS)[number];

/**
 * How long the signed session cookie may answer "what kind of visitor is this?" without the database
 * (Better Auth's cookie cache): only for the header of a catalogue page. Anything personal, and every
 * write, reads the session from the database (app/lib/auth.server.ts), so a session ended elsewhere
 * (sign-out, a password change or reset, a revoked role, a deleted account) ends there at once.
 */
export const SESSION_CACHE_SECONDS = 5 * 60;

/** How long the step between the password and the code may take at sign-in. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;

/** A session lasts 30 days, renewed (from the database) once a day while it is used. */
export const SESSION_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_RENEWAL_SECONDS = 60 * 60 * 24;

/** Whether a session expiring at `expiresAt` is due its daily renewal (Better Auth's `updateAge` rule). */
export function sessionDueRenewal(expiresAt: Date, now = Date.now()): boolean {
  return expiresAt.getTime() - SESSION_SECONDS * 1000 + SESSION_RENEWAL_SECONDS * 1000 <= now;
}

interface LogLike {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface AuthOptions {
  db: Db;
  /** Account e-mails go out through the job queue (with retries; no request waits for SMTP). */
  jobs: JobQueue;
  logger: LogLike;
  baseUrl: string;
  secret: string;
  loginRateLimit: { max: number; windowSeconds: number };
  /** Sign-ups allowed per client address per minute. */
  signUpsPerMinute: number;
  google?: { clientId: string; clientSecret: string };
  facebook?: { clientId: string; clientSecret: string };
}

export function createAuth(options: AuthOptions) {
  const { jobs, logger } = options;
  // Better Auth has written the token (or changed the password) by the time it calls these, in its own
  // transaction: the mail's job follows it at once.
  const mailer = {
    send: async (message: MailMessage) => {
      await jobs.send(options.db, 'mail', message);
    },
  };
  return betterAuth({
    appName: SHOP.name,
    logger: {
      level: 'warn',
      log: (level, message, ...args) =>
        logger[level]({ module: 'auth', details: args.length ? args : undefined }, message),
    },
    baseURL: options.baseUrl,
    secret: options.secret,
    trustedOrigins: [options.baseUrl],
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        twoFactor: schema.twoFactor,
      },
    }),
    plugins: [
      // TOTP from any authenticator app, with ten single-use backup codes; five tries per sign-in and
      // ten wrong codes in a row lock the account's codes for 15 minutes (the plugin's defaults).
      twoFactor({ issuer: SHOP.name, twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS }),
    ],
    user: {
      additionalFields: {
        // The role's one writer is core/accounts/admin-users.ts; Better Auth only reads it.
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
        phone: { type: 'string', required: false, input: false },
        address: { type: 'string', required: false, input: false },
        location: { type: 'string', required: false, input: false },
      },
    },
    // Whatever path a user's row is written by, its name obeys the profile form's rule. Our
    // forms refuse a name outside it with their own words; what else writes one (a Google or Facebook
    // profile) has it trimmed and cut to the rule rather than the sign-in refused.
    databaseHooks: {
      user: {
        create: { before: async (row) => ({ data: { ...row, name: nameWithinRule(row.name, row.email) } }) },
        update: {
          before: async (row) =>
            'name' in row ? { data: { ...row, name: nameWithinRule(row.name, row.email) } } : undefined,
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(passwordResetEmail(user.email, user.name, url));
      },
      onPasswordReset: async ({ user }) => {
        await mailer.send(passwordChangedEmail(user.email, user.name));
      },
      // Sign-up answers the same for a taken address (no account enumeration); its owner is told.
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send(
          accountExistsEmail(user.email, user.name, {
            loginUrl: `${options.baseUrl}/login`,
            resetUrl: `${options.baseUrl}/forgot-password`,
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationEmail(user.email, user.name, url));
      },
    },
    hooks: {
      // A changed password is confirmed by e-mail, as a reset one is (onPasswordReset above).
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (ctx.path !== '/change-password' || isAPIError(returned)) return;
        const changed = (returned as { user?: { email: string; name: string } } | undefined)?.user;
        if (!changed) return;
        await mailer
          .send(passwordChangedEmail(changed.email, changed.name))
          .catch((error: unknown) =>
            logger.error({ err: error, module: 'auth' }, 'could not send the password-changed e-mail'),
          );
      }),
    },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_RENEWAL_SECONDS,
      cookieCache: { enabled: true, maxAge: SESSION_CACHE_SECONDS },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: options.loginRateLimit.windowSeconds, max: options.loginRateLimit.max },
        '/sign-up/email': { window: 60, max: options.signUpsPerMinute },
        '/request-password-reset': { window: 60, max: 3 },
        '/send-verification-email': { window: 60, max: 3 },
        // A code is a guess as a password is: counted by the same rule, per client address.
        '/two-factor/verify-totp': {
          window: options.loginRateLimit.windowSeconds,
          max: options.loginRateLimit.max,
        },
        '/two-factor/verify-backup-code': {
          window: options.loginRateLimit.windowSeconds,
          max: options.loginRateLimit.max,
        },
        '/two-factor/enable': {
          window: options.loginRateLimit.windowSeconds,
          max: options.loginRateLimit.max,
        },
        '/two-factor/disable': {
          window: options.loginRateLimit.windowSeconds,
          max: options.loginRateLimit.max,
        },
        // Guesses at the current password are counted by core/accounts/passwords.ts, per account and per
        // address, before Better Auth is asked: its own 3-in-10-seconds rule would be a second count.
        '/change-password': false,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: options.baseUrl.startsWith('https://'),
    },
    socialProviders: {
      ...(options.google ? { google: options.google } : {}),
      ...(options.facebook ? { facebook: options.facebook } : {}),
    },
    // A failed sign-in with Google or Facebook comes back to our login page, not Better Auth's own.
    onAPIError: { errorURL: '/login' },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The name as the profile form would keep it; one outside the rule is trimmed and cut to it, and a
 * blank one becomes the e-mail address's local part (Better Auth's own schema refuses a missing one).
 */
function nameWithinRule(name: unknown, email: unknown): string {
  const parsed = z.safeParse(fullName, name);
  if (parsed.success) return parsed.data;
  const cut = (text: string) => [...text.trim()].slice(0, NAME_MAX_LENGTH).join('').trim();
  const kept = typeof name === 'string' ? cut(name) : '';
  return kept || cut(String(email ?? '').split('@')[0] ?? '') || 'Customer';
}
export type AuthSession = Auth['$Infer']['Session'];

/**
 * A verified account that signs in with a password, made without the e-mail round trip: the
 * operator's administrator at start-up (core/accounts/admin-users.ts) and the tests' shoppers. It
 * goes through Better Auth's own store and password hashing, so it signs in like any other account.
 */
export async function createPasswordAccount(
  auth: Auth,
  input: { email: string; password: string; name: string },
): Promise<{ id: string; email: string }> {
  const context = await auth.$context;
  const email = input.email.toLowerCase();
  const hash = await context.password.hash(input.password);
  const created = await context.internalAdapter.createUser(
    { email, name: input.name, emailVerified: true },
    { method: 'email-password' },
  );
  try {
    await context.internalAdapter.linkAccount({
      providerId: 'credential',
      accountId: created.id,
      userId: created.id,
      password: hash,
    });
  } catch (error) {
    await context.internalAdapter.deleteUser(created.id);
    throw error;
  }
  return { id: created.id, email };
}
