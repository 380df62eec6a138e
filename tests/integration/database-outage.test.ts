import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutShopper, signedInClient } from '../support/factories';
import { createTestDatabase } from '../support/database';
import { TcpProxy } from '../support/tcp-proxy';
import { startTestServer, type TestServer } from '../support/test-server';

// PostgreSQL goes away for a moment (a restart, a failover): the shop says so with 503 and
// Retry-After on its own styled page, and recovers by itself when the database is back. The
// database is reached through a proxy this file takes down, so the shared server keeps running.
const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('a database blip is a 503, not a 500 (PostgreSQL)', () => {
  let server: TestServer;
  let proxy: TcpProxy;

  beforeAll(async () => {
    const target = new URL(databaseUrl!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.up();
    const database = await createTestDatabase({
      connectVia: (url) => Object.assign(new URL(url), { hostname: '127.0.0.1', port: String(proxy.port) }),
    });
    server = await startTestServer({
      database,
      env: { PAGE_CACHE_SECONDS: '0', LOGIN_RATE_LIMIT_MAX: '100' },
    });
  });
  afterAll(async () => {
    await proxy.up().catch(() => {});
    await server.close();
    await server.database.close();
    await proxy.down();
  });

  it('answers 503 with Retry-After and the styled error page while the database is away, then recovers', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const client = await signedInClient(server, shopper.email);
    expect((await client.get('/account')).status).toBe(200);

    await proxy.down();
    const pages = ['/', '/products?category=1', '/account', '/products.data'];
    for (const path of pages) {
      const response = await client.get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 503 });
      expect(response.headers.get('Retry-After')).toBe('5');
    }
    const guestPage = await fetch(`${server.url}/`);
    expect(guestPage.status).toBe(503);
    expect(guestPage.headers.get('Retry-After')).toBe('5');
    const html = await guestPage.text();
    // The shop's own page: header, the message, footer, its styles.
    expect(html).toContain('Something went wrong');
    expect(html).toContain('We could not load this page. Please try again in a moment.');
    expect(html).toContain('Skip to content');
    expect(html).toContain('Quality and freshness in every delivery');
    expect(html).toMatch(/<style[^>]*>/);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);

    await proxy.up();
    const deadline = Date.now() + 15_000;
    while ((await fetch(`${server.url}/readyz`)).status !== 200) {
      if (Date.now() > deadline) throw new Error('the shop did not recover');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await client.get('/account')).status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });
});
