import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { createAuth, type Auth } from '../core/accounts/auth';
import { passwordCheck, type PasswordCheck } from '../core/accounts/passwords';
import { createMailer, type Mailer } from '../core/mail/mailer';
import type { CheckoutDeps } from '../core/checkout/deps';
import { localStorage, s3Storage, type Storage } from '../core/media/storage';
import { formatNaira } from '../core/money';
import { DemoPaymentProvider } from '../core/payments/demo';
import { PaystackProvider } from '../core/payments/paystack';
import type { PaymentProvider } from '../core/payments/provider';
import type { BankDirectory } from '../core/payments/banks';
import type { TransferProvider } from '../core/payments/transfers';
import type { PayoutDeps } from '../core/sellers/payouts';
import type PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client';
import { createBoss } from '../db/job-queue';
import type { QueueName } from '../core/jobs/queues';
import { pgBossQueue, type JobQueue } from '../core/jobs/queue';
import { termiiCredentials, whatsAppCredentials, type Env } from './env';
import type { MessageDeps } from '../core/messages/deliver';
import { outboxTransport } from '../core/messages/outbox';
import { whatsAppTransport } from '../core/messages/whatsapp';
import { termiiTransport } from '../core/messages/termii';
import { createInlinePictures, type InlinePictures } from './inline-pictures';

/** Everything a request may need, built once at start-up and handed to loaders as context. */
export interface Services {
  env: Env;
  logger: Logger;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  /**
   * Takes payments and refunds; also lists banks, checks accounts, makes transfer recipients for sellers
   * and sends their payouts.
   */
  payments: PaymentProvider & BankDirectory & TransferProvider;
  /** What payout runs need (core/sellers/payouts.ts). */
  payouts: PayoutDeps;
  /** What checkout and payment settlement need, in one place. */
  checkout: CheckoutDeps;
  /** The durable job queue (e-mails, payment checks, expiry): send jobs inside the change's transaction. */
  jobs: JobQueue;
  /** The queue's engine and this process's workers on it (server/jobs.ts starts them). */
  jobRuntime: { boss: PgBoss; workerIds: Map<QueueName, string> };
  /** Uploaded pictures: local disk under DATA_DIR/media, or S3-compatible storage (S3_*). */
  storage: Storage;
  /** WhatsApp and SMS messages about orders (core/messages/): their transports and queue. */
  messages: MessageDeps;
  /** The inline copies of our pictures a first visit's page paints first (decision 054). */
  inlinePictures: InlinePictures;
  /** "Your password again" before a sensitive change, counted like a login (core/accounts/passwords.ts). */
  checkPassword: PasswordCheck;
}

export function createServices(
  env: Env,
  logger: Logger,
  database: Database,
  mailer?: Mailer,
  options: { schedules?: boolean } = {},
): Services {
  const resolvedMailer =
    mailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: mailOutboxDirectory(env),
      logger: logger.child({ module: 'mail' }),
    });
  // `schedules: false` (tests) leaves the clock-driven jobs to the caller, so that they run when asked.
  const boss = createBoss(database, { schedule: options.schedules !== false });
  const workerIds = new Map<QueueName, string>();
  // A job sent by this process is taken at once by this process's worker, if it has one.
  const jobs = pgBossQueue(boss, (queue) => {
    const id = workerIds.get(queue);
    if (id) boss.notifyWorker(id);
  });
  const auth = createAuth({
    db: database.db,
    jobs,
    logger: logger.child({ module: 'auth' }),
    baseUrl: env.PUBLIC_URL,
    secret: env.AUTH_SECRET,
    loginRateLimit: { max: env.LOGIN_RATE_LIMIT_MAX, windowSeconds: env.LOGIN_RATE_LIMIT_WINDOW_SECONDS },
    signUpsPerMinute: env.SIGNUP_RATE_LIMIT_MAX,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    facebook:
      env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
        ? { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET }
        : undefined,
  });
  const payments: PaymentProvider & BankDirectory & TransferProvider =
    env.PAYSTACK_SECRET_KEY && env.PAYSTACK_PUBLIC_KEY
      ? new PaystackProvider({
          secretKey: env.PAYSTACK_SECRET_KEY,
          publicKey: env.PAYSTACK_PUBLIC_KEY,
          baseUrl: env.PAYSTACK_BASE_URL,
          timeoutMs: env.PAYSTACK_TIMEOUT_MS,
        })
      : new DemoPaymentProvider(database.db, env.PUBLIC_URL);
  const checkout: CheckoutDeps = {
    db: database.db,
    payments,
    jobs,
    logger: logger.child({ module: 'checkout' }),
    publicUrl: env.PUBLIC_URL,
    formatMoney: formatNaira,
  };
  const storage: Storage = env.S3_BUCKET
    ? s3Storage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        publicUrl: env.S3_PUBLIC_URL!,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      })
    : localStorage(mediaDirectory(env));
  const messagesLogger = logger.child({ module: 'messages' });
  const messageOutbox = messageOutboxDirectory(env);
  const whatsApp = whatsAppCredentials(env);
  const termii = termiiCredentials(env);
  const messages: MessageDeps = {
    db: database.db,
    jobs,
    logger: messagesLogger,
    transports: {
      whatsapp: whatsApp
        ? whatsAppTransport({
            ...whatsApp,
            baseUrl: env.WHATSAPP_BASE_URL,
            apiVersion: env.WHATSAPP_API_VERSION,
            language: env.WHATSAPP_TEMPLATE_LANGUAGE,
            timeoutMs: env.MESSAGES_TIMEOUT_MS,
          })
        : outboxTransport({ outboxDir: messageOutbox, logger: messagesLogger, unset: 'WHATSAPP_*' }),
      sms: termii
        ? termiiTransport({
            ...termii,
            baseUrl: env.TERMII_BASE_URL,
            timeoutMs: env.MESSAGES_TIMEOUT_MS,
          })
        : outboxTransport({ outboxDir: messageOutbox, logger: messagesLogger, unset: 'TERMII_*' }),
    },
  };
  const inlinePictures = createInlinePictures({
    // The build's copy of public/ in production; public/ itself in development.
    publicDir: path.resolve(existsSync(path.resolve('build/client/images')) ? 'build/client' : 'public'),
    mediaDir: mediaDirectory(env),
    remoteBase: env.S3_BUCKET ? env.S3_PUBLIC_URL : undefined,
    logger: logger.child({ module: 'pictures' }),
    fetch,
  });
  const checkPassword = passwordCheck(auth, database.db, {
    max: env.LOGIN_RATE_LIMIT_MAX,
    windowSeconds: env.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
  });
  inlinePictures
    .warm()
    .catch((error: unknown) => logger.warn({ err: error }, 'the inline pictures could not be read'));
  return {
    inlinePictures,
    env,
    logger,
    database,
    db: database.db,
    auth,
    mailer: resolvedMailer,
    payments,
    checkout,
    jobs,
    jobRuntime: { boss, workerIds },
    storage,
    messages,
    checkPassword,
    payouts: {
      db: database.db,
      transfers: payments,
      jobs,
      checkPassword,
      publicUrl: env.PUBLIC_URL,
      logger: logger.child({ module: 'payouts' }),
    },
  };
}

/** Where e-mails are written without SMTP_URL (core/mail/mailer.ts), and forgotten after a while. */
export function mailOutboxDirectory(env: Env): string {
  return path.join(env.DATA_DIR, 'outbox');
}

/** Where WhatsApp and SMS messages are written without their providers' credentials (core/messages/outbox.ts). */
export function messageOutboxDirectory(env: Env): string {
  return path.join(env.DATA_DIR, 'outbox', 'messages');
}

/** Where local uploads are kept (and served from, at /media). */
export function mediaDirectory(env: Env): string {
  return path.resolve(env.DATA_DIR, 'media');
}
