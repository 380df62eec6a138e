import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { HttpClient, locationOf } from '../support/http-client';
import { childrenOf, freePort, jsonLines } from '../support/processes';
import {
  freshDatabase,
  ProcessDidNotStart,
  shopEnv,
  startShop,
  type ShopEnv,
  type SupervisedShop,
} from '../support/shop';

// `npm start` as a new user runs it: one server process, on the embedded database (or PostgreSQL in
// the PostgreSQL pass), under a supervisor that replaces it when it dies.
const databaseUrl = process.env.DATABASE_URL;
const engine = databaseUrl ? 'PostgreSQL' : 'the embedded database';

/** Status of one request, or 0 when it fails or takes longer than a second. */
async function statusOf(url: string): Promise<number> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1_000) })).status;
  } catch {
    return 0;
  }
}

describe(`the default production server on ${engine} survives a crash`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'freshcatch-supervised-'));
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let shop: SupervisedShop;
  let base = '';
  let env: ShopEnv = {};
  const serving = (output = shop.output()) =>
    jsonLines<{ msg?: string; pid: number }>(output).filter((line) => line.msg === 'FreshCatch is serving');

  async function waitFor(condition: () => boolean | Promise<boolean>, what: string, ms: number) {
    const deadline = Date.now() + ms;
    while (!(await condition())) {
      if (shop.child.exitCode !== null || Date.now() > deadline)
        throw new Error(`${what}:\n${shop.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    if (databaseUrl) database = await freshDatabase(databaseUrl, `fc_supervised_${process.pid}`);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = shopEnv({
      DATABASE_URL: database?.url,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      SMTP_URL: '',
    });
    shop = await startShop({
      engine: database ? 'postgres' : 'pglite',
      env,
      processes: 1,
      logs: true,
      ready: (started) => serving(started.output()).length === 1,
      timeoutMs: 90_000,
    });
  }, 120_000);

  afterAll(async () => {
    if (shop && shop.child.exitCode === null) shop.child.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('replaces a server process killed with SIGKILL within seconds, and the shop answers again', async () => {
    const first = serving()[0]!.pid;
    expect(childrenOf(shop.child.pid!)).toEqual([first]);
    expect(await statusOf(`${base}/readyz`)).toBe(200);

    process.kill(first, 'SIGKILL');
    const killedAt = Date.now();
    await waitFor(
      async () => serving().length === 2 && (await statusOf(`${base}/readyz`)) === 200,
      'no replacement answered',
      15_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    const second = serving()[1]!.pid;
    expect(second).not.toBe(first);
    expect(childrenOf(shop.child.pid!)).toEqual([second]);
    expect(shop.output()).toContain('a server process died; starting another');

    // The database is whole and usable: the administrator signs in, and pages render.
    const client = new HttpClient(base);
    const login = await client.postForm('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(locationOf(login)).toBe('/admin');
    // The first start's administrator sets up two-factor sign-in before any admin page.
    expect(locationOf(await client.get('/admin'))).toBe('/account/two-factor?redirectTo=%2Fadmin');
    expect((await client.get('/account/two-factor?redirectTo=%2Fadmin')).status).toBe(200);
    expect(await statusOf(`${base}/products`)).toBe(200);
  }, 60_000);

  it.runIf(!databaseUrl)(
    'keeps the embedded database locked for its server process: a second start is refused',
    async () => {
      const second = await startShop({
        engine: database ? 'postgres' : 'pglite',
        env: { ...env, PORT: String(await freePort()) },
        processes: 1,
        logs: true,
      }).catch((error: unknown) => error);
      expect(second).toBeInstanceOf(ProcessDidNotStart);
      const { exitCode, output } = second as ProcessDidNotStart;
      expect(exitCode).toBe(1);
      expect(output).toMatch(new RegExp(`already in use by another process \\(pid ${shop.child.pid}\\)`));
      expect(await statusOf(`${base}/readyz`)).toBe(200);
    },
    60_000,
  );

  it('leaves no request hanging when its process is killed under load: each is answered or refused at once', async () => {
    // Found by an outside probe: one in eight kills left a request hanging until the client gave up
    // (300 s): under Node's round robin the supervisor had accepted it and was handing it to the process
    // that died.
    const outcomes = { answered: 0, refused: 0, hung: 0 };
    let running = true;
    const load = async () => {
      while (running) {
        try {
          await (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(20_000) })).text();
          outcomes.answered++;
        } catch (error) {
          if ((error as Error).name === 'TimeoutError') outcomes.hung++;
          else outcomes.refused++;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    };
    const clients = Array.from({ length: 12 }, load);
    for (let kill = 0; kill < 3; kill++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const serversBefore = serving().length;
      process.kill(serving().at(-1)!.pid, 'SIGKILL');
      await waitFor(
        async () => serving().length === serversBefore + 1 && (await statusOf(`${base}/readyz`)) === 200,
        'no replacement answered',
        30_000,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    running = false;
    await Promise.all(clients);
    expect(outcomes.hung).toBe(0);
    expect(outcomes.answered).toBeGreaterThan(100);
  }, 150_000);

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => shop.child.once('exit', (code) => resolve(code)));
    shop.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);
});
