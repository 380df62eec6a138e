import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_REFUSED } from '#core/roles';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createUser, signedInClient } from '../support/factories';
import { HttpClient, locationOf } from '../support/http-client';
import { routeTablePaths } from '../support/routes';
import { startTestServer, type TestServer } from '../support/test-server';

// Spec §6, DESIGN §1: every admin screen and action is enforced on the server. The list comes from
// the route table, so a new admin route without the check makes this fail.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
});
afterAll(() => server.close());

const adminPaths = routeTablePaths().filter((p) => p.startsWith('/admin') && !p.startsWith('/admin/login'));

/** Every form intent of the admin screens (their action schemas), tried on every admin route. */
const INTENTS = ['create', 'update', 'delete', 'status', 'refund', 'grant-admin', 'revoke-admin'];

/** Issue 52 §3: what staff may open — the orders, the dispatch sheet, stock, the hub's receiving. */
const STAFF_SCREENS = [
  /^\/admin\/orders$/,
  /^\/admin\/dispatch$/,
  /^\/admin\/stock(\/\d+)?$/,
  /^\/admin\/offers$/,
];

/** The owners' forms on the screens staff may open, and elsewhere (claims, sellers, payouts, settings). */
const OWNER_INTENTS = [
  'accept',
  'counter',
  'decline',
  'pay',
  'run',
  'approve',
  'suspend',
  'commission',
  'claim-approve',
  'grant-staff',
  'revoke-staff',
];

async function everyRowCount() {
  const tables = [
    schema.products,
    schema.orders,
    schema.user,
    schema.discountCodes,
    schema.deliveryRates,
    schema.adminActivity,
  ];
  const rows = await Promise.all(
    tables.map(async (t) => (await server.database.db.select({ n: count() }).from(t))[0]!.n),
  );
  const [admins] = await server.database.db
    .select({ n: count() })
    .from(schema.user)
    .where(eq(schema.user.role, 'admin'));
  return [...rows, admins!.n];
}

describe('the admin area is enforced on the server, for every route of the route table', () => {
  it('finds the admin routes', () => {
    expect(adminPaths).toEqual(
      expect.arrayContaining([
        '/admin',
        '/admin?index',
        '/admin/orders',
        '/admin/products',
        '/admin/users',
        '/admin/delivery-rates',
        '/admin/discount-codes',
        '/admin/settings',
        '/admin/activity',
        '/admin/sellers',
      ]),
    );
  });

  it.each(adminPaths)('%s: a guest is sent to sign in (GET) or refused with 401 (POST)', async (path) => {
    const guest = new HttpClient(server.url);
    const page = await guest.get(path);
    expect(page.status).toBe(302);
    // React Router's `?index` is not part of the page's address.
    const back = path.replace('?index', '');
    expect(locationOf(page)).toBe(`/admin/login?redirectTo=${encodeURIComponent(back)}`);
    const before = await everyRowCount();
    for (const intent of INTENTS) {
      const post = await guest.postForm(path, { intent, id: '1', userId: 'x', name: 'Hack' });
      expect(post.status).toBe(401);
      expect(await post.text()).toContain('Access Denied');
    }
    expect(await everyRowCount()).toEqual(before);
  });

  it.each(adminPaths)(
    '%s: a shopper is denied (GET) or refused with 403 (POST), changing nothing',
    async (path) => {
      const shopper = await createUser(server.services);
      const client = await signedInClient(server, shopper.email);
      const page = await client.get(path);
      expect(page.status).toBe(302);
      expect(locationOf(page)).toBe('/admin/login?denied=1');
      const before = await everyRowCount();
      for (const intent of INTENTS) {
        const post = await client.postForm(path, { intent, id: '1', userId: shopper.id, name: 'Hack' });
        expect(post.status).toBe(403);
        expect(await post.text()).toContain("You don't have permission to access the admin area");
      }
      expect(await everyRowCount()).toEqual(before);
    },
  );

  it.each(adminPaths)(
    "%s: staff get only the screens of packing and dispatch, and post none of the owners' forms",
    async (path) => {
      const staff = await createUser(server.services, { role: 'staff' });
      const client = await signedInClient(server, staff.email);
      const page = await client.get(path);
      const screen = path.replace('?index', '');
      if (STAFF_SCREENS.some((allowed) => allowed.test(screen))) expect(page.status).toBe(200);
      else {
        expect(page.status).toBe(302);
        expect(locationOf(page)).toBe('/admin/orders');
      }
      const before = await everyRowCount();
      for (const intent of [...INTENTS, ...OWNER_INTENTS]) {
        const post = await client.postForm(path, {
          intent,
          id: '1',
          userId: staff.id,
          name: 'Hack',
          status: 'cancelled',
        });
        expect(post.status, `${intent} on ${path}`).toBe(403);
        expect(await post.text()).toContain(STAFF_REFUSED.title);
      }
      expect(await everyRowCount()).toEqual(before);
    },
  );

  it.each(adminPaths)('%s: an admin gets the screen', async (path) => {
    const admin = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await admin.get(path)).status).toBe(200);
  });
});
