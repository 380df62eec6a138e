import http from 'node:http';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBrowserAuthEndpoint } from '#core/accounts/auth';
import * as schema from '#db/schema';
import { createOrder, createUser, productNamed, signedInClient } from '../support/factories';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Accounts have one door. Better Auth's own endpoints — its admin API above all —
// answer a browser only where our e-mails and the sign-in providers send it; everything else an
// account does goes through core/accounts, with its rules and the activity log.
let server: TestServer;
let clients: { guest: HttpClient; shopper: HttpClient; admin: HttpClient };
let shopper: { id: string; email: string };
let admin: { id: string; email: string };

beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
  shopper = await createUser(server.services, { name: 'Door Shopper' });
  admin = await createUser(server.services, { name: 'Door Admin', role: 'admin' });
  clients = {
    guest: new HttpClient(server.url),
    shopper: await signedInClient(server, shopper.email),
    admin: await signedInClient(server, admin.email),
  };
});
afterAll(() => server.close());

/** What the probe reached with an admin cookie: Better Auth's admin plugin. */
const ADMIN_PLUGIN_PATHS = [
  '/admin/set-role',
  '/admin/create-user',
  '/admin/update-user',
  '/admin/list-users',
  '/admin/get-user',
  '/admin/set-user-password',
  '/admin/ban-user',
  '/admin/unban-user',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
  '/admin/list-user-sessions',
  '/admin/revoke-user-session',
  '/admin/revoke-user-sessions',
  '/admin/remove-user',
  '/admin/has-permission',
];

/** Every path Better Auth would serve today, parameters filled in, and the admin plugin's. */
function authPaths(): string[] {
  const own = Object.values(server.services.auth.api)
    .map((endpoint) => (endpoint as { path?: string }).path)
    .filter((path): path is string => typeof path === 'string')
    .map((path) => path.replace(':id', 'google').replace(/:\w+/g, 'x'));
  return [...new Set([...own, ...ADMIN_PLUGIN_PATHS])];
}

async function accountFacts() {
  const db = server.database.db;
  const [users] = await db.select({ n: count() }).from(schema.user);
  const [admins] = await db.select({ n: count() }).from(schema.user).where(eq(schema.user.role, 'admin'));
  const [sessions] = await db.select({ n: count() }).from(schema.session);
  const [activity] = await db.select({ n: count() }).from(schema.adminActivity);
  const names = await db.select({ id: schema.user.id, name: schema.user.name }).from(schema.user);
  return { users: users!.n, admins: admins!.n, sessions: sessions!.n, activity: activity!.n, names };
}

describe("Better Auth's endpoints under /api/auth", () => {
  it('has no admin API of its own', () => {
    const api = server.services.auth.api as Record<string, unknown>;
    for (const name of [
      'setRole',
      'createUser',
      'removeUser',
      'impersonateUser',
      'banUser',
      'setUserPassword',
    ])
      expect(api[name], name).toBeUndefined();
  });

  it('answers 404 to guest, shopper and admin on every path but the e-mail links and the providers’ returns, changing nothing', async () => {
    const before = await accountFacts();
    const reached: string[] = [];
    for (const path of authPaths()) {
      for (const [who, client] of Object.entries(clients)) {
        for (const method of ['GET', 'POST'] as const) {
          const body = { userId: shopper.id, role: 'admin', name: 'x'.repeat(200), password: 'p4ssw0rd-new' };
          const response =
            method === 'GET'
              ? await client.get(`/api/auth${path}`)
              : await client.postJson(`/api/auth${path}`, body);
          if (isBrowserAuthEndpoint(method, path)) {
            expect(response.status, `${method} ${path} as ${who}`).toBeLessThan(500);
            continue;
          }
          if (response.status !== 404) reached.push(`${method} ${path} as ${who}: ${response.status}`);
        }
      }
    }
    expect(reached).toEqual([]);
    expect(await accountFacts()).toEqual(before);
  }, 120_000);

  it('keeps the links our e-mails carry: a bad verification or reset token is turned back, not hidden', async () => {
    const guest = new HttpClient(server.url);
    const verify = await guest.get(
      '/api/auth/verify-email?token=not-a-token&callbackURL=%2Femail-confirmation',
    );
    expect(verify.status).not.toBe(404);
    expect(verify.status).toBeLessThan(500);
    const reset = await guest.get('/api/auth/reset-password/not-a-token?callbackURL=%2Freset-password');
    expect(reset.status).toBe(302);
    expect(reset.headers.get('location')).toContain('/reset-password?error=INVALID_TOKEN');
  });
});

/** A GET sent with its path exactly as written (fetch would tidy it first), answered with its status. */
function rawGet(path: string, cookie = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(server.url);
    const req = http.request({ hostname, port, path, headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a path that a URL parser would read as another', () => {
  it('does not slip past the allow-list to an endpoint behind it', async () => {
    const cookie = clients.shopper.cookieHeader();
    for (const path of [
      '/api/auth/reset-password/..\\list-sessions',
      '/api/auth/reset-password/..%5Clist-sessions',
      '/api/auth/reset-password/%2e%2e/list-accounts',
      '/api/auth/reset-password/x/../../get-session',
      '/api/auth/verify-email/../list-sessions',
      '/api/auth/callback/google%2F..%2F..%2Faccount-info',
    ])
      expect(await rawGet(path, cookie), path).toBe(404);
  });
});

describe("the issue's findings, each refused", () => {
  it('an admin cannot take their own role away through set-role: the shop keeps its administrator', async () => {
    const before = await accountFacts();
    const response = await clients.admin.postJson('/api/auth/admin/set-role', {
      userId: admin.id,
      role: 'user',
    });
    expect(response.status).toBe(404);
    const [row] = await server.database.db.select().from(schema.user).where(eq(schema.user.id, admin.id));
    expect(row!.role).toBe('admin');
    expect(await accountFacts()).toEqual(before);
  });

  it("impersonate-user hands over no shopper's session", async () => {
    const response = await clients.admin.postJson('/api/auth/admin/impersonate-user', { userId: shopper.id });
    expect(response.status).toBe(404);
    const account = await clients.admin.get('/account');
    expect(await account.text()).not.toContain(shopper.email);
  });

  it('remove-user cannot delete a shopper whose order waits for payment', async () => {
    const buyer = await createUser(server.services, { name: 'Unpaid Buyer' });
    const tilapia = await productNamed(server.database.db, 'Fresh Tilapia');
    const order = await createOrder(server.database.db, buyer.id, [tilapia.id], { paymentStatus: 'pending' });
    const response = await clients.admin.postJson('/api/auth/admin/remove-user', { userId: buyer.id });
    expect(response.status).toBe(404);
    const [kept] = await server.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, order.id));
    expect(kept!.userId).toBe(buyer.id);
  });

  it('update-user stores no 900,000-character name, and a null name is not a 500', async () => {
    const long = await clients.shopper.postJson('/api/auth/update-user', { name: 'N'.repeat(900_000) });
    expect(long.status).toBe(404);
    const nothing = await clients.shopper.postJson('/api/auth/update-user', { name: null });
    expect(nothing.status).toBe(404);
    const [row] = await server.database.db.select().from(schema.user).where(eq(schema.user.id, shopper.id));
    expect(row!.name).toBe('Door Shopper');
  });
});

describe('profile writes have one schema, whichever path they arrive by', () => {
  it("Better Auth's own writes keep the form's rule: a long name is cut to 100, a blank one filled, a null one refused", async () => {
    const stored = async (name: unknown, email: string) => {
      const { user } = await server.services.auth.api.signUpEmail({
        body: { name: name as string, email, password: 'long-enough-1' },
      });
      const [row] = await server.database.db.select().from(schema.user).where(eq(schema.user.id, user.id));
      return row!.name;
    };
    expect(await stored('N'.repeat(101), 'long.name@example.ng')).toBe('N'.repeat(100));
    expect(await stored(`  ${'A'.repeat(100)}  `, 'spaced.name@example.ng')).toBe('A'.repeat(100));
    expect(await stored('   ', 'blank.name@example.ng')).toBe('blank.name');
    const before = await accountFacts();
    // Better Auth's own body schema refuses a missing name: a 400, never a 500.
    await expect(
      server.services.auth.api.signUpEmail({
        body: { name: null as unknown as string, email: 'null.name@example.ng', password: 'long-enough-1' },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect((await accountFacts()).users).toBe(before.users);
  });

  it('the database refuses a name outside the rule, whoever writes it', async () => {
    await expect(
      server.database.db
        .update(schema.user)
        .set({ name: 'N'.repeat(101) })
        .where(eq(schema.user.id, shopper.id)),
    ).rejects.toThrow();
    const [row] = await server.database.db.select().from(schema.user).where(eq(schema.user.id, shopper.id));
    expect(row!.name).toBe('Door Shopper');
  });
});
