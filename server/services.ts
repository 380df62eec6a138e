import path from 'node:path';
import type { Logger } from 'pino';
import { createAuth, type Auth } from '../core/accounts/auth';
import { createMailer, type Mailer } from '../core/mail/mailer';
import type { Database, Db } from '../db/client';
import type { Env } from './env';

/** Everything a request may need, built once at start-up and handed to loaders as context. */
export interface Services {
  env: Env;
  logger: Logger;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
}

export function createServices(env: Env, logger: Logger, database: Database, mailer?: Mailer): Services {
  const resolvedMailer =
    mailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(env.DATA_DIR, 'outbox'),
      logger: logger.child({ module: 'mail' }),
    });
  const auth = createAuth({
    db: database.db,
    mailer: resolvedMailer,
    logger: logger.child({ module: 'auth' }),
    baseUrl: env.PUBLIC_URL,
    secret: env.AUTH_SECRET,
    loginRateLimit: { max: env.LOGIN_RATE_LIMIT_MAX, windowSeconds: env.LOGIN_RATE_LIMIT_WINDOW_SECONDS },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    facebook:
      env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
        ? { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET }
        : undefined,
  });
  return { env, logger, database, db: database.db, auth, mailer: resolvedMailer };
}
