import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { createApp } from '#server/app';
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
  close(): Promise<void>;
}

/** The real app (production build) on a free port, over a database of this test file's own. */
export async function startTestServer(
  options: { database?: TestDatabase; env?: Record<string, string | undefined> } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  const env = testEnv({ PUBLIC_URL: url, ...options.env });
  const mailer = new MemoryMailer();
  const services = createServices(env, quietLogger, database, mailer);
  const app = await createApp(services, {
    mode: 'production',
    build: await loadBuild(),
    clientDir: path.resolve('build/client'),
  });
  server.on('request', app);
  return {
    url,
    services,
    mailer,
    database,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.database) await database.close();
    },
  };
}
