import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TEXTS } from '#core/accounts/sessions';
import * as schema from '#db/schema';
import { SHOPPER_PASSWORD } from '../support/constants';
import { createOrder, createUser, productNamed, signedInClient, signInThrough } from '../support/factories';
import { HttpClient, locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// A session ends when it ends. Whoever kept a copy of its cookies (a second tab, a
// shared computer, a thief) sees and writes nothing personal with it from the next request on.
let server: TestServer;
beforeAll(async () => {
  // TRUST_PROXY: each "device" below says where it is with X-Forwarded-For, as the shop's proxy would.
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', TRUST_PROXY: 'loopback' } });
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

describe('your sessions: the signed-in devices in account settings', () => {
  const PHONE =
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
  const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const TABLET =
    'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

  async function device(email: string, userAgent: string, address: string) {
    const client = new HttpClient(server.url, { 'user-agent': userAgent, 'x-forwarded-for': address });
    await signInThrough(client, '/login', { email, password: SHOPPER_PASSWORD, redirectTo: '/' });
    return client;
  }
  const settings = async (client: HttpClient) =>
    (await (await client.get('/account?tab=settings')).text()).replaceAll('&#x27;', "'");
  const sessionIds = async (userId: string) =>
    (
      await db()
        .select({ id: schema.session.id })
        .from(schema.session)
        .where(eq(schema.session.userId, userId))
    )
      .map((row) => row.id)
      .sort();

  it('lists each device with its browser, address and day; this one is marked, the others have Sign out', async () => {
    const shopper = await createUser(server.services, { name: 'Two Devices' });
    const phone = await device(shopper.email, PHONE, '102.89.4.17');
    await device(shopper.email, LAPTOP, '197.210.8.3');

    const page = await settings(phone);
    expect(page).toContain(SESSION_TEXTS.heading);
    expect(page).toContain('Chrome on Android');
    expect(page).toContain('Firefox on Windows');
    expect(page).toContain('From 102.89.4.17');
    expect(page).toContain('From 197.210.8.3');
    // This device first, marked, without a Sign out of its own; the laptop has one, named for it.
    const phoneAt = page.indexOf('Chrome on Android');
    expect(phoneAt).toBeLessThan(page.indexOf('Firefox on Windows'));
    expect(page.indexOf(SESSION_TEXTS.thisDevice, phoneAt)).toBeLessThan(page.indexOf('Firefox on Windows'));
    expect(page).toContain('aria-label="Sign out Firefox on Windows"');
    expect(page).not.toContain('aria-label="Sign out Chrome on Android"');
    expect(page).toContain(SESSION_TEXTS.signOutOthers);
  });

  it('Sign out ends that device at once; another person’s device, or one already gone, is refused and kept', async () => {
    const shopper = await createUser(server.services, { name: 'Lost Laptop' });
    const stranger = await createUser(server.services, { name: 'Stranger' });
    const phone = await device(shopper.email, PHONE, '102.89.4.18');
    const laptop = await device(shopper.email, LAPTOP, '197.210.8.4');
    const strangers = await device(stranger.email, TABLET, '105.112.0.9');
    const [strangerSession] = await sessionIds(stranger.id);
    const laptopSession = (
      await db()
        .select({ id: schema.session.id })
        .from(schema.session)
        .where(and(eq(schema.session.userId, shopper.id), eq(schema.session.ipAddress, '197.210.8.4')))
    )[0]!.id;

    const refused = await phone.postForm('/account?tab=settings', {
      intent: 'end-device',
      sessionId: strangerSession!,
    });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain(SESSION_TEXTS.gone);
    expect(await settings(strangers)).toContain(stranger.email);

    const malformed = await phone.postForm('/account?tab=settings', {
      intent: 'end-device',
      sessionId: '../x y',
    });
    expect(malformed.status).toBe(400);
    expect(await sessionIds(shopper.id)).toHaveLength(2);

    const ended = await phone.postForm('/account?tab=settings', {
      intent: 'end-device',
      sessionId: laptopSession,
    });
    expect(ended.status).toBe(200);
    expect(await ended.text()).toContain(SESSION_TEXTS.signedOutOne);
    expect(await settings(laptop)).toContain('Sign In Required');
    expect(await settings(phone)).toContain(shopper.email);

    const again = await phone.postForm('/account?tab=settings', {
      intent: 'end-device',
      sessionId: laptopSession,
    });
    expect(again.status).toBe(404);
  });

  it('Sign out everywhere else keeps only this device; a guest’s post changes nothing', async () => {
    const shopper = await createUser(server.services, { name: 'Three Devices' });
    const phone = await device(shopper.email, PHONE, '102.89.4.19');
    const laptop = await device(shopper.email, LAPTOP, '197.210.8.5');
    const tablet = await device(shopper.email, TABLET, '105.112.0.10');

    const guest = await new HttpClient(server.url).postForm('/account?tab=settings', {
      intent: 'end-other-devices',
    });
    expect(guest.status).toBe(401);
    expect(await sessionIds(shopper.id)).toHaveLength(3);

    const ended = await tablet.postForm('/account?tab=settings', { intent: 'end-other-devices' });
    expect(ended.status).toBe(200);
    expect(await ended.text()).toContain(SESSION_TEXTS.signedOutOthers(2));
    expect(SESSION_TEXTS.signedOutOthers(2)).toBe('2 other devices are signed out.');
    for (const gone of [phone, laptop]) expect(await settings(gone)).toContain('Sign In Required');
    const left = await settings(tablet);
    expect(left).toContain('Safari on iOS');
    expect(left).not.toContain(SESSION_TEXTS.signOutOthers);
    expect(await sessionIds(shopper.id)).toHaveLength(1);
  });
});
