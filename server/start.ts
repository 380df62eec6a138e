import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Server } from 'node:http';
import cluster from 'node:cluster';
import pino, { type Logger } from 'pino';
import type { ServerBuild } from 'react-router';
import type { Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import { DatabaseLockedError, lockEmbeddedDatabase } from '../db/lock';
import { acceptInWorkers, JOBS_WORKER_ENV, runPrimary } from './cluster';
import { trackRequestsInFlight } from './in-flight';
import { EnvError, loadEnv, mailNotice, outboxed, type Env } from './env';
import type { Services } from './services';
import { runtimeAdvice } from './runtime';

// Everything a server process needs (the app, Better Auth, the database driver…) is imported when it
// starts serving, not at the top: the production supervisor imports only what supervising takes, and
// stays small (docs/decisions/017).

export interface RunningServer {
  server: Server;
  services: Services;
  url: string;
  stop(): Promise<void>;
  /**
   * The process is about to die of an error: every request it holds is answered 503 with
   * Retry-After (or, if its answer had begun, cut off), so no client is left waiting for it.
   */
  abandonRequests(): void;
}

function createLogger(env: Env) {
  const worker = cluster.isWorker ? { worker: cluster.worker!.id, pid: process.pid } : {};
  return pino({ level: env.LOG_LEVEL, base: { service: 'freshcatch', ...worker } });
}

/** Brings the database schema and the seed data up to date. Idempotent. */
async function prepareDatabase(env: Env, logger: Logger, database: Database, services: Services) {
  const [{ runMigrations }, { seedDatabase }] = await Promise.all([
    import('../db/migrate'),
    import('./seed'),
  ]);
  await runMigrations(database);
  await seedDatabase(database.db, services.auth, logger, {
    demo: env.SEED_DEMO_DATA,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
  });
}

/**
 * Opens the database, migrates, seeds, and serves. Used by server.ts and by the e2e/bench harnesses.
 * A worker of a cluster skips migrating and seeding (its primary has done both before forking), and
 * only one worker runs the background jobs.
 */
export async function startServer(
  env: Env,
  mode: 'production' | 'development',
  options: { prepare?: boolean; jobs?: boolean } = {},
): Promise<RunningServer> {
  const logger = createLogger(env);
  const [{ openDatabase }, { createServices }, { createApp }, { startJobs }] = await Promise.all([
    import('../db/client'),
    import('./services'),
    import('./app'),
    import('./jobs'),
  ]);
  const database: Database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const services = createServices(env, logger, database);
    if (options.prepare !== false) await prepareDatabase(env, logger, database, services);

    let shuttingDown = false;
    let build: ServerBuild | undefined;
    const clientDir = path.resolve('build/client');
    if (mode === 'production') {
      const buildPath = path.resolve('build/server/index.js');
      build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    }
    const app = await createApp(services, { mode, build, clientDir, isShuttingDown: () => shuttingDown });
    const jobs = await startJobs(services, { work: options.jobs !== false });
    const server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(env.PORT, env.HOST, () => resolve(s));
      s.once('error', reject);
    });
    const abandonRequests = trackRequestsInFlight(server);
    // Slow clients on weak networks still get their page; idle sockets do not pile up.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    const url = `http://localhost:${port}`;
    logger.info(
      {
        url,
        database: database.kind,
        mode,
        jobs: options.jobs !== false,
        outbox: outboxed(env),
        mail: mailNotice(env),
      },
      'FreshCatch is serving',
    );

    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        shuttingDown = true;
        await new Promise<void>((resolve) => {
          const force = setTimeout(() => {
            server.closeAllConnections();
            resolve();
          }, 10_000);
          server.close(() => {
            clearTimeout(force);
            resolve();
          });
          server.closeIdleConnections();
        });
        await jobs.stop();
        services.mailer.close?.();
        await database.close();
        logger.info('stopped');
      })());
    return { server, services, url, stop, abandonRequests };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

async function prepareOnce(env: Env) {
  const logger = createLogger(env);
  const [{ openDatabase }, { createServices }] = await Promise.all([
    import('../db/client'),
    import('./services'),
  ]);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await prepareDatabase(env, logger, database, createServices(env, logger, database));
  } finally {
    await database.close();
  }
}

/** Set on the short-lived process in which the supervisor has the database prepared. */
const PREPARE_ONLY_ENV = 'FRESHCATCH_PREPARE_ONLY';

/**
 * Migrates and seeds in a process of its own that then exits, so the supervisor never loads (and keeps)
 * the app's modules. Rejects when it failed; its own log says why.
 */
function prepareInChild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = cluster.fork({ [PREPARE_ONLY_ENV]: '1' });
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`preparing the database failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

export async function main(mode: 'production' | 'development') {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Production runs under a supervisor (server/cluster.ts) that replaces a server process that dies.
  // On PostgreSQL it prepares the database once and runs WEB_CONCURRENCY processes sharing the port;
  // on the embedded database it holds the data directory's lock and runs the one process that may
  // open it, which prepares the database itself.
  const supervised = mode === 'production';
  if (supervised && cluster.isPrimary) {
    acceptInWorkers();
    const logger = createLogger(env);
    const advice = runtimeAdvice(process.version);
    if (advice) logger.warn({ node: process.version }, advice);
    try {
      if (env.DATABASE_URL) await prepareInChild();
      else lockEmbeddedDatabase(env.DATA_DIR);
    } catch (error) {
      if (error instanceof DatabaseLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      logger.error({ err: error }, 'could not start');
      process.exit(1);
    }
    return runPrimary(env, logger);
  }
  if (process.env[PREPARE_ONLY_ENV] === '1') {
    await prepareOnce(env);
    process.exit(0);
  }
  const processLogger = createLogger(env);
  let running: RunningServer | undefined;
  // A process that must die first answers what it holds (503), then exits for the supervisor to
  // replace it; a moment is left for those answers to leave.
  const dieOf = (error: unknown, what: string) => {
    processLogger.fatal({ err: error }, what);
    running?.abandonRequests();
    setTimeout(() => process.exit(1), 250);
  };
  process.on('unhandledRejection', (reason) => {
    // pg-boss 10 marks a job done or failed without awaiting it (its manager's `watch`): with the
    // database away that rejection has no listener. The job stays active and is retried once it
    // expires, so a database outage heard this way is logged, not fatal; anything else unheard ends
    // the process, as Node's default does, for the supervisor to replace it.
    if (isDatabaseUnavailable(reason)) {
      processLogger.warn({ err: reason }, 'database unavailable (background work)');
      return;
    }
    dieOf(reason, 'unhandled promise rejection');
  });
  process.on('uncaughtException', (error) => dieOf(error, 'uncaught exception'));
  try {
    running = await startServer(env, mode, {
      prepare: !supervised || !env.DATABASE_URL,
      jobs: !supervised || process.env[JOBS_WORKER_ENV] === '1',
    });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      running.services.logger.info({ signal }, 'shutting down');
      running.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
