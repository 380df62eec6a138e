import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client';
import { createApp } from '#server/app';
import { startJobs } from '#server/jobs';
import { createServices, type Services } from '#server/services';
import { createTestDatabase, type TestDatabase } from './database';
import { MemoryMailer } from './memory-mailer';
import { quietLogger } from './quiet-logger';
import { testEnv } from './test-env';

let build: ServerBuild | undefined;

async function loadBuild(): Promise<ServerBuild> {
  const file = path.resolve('build/server/index.js');
  if (!existsSync(file))
    throw new Error('HTTP integration tests need the app build: run `npm run build` first.');
  build ??= (await import(pathToFileURL(file).href)) as ServerBuild;
  return build;
}

export interface TestServer {
  url: string;
  services: Services;
  mailer: MemoryMailer;
  database: TestDatabase;
  /**
   * Resolves once the job queue has nothing left that is due (no job waiting or running): the mails a
   * request caused have reached `mailer`. Jobs waiting for a later retry are not waited for.
   */
  jobsDone(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

async function jobsDue(database: TestDatabase): Promise<number> {
  const [row] = await queryRows<{ due: number }>(
    database.db,
    sql`select count(*)::int as due from pgboss.job
        where state in ('created', 'retry', 'active') and start_after <= now()`,
  );
  return row!.due;
}

/** The real app (production build) on a free port, over a database of this test file's own. */
export async function startTestServer(
  options: {
    database?: TestDatabase;
    env?: Record<string, string | undefined>;
    schedules?: boolean;
    /** The shop's own mailer (SMTP at env.SMTP_URL) instead of the in-memory one. */
    smtp?: boolean;
    /** How long an idle job worker waits before asking the queue again (0.5 s). */
    pollingIntervalSeconds?: number;
    /** How long a batch of jobs may take before the rest go back to the queue (server/jobs.ts). */
    batchTimeMs?: number;
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  const env = testEnv({ PUBLIC_URL: url, ...options.env });
  const mailer = new MemoryMailer();
  // The every-minute expiry is left to the tests, which run it when they mean to.
  const services = createServices(env, quietLogger, database, options.smtp ? undefined : mailer, {
    schedules: options.schedules ?? false,
  });
  const app = await createApp(services, {
    mode: 'production',
    build: await loadBuild(),
    clientDir: path.resolve('build/client'),
  });
  server.on('request', app);
  // The job queue's workers, as a serving process runs them (mails reach `mailer` through them).
  const jobs = await startJobs(services, {
    work: true,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5,
    batchTimeMs: options.batchTimeMs,
  });
  return {
    url,
    services,
    mailer,
    database,
    jobsDone: async (timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while ((await jobsDue(database)) > 0) {
        if (Date.now() > deadline) throw new Error(`jobs still due after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await jobs.stop();
      if (!options.database) await database.close();
    },
  };
}
