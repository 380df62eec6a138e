import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#db/schema';
import { SHOPPER_PASSWORD } from '../support/constants';
import { createOrder, createUser, productNamed, signedInClient } from '../support/factories';
import { HttpClient, locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// A session ends when it ends. Whoever kept a copy of its cookies (a second tab, a
// shared computer, a thief) sees and writes nothing personal with it from the next request on.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100' } });
});
afterAll(() => server.close());

const db = () => server.database.db;

/** A client that replays these cookies as they are now, whatever the server answers later. */
function replayOf(client: HttpClient): HttpClient {
  return new HttpClient(server.url, { cookie: client.cookieHeader() });
}

async function addressOf(userId: string) {
  const [row] = await db()
    .select({ address: schema.user.address })
    .from(schema.user)
    .where(eq(schema.user.id, userId));
  return row?.address ?? null;
}

/** Everything the issue replayed after a sign-out: each must be a signed-out visitor's answer. */
async function expectSignedOut(replay: HttpClient, shopper: { id: string; email: string }, orderId: string) {
  const account = await replay.get('/account');
  expect(account.status).toBe(200);
  const page = await account.text();
  expect(page).toContain('Sign In Required');
  expect(page).not.toContain(shopper.email);

  expect(locationOf(await replay.get(`/account/orders/${orderId}`))).toMatch(/^\/login\?redirectTo=/);

  const before = await addressOf(shopper.id);
  const profile = await replay.postForm('/account?tab=profile', {
    intent: 'profile',
    fullName: 'Taken Over',
    phone: '0803 555 0199',
    address: '1 Thief Street',
    location: 'Port Harcourt',
  });
  expect(profile.status).toBe(401);
  expect(await addressOf(shopper.id)).toBe(before);

  const tilapia = await productNamed(db(), 'Fresh Tilapia');
  const wish = await replay.postForm('/api/wishlist', { intent: 'add', productId: String(tilapia.id) });
  expect(wish.status).toBe(401);
  const wished = await db()
    .select()
    .from(schema.wishlists)
    .where(and(eq(schema.wishlists.userId, shopper.id), eq(schema.wishlists.productId, tilapia.id)));
  expect(wished).toHaveLength(0);
}

async function shopperWithOrder(name: string) {
  const shopper = await createUser(server.services, { name });
  const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
  const order = await createOrder(db(), shopper.id, [catfish.id]);
  const client = await signedInClient(server, shopper.email);
  // The page that hands out the signed cookie cache the issue replayed.
  expect(await (await client.get('/account')).text()).toContain(shopper.email);
  return { shopper, order, client };
}

describe('a copy of the cookies stops working at once', () => {
  it('after the shopper signs out', async () => {
    const { shopper, order, client } = await shopperWithOrder('Signed Out Shopper');
    const replay = replayOf(client);
    expect(await (await replay.get('/account')).text()).toContain(shopper.email);

    expect((await client.postForm('/logout', {})).status).toBe(302);
    await expectSignedOut(replay, shopper, order.id);
  });

  it('after the password is reset by e-mail', async () => {
    const { shopper, order, client } = await shopperWithOrder('Reset Shopper');
    const replay = replayOf(client);

    const guest = new HttpClient(server.url);
    expect((await guest.postForm('/forgot-password', { email: shopper.email })).status).toBeLessThan(400);
    await server.jobsDone();
    const link = server.mailer.linkIn(server.mailer.lastTo(shopper.email));
    const token = new URL(locationOf(await guest.get(link))!, server.url).searchParams.get('token')!;
    const reset = await guest.postForm('/reset-password', {
      token,
      password: 'a-new-password-456',
      confirmPassword: 'a-new-password-456',
    });
    expect(locationOf(reset)).toBe('/login');
    await expectSignedOut(replay, shopper, order.id);
  });

  it('after the password is changed in another browser', async () => {
    const { shopper, order, client } = await shopperWithOrder('Changed Shopper');
    const replay = replayOf(client);
    const other = await signedInClient(server, shopper.email);
    const changed = await other.postForm('/account?tab=settings', {
      intent: 'change-password',
      currentPassword: SHOPPER_PASSWORD,
      password: 'another-password-789',
      confirmPassword: 'another-password-789',
    });
    expect(changed.status).toBe(200);
    await expectSignedOut(replay, shopper, order.id);
    // The browser that changed it stays signed in.
    expect(await (await other.get('/account')).text()).toContain(shopper.email);
  });

  it("after an admin's role is revoked: every session they had ends, and the activity log says so", async () => {
    const chief = await createUser(server.services, { role: 'admin', name: 'Chief Admin' });
    const deputy = await createUser(server.services, { role: 'admin', name: 'Deputy Admin' });
    const chiefClient = await signedInClient(server, chief.email);
    const deputyClient = await signedInClient(server, deputy.email);
    expect((await deputyClient.get('/admin')).status).toBe(200);
    const replay = replayOf(deputyClient);

    const revoked = await chiefClient.postForm('/admin/users', { intent: 'revoke-admin', userId: deputy.id });
    expect(revoked.status).toBe(200);
    expect(await (await replay.get('/account')).text()).toContain('Sign In Required');
    expect(locationOf(await replay.get('/admin'))).toBe(
      `/admin/login?redirectTo=${encodeURIComponent('/admin')}`,
    );
    const [row] = await db()
      .select()
      .from(schema.adminActivity)
      .where(
        and(eq(schema.adminActivity.subjectId, deputy.id), eq(schema.adminActivity.action, 'admin_revoked')),
      );
    expect(row!.after).toEqual({ role: 'user', sessionsEnded: 1 });
  });
});

describe("a deleted user's old cookie", () => {
  it('is a signed-out visitor everywhere, never a 500', async () => {
    const admin = await createUser(server.services, { role: 'admin', name: 'Deleting Admin' });
    const adminClient = await signedInClient(server, admin.email);
    const shopper = await createUser(server.services, { name: 'Leaving Shopper' });
    const client = await signedInClient(server, shopper.email);
    expect(await (await client.get('/account')).text()).toContain(shopper.email);
    const replay = replayOf(client);

    const deleted = await adminClient.postForm('/admin/users', { intent: 'delete', userId: shopper.id });
    expect(deleted.status).toBeLessThan(400);
    expect(await db().select().from(schema.user).where(eq(schema.user.id, shopper.id))).toEqual([]);

    const account = await replay.get('/account');
    expect(account.status).toBe(200);
    expect(await account.text()).toContain('Sign In Required');
    expect(locationOf(await replay.get('/checkout'))).toMatch(/^\/login\?redirectTo=/);
    const tilapia = await productNamed(db(), 'Fresh Tilapia');
    expect(
      (await replay.postForm('/api/wishlist', { intent: 'add', productId: String(tilapia.id) })).status,
    ).toBe(401);
    const quote = await replay.postJson('/api/checkout/quote', {
      items: [{ productId: tilapia.id, quantity: 1 }],
      deliveryLocation: 'Port Harcourt',
      deliveryMethod: 'standard',
    });
    expect(quote.status).toBe(401);
  });
});
