import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { admin } from 'better-auth/plugins';
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

/** The header through which the HTTP edge hands Better Auth the client address it trusts. */
export const CLIENT_IP_HEADER = 'x-freshcatch-client-ip';

export const EMAIL_CONFIRMATION_PATH = '/email-confirmation';

/**
 * How long the signed session cookie may answer "who is this?" without the database (Better Auth's
 * cookie cache). A session revoked elsewhere (sign-out everywhere, password change or reset) stays
 * usable in another browser for at most this long; what the role grants is always checked against the
 * database (see app/lib/auth.server.ts), and Better Auth's own sensitive endpoints bypass the cache.
 */
export const SESSION_CACHE_SECONDS = 5 * 60;

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
      },
    }),
    user: {
      additionalFields: {
        phone: { type: 'string', required: false, input: false },
        address: { type: 'string', required: false, input: false },
        location: { type: 'string', required: false, input: false },
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
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type AuthSession = Auth['$Infer']['Session'];
