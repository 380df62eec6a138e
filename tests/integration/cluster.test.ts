import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { HttpClient, locationOf } from '../support/http-client';
import { childrenOf, freePort, jsonLines } from '../support/processes';
import { freshDatabase, shopEnv, startShop, type SupervisedShop } from '../support/shop';

// WEB_CONCURRENCY: one process per core. It needs PostgreSQL (the embedded database belongs to one
// process, which tests/unit/env-and-format.test.ts checks), so this file runs in the PostgreSQL pass.
const databaseUrl = process.env.DATABASE_URL;

function statusOnNewConnection(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { cookie } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe.runIf(databaseUrl)('the shop on two server processes (WEB_CONCURRENCY=2, PostgreSQL)', () => {
  let base = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'freshcatch-cluster-'));
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let shop: SupervisedShop;
  const logLines = (output = shop.output()) => jsonLines<{ msg?: string }>(output);
  const serving = (output?: string) =>
    logLines(output).filter((line) => line.msg === 'FreshCatch is serving') as {
      worker: number;
      pid: number;
      url: string;
      jobs: boolean;
    }[];

  beforeAll(async () => {
    database = await freshDatabase(databaseUrl!, `fc_cluster_${process.pid}`);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    shop = await startShop({
      engine: 'postgres',
      env: shopEnv({
        DATABASE_URL: database.url,
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'info',
        SMTP_URL: '',
      }),
      processes: 2,
      logs: true,
      ready: (started) => serving(started.output()).length >= 2,
      timeoutMs: 60_000,
    });
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  }, 90_000);

  afterAll(async () => {
    if (shop && shop.child.exitCode === null) shop.child.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prepares the database once, then two workers serve signed-in pages alike', async () => {
    expect(childrenOf(shop.child.pid!)).toHaveLength(2);
    // One worker runs the background jobs (the order-expiry sweep), not both.
    expect(
      serving()
        .map((line) => line.jobs)
        .sort(),
    ).toEqual([false, true]);
    expect(shop.output().match(/"msg":"administrator account created"/g)).toHaveLength(1);
    expect(shop.output().match(/"msg":"database seeded"/g)).toHaveLength(1);

    const client = new HttpClient(base);
    const login = await client.postForm('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(locationOf(login)).toBe('/admin');
    // The first start's administrator is taken to set up two-factor sign-in before any admin page.
    expect(locationOf(await client.get('/admin'))).toBe('/account/two-factor?redirectTo=%2Fadmin');
    // Each page on a new connection, as many phones arrive: the primary hands them out in turn.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(await statusOnNewConnection(`${base}/account/two-factor`, client.cookieHeader()));
    expect(statuses).toEqual(Array(8).fill(200));
    const workersThatServed = new Set(
      (logLines() as { req?: { url?: string }; worker?: number }[])
        .filter((line) => line.req?.url === '/account/two-factor')
        .map((line) => line.worker),
    );
    // Both serving workers (the process that prepared the database has exited).
    expect([...workersThatServed].sort()).toEqual(
      serving()
        .map((line) => line.worker)
        .sort(),
    );
    expect(workersThatServed.size).toBe(2);
  });

  it('replaces a worker that dies — the jobs go with the replacement — and stops cleanly on SIGTERM', async () => {
    const victim = serving().find((line) => line.jobs)!.pid;
    expect(childrenOf(shop.child.pid!)).toContain(victim);
    process.kill(victim, 'SIGKILL');
    const deadline = Date.now() + 30_000;
    while (serving().length < 3) {
      if (Date.now() > deadline) throw new Error(`no replacement worker:\n${shop.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(serving()[2]!.jobs).toBe(true);
    expect(shop.output()).toContain('a server process died; starting another');
    expect(childrenOf(shop.child.pid!)).toHaveLength(2);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    const exited = new Promise<number | null>((resolve) => shop.child.once('exit', (code) => resolve(code)));
    shop.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
