import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MESSAGE_RETENTION_DAYS } from '../core/retention';

/** Unset and empty are the same thing for every variable. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optional(z.url({ message: 'PUBLIC_URL must be a full URL such as https://freshcatch.ng' })),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'),
  ),
  AUTH_SECRET: optional(z.string().min(32, 'AUTH_SECRET must be at least 32 characters')),
  ADMIN_EMAIL: optional(z.email({ message: 'ADMIN_EMAIL must be an e-mail address' })),
  ADMIN_PASSWORD: optional(z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters')),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')),
  MAIL_FROM: z.string().default('FreshCatch <hello@freshcatch.ng>'),
  TRUST_PROXY: optional(z.string()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  SIGNUP_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  PAYSTACK_SECRET_KEY: optional(
    z.string().regex(/^sk_(test|live)_\w+$/, 'PAYSTACK_SECRET_KEY must look like sk_test_… or sk_live_…'),
  ),
  PAYSTACK_PUBLIC_KEY: optional(
    z.string().regex(/^pk_(test|live)_\w+$/, 'PAYSTACK_PUBLIC_KEY must look like pk_test_… or pk_live_…'),
  ),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  PAYSTACK_INLINE_JS_URL: z.url().default('https://js.paystack.co/v2/inline.js'),
  PAYSTACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  S3_BUCKET: optional(z.string()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optional(
    z.url({ message: 'S3_ENDPOINT must be a URL such as https://s3.eu-west-1.amazonaws.com' }),
  ),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_PUBLIC_URL: optional(z.url({ message: 'S3_PUBLIC_URL must be the URL the files are read from' })),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // WhatsApp Business Cloud API (issue 35, docs/messages.md): all four, or none (messages go to the outbox).
  WHATSAPP_ACCESS_TOKEN: optional(z.string()),
  WHATSAPP_PHONE_NUMBER_ID: optional(
    z.string().regex(/^\d+$/, 'WHATSAPP_PHONE_NUMBER_ID is the number id Meta shows: digits only'),
  ),
  WHATSAPP_APP_SECRET: optional(z.string()),
  WHATSAPP_VERIFY_TOKEN: optional(z.string()),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'WHATSAPP_API_VERSION looks like v23.0')
    .default('v23.0'),
  WHATSAPP_BASE_URL: z.url().default('https://graph.facebook.com'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().default('en'),
  // Termii SMS (issue 35): the key and a registered sender id, both or neither (SMS go to the outbox).
  TERMII_API_KEY: optional(z.string()),
  TERMII_SENDER_ID: optional(
    z
      .string()
      .regex(
        /^[A-Za-z0-9 ]{3,11}$/,
        'TERMII_SENDER_ID is the registered sender id: 3 to 11 letters or digits',
      ),
  ),
  TERMII_BASE_URL: z.url().default('https://api.ng.termii.com'),
  /** Signs Termii's delivery reports; without it the reports are not taken. */
  TERMII_WEBHOOK_SECRET: optional(z.string()),
  // Well inside the send-message job's 60 s expiry (db/job-queue.ts), so a slow call never meets its own retry.
  MESSAGES_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  // Days the outbox files and the message log keep who a message went to (core/retention.ts).
  MESSAGE_RETENTION_DAYS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ message: 'MESSAGE_RETENTION_DAYS is a number of days, such as 30' })
      .int('MESSAGE_RETENTION_DAYS is a whole number of days')
      .min(1, 'MESSAGE_RETENTION_DAYS is at least 1 day')
      .max(3650, 'MESSAGE_RETENTION_DAYS is at most 3650 days (ten years)')
      .default(MESSAGE_RETENTION_DAYS),
  ),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  FACEBOOK_CLIENT_ID: optional(z.string()),
  FACEBOOK_CLIENT_SECRET: optional(z.string()),
});

export type Env = z.infer<typeof EnvSchema> & { PUBLIC_URL: string; AUTH_SECRET: string };

export class EnvError extends Error {}

/** Parses the environment once at start-up, so a bad setting stops the server with a clear message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL)
    throw new EnvError('Invalid environment:\n  ADMIN_PASSWORD is set without ADMIN_EMAIL');
  if (env.S3_BUCKET && !env.S3_PUBLIC_URL)
    throw new EnvError(
      'Invalid environment:\n  S3_BUCKET is set without S3_PUBLIC_URL (the address the pictures are read from)',
    );
  const whatsApp = [
    'WHATSAPP_ACCESS_TOKEN',
    'WHATSAPP_PHONE_NUMBER_ID',
    'WHATSAPP_APP_SECRET',
    'WHATSAPP_VERIFY_TOKEN',
  ] as const;
  const missing = whatsApp.filter((name) => !env[name]);
  if (missing.length > 0 && missing.length < whatsApp.length)
    throw new EnvError(
      `Invalid environment:\n  WhatsApp needs all of ${whatsApp.join(', ')}; missing: ${missing.join(', ')}`,
    );
  if (Boolean(env.TERMII_API_KEY) !== Boolean(env.TERMII_SENDER_ID))
    throw new EnvError(
      'Invalid environment:\n  TERMII_API_KEY and TERMII_SENDER_ID are set together, or neither',
    );
  // Development serves from one process whatever WEB_CONCURRENCY says (some hosts set it themselves).
  if (env.NODE_ENV === 'production' && env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL)
    throw new EnvError(
      'Invalid environment:\n  WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process',
    );
  return {
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    AUTH_SECRET: env.AUTH_SECRET ?? readOrCreateLocalSecret(env.DATA_DIR),
  };
}

/** Without AUTH_SECRET a local install keeps a random secret in its data directory. */
function readOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * What goes to DATA_DIR/outbox instead of its provider, for want of credentials: said at start-up, so
 * that an owner who forgot a variable hears that nobody is reached that way (docs/messages.md).
 */
export function outboxed(env: Env): string[] {
  return [
    env.SMTP_URL ? null : 'e-mail (SMTP_URL not set)',
    whatsAppCredentials(env) ? null : 'WhatsApp (WHATSAPP_* not set)',
    termiiCredentials(env) ? null : 'SMS (TERMII_* not set)',
  ].filter((what): what is string => what !== null);
}

/**
 * What the start-up line says of e-mail: where mails go and whether the log holds their addresses and
 * links (core/mail/mailer.ts logs them only in the outbox mode, for a shop on one computer).
 */
export function mailNotice(env: Env): string {
  return env.SMTP_URL
    ? "e-mail goes by SMTP; the log keeps each mail's Message-ID and subject, never its address or links"
    : 'e-mail is written to DATA_DIR/outbox and to this log with its address and links (SMTP_URL not set): for a shop on one computer only';
}

/** What sends WhatsApp messages for real; null: they go to the outbox (server/services.ts). */
export function whatsAppCredentials(env: Env) {
  const { WHATSAPP_ACCESS_TOKEN: accessToken, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId } = env;
  return accessToken && phoneNumberId ? { accessToken, phoneNumberId } : null;
}

/** What sends SMS through Termii for real; null: they go to the outbox (server/services.ts). */
export function termiiCredentials(env: Env) {
  const { TERMII_API_KEY: apiKey, TERMII_SENDER_ID: senderId } = env;
  return apiKey && senderId ? { apiKey, senderId } : null;
}
