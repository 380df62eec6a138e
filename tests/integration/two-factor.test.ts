import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR } from '#core/accounts/two-factor-rules';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, SHOPPER_PASSWORD } from '../support/constants';
import { createUser, signInThrough } from '../support/factories';
import { HttpClient, locationOf } from '../support/http-client';
import { routeTablePaths } from '../support/routes';
import { startTestServer, type TestServer } from '../support/test-server';
import { codeForKey, codeNow } from '../support/totp';
import { TEST_BACKUP_CODES } from '../support/two-factor-codes';

// Issue 52 §1: two-factor sign-in (Better Auth's twoFactor plugin behind our gateway), required of
// everyone with admin rights before any admin page, optional for shoppers; codes counted as passwords.
let server: TestServer;
beforeAll(async () => {
  // Each client comes from an address of its own (the server believes X-Forwarded-For from loopback),
  // so the login limit (8 a minute here) counts each test's tries alone.
  server = await startTestServer({
    env: { PAGE_CACHE_SECONDS: '0', LOGIN_RATE_LIMIT_MAX: '8', TRUST_PROXY: 'loopback' },
  });
});
afterAll(() => server.close());

const db = () => server.database.db;
const text = async (response: Response) => (await response.text()).replace(/&#x27;|&#39;/g, "'");
const adminPaths = routeTablePaths().filter((p) => p.startsWith('/admin') && !p.startsWith('/admin/login'));
let lastOctet = 0;
/** A client from an address of its own. */
const newClient = () => new HttpClient(server.url, { 'x-forwarded-for': `10.52.0.${++lastOctet}` });
/** Signed in through the real pages (with the fixture authenticator's code when asked), from its own address. */
async function signedIn(email: string, password = SHOPPER_PASSWORD) {
  const client = newClient();
  await signInThrough(client, '/login', { email, password, redirectTo: '/' });
  return client;
}
const userRow = async (id: string) =>
  (await db().select().from(schema.user).where(eq(schema.user.id, id)))[0]!;

/** A six-digit code that is not the fixture authenticator's now. */
async function notTheCode() {
  return (await codeNow()) === '123456' ? '654321' : '123456';
}

/** The set-up through the account page: the key the page shows, and its backup codes. */
async function setUp(client: HttpClient, password: string, query = '') {
  const started = await client.postForm(`/account/two-factor${query}`, { intent: 'start', password });
  expect(started.status).toBe(200);
  const html = await text(started);
  const key = /data-testid="two-factor-key"[^>]*>([A-Z2-7]+)</.exec(html)?.[1];
  expect(key).toBeTruthy();
  const codes = [...html.matchAll(/<li[^>]*>([a-zA-Z0-9]{5}-[a-zA-Z0-9]{5})<\/li>/g)].map((m) => m[1]!);
  expect(codes).toHaveLength(10);
  return { key: key!, codes, html };
}

describe('an admin without two-factor sign-in', () => {
  it('reaches no admin page and posts no admin form: the door sends them to set it up', async () => {
    const admin = await createUser(server.services, { role: 'admin', twoFactor: false, name: 'New Admin' });
    const client = await signedIn(admin.email);
    for (const path of adminPaths) {
      const page = await client.get(path);
      expect(page.status, path).toBe(302);
      const back = path.replace(/\?index$/, '');
      expect(locationOf(page), path).toBe(`/account/two-factor?redirectTo=${encodeURIComponent(back)}`);
      const post = await client.postForm(path, { intent: 'anything' });
      expect(post.status, path).toBe(403);
      expect(await text(post), path).toContain(TWO_FACTOR.required);
    }
    const setUpPage = await text(await client.get('/account/two-factor?redirectTo=%2Fadmin'));
    expect(setUpPage).toContain(TWO_FACTOR.requiredTitle);
    expect(setUpPage).toContain(TWO_FACTOR.required);
  });

  it('sets it up with the key the page shows, and goes on to the admin page it asked for', async () => {
    const admin = await createUser(server.services, { role: 'admin', twoFactor: false, name: 'Setting Up' });
    const client = await signedIn(admin.email);
    // A wrong password starts nothing.
    const wrong = await client.postForm('/account/two-factor', {
      intent: 'start',
      password: 'not-it-at-all',
    });
    expect(wrong.status).toBe(400);
    expect(await text(wrong)).toContain('That is not your password. Please try again.');
    expect(
      await db().select().from(schema.twoFactor).where(eq(schema.twoFactor.userId, admin.id)),
    ).toHaveLength(0);

    const { key } = await setUp(client, SHOPPER_PASSWORD, '?redirectTo=%2Fadmin%2Forders');
    // Set up but not confirmed: sign-in asks nothing yet, and the door still stops them.
    expect((await userRow(admin.id)).twoFactorEnabled).toBe(false);
    expect(locationOf(await client.get('/admin'))).toContain('/account/two-factor');
    expect(await text(await client.get('/account/two-factor'))).toContain(TWO_FACTOR.off);

    const badCode = await client.postForm('/account/two-factor?redirectTo=%2Fadmin%2Forders', {
      intent: 'confirm',
      code: '000000',
    });
    expect(badCode.status).toBe(400);
    expect(await text(badCode)).toContain(TWO_FACTOR.wrongCode);
    expect((await userRow(admin.id)).twoFactorEnabled).toBe(false);

    const confirmed = await client.postForm('/account/two-factor?redirectTo=%2Fadmin%2Forders', {
      intent: 'confirm',
      code: await codeForKey(key),
    });
    expect(confirmed.status).toBe(302);
    expect(locationOf(confirmed)).toBe('/admin/orders');
    expect((await userRow(admin.id)).twoFactorEnabled).toBe(true);
    expect((await client.get('/admin/orders')).status).toBe(200);
    expect(await text(await client.get('/account/two-factor'))).toContain(TWO_FACTOR.on);

    // Signing in again asks for the code after the password, and the app's code lets them in.
    const again = newClient();
    const password = await again.postForm('/admin/login', { email: admin.email, password: SHOPPER_PASSWORD });
    expect(locationOf(password)).toBe('/login/two-factor?redirectTo=%2Fadmin');
    expect(again.hasCookie('session_token')).toBe(false);
    expect((await again.get('/admin')).status).toBe(302);
    const code = await again.postForm(locationOf(password)!, { code: await codeForKey(key) });
    expect(locationOf(code)).toBe('/admin');
    expect((await again.get('/admin')).status).toBe(200);
  });

  it('cannot turn it off, and an owner is told so', async () => {
    const admin = await createUser(server.services, { role: 'admin', name: 'Keeps It' });
    const client = await signedIn(admin.email);
    const off = await client.postForm('/account/two-factor', { intent: 'off', password: SHOPPER_PASSWORD });
    expect(off.status).toBe(403);
    expect(await text(off)).toContain(TWO_FACTOR.adminKeeps);
    expect((await userRow(admin.id)).twoFactorEnabled).toBe(true);
  });
});

describe('signing in with a code', () => {
  it('refuses a wrong code and counts it: five wrong codes end the step, even the right one after', async () => {
    const admin = await createUser(server.services, { role: 'admin', name: 'Wrong Codes' });
    const client = newClient();
    const password = await client.postForm('/admin/login', {
      email: admin.email,
      password: SHOPPER_PASSWORD,
    });
    const step = locationOf(password)!;
    for (let i = 0; i < 5; i++) {
      const wrong = await client.postForm(step, { code: await notTheCode() });
      expect(wrong.status).toBe(400);
      expect(await text(wrong)).toContain(TWO_FACTOR.wrongCode);
    }
    const right = await client.postForm(step, { code: await codeNow() });
    expect(right.status).toBe(401);
    expect(await text(right)).toContain(TWO_FACTOR.tooManyTries);
    expect(client.hasCookie('session_token')).toBe(false);
  });

  it('without the password step, a code signs nobody in', async () => {
    const client = newClient();
    const code = await client.postForm('/login/two-factor?redirectTo=%2Fadmin', { code: await codeNow() });
    expect(code.status).toBe(401);
    expect(await text(code)).toContain(TWO_FACTOR.expired);
    expect(client.hasCookie('session_token')).toBe(false);
  });

  it('takes a backup code once: the second use is refused', async () => {
    const admin = await createUser(server.services, { role: 'admin', name: 'Lost Phone' });
    const first = newClient();
    const step = locationOf(
      await first.postForm('/admin/login', { email: admin.email, password: SHOPPER_PASSWORD }),
    )!;
    const used = await first.postForm(step, { code: TEST_BACKUP_CODES[3]!, kind: 'backup' });
    expect(used.status).toBe(302);
    expect(locationOf(used)).toBe('/admin');
    expect((await first.get('/admin')).status).toBe(200);

    const second = newClient();
    const again = locationOf(
      await second.postForm('/admin/login', { email: admin.email, password: SHOPPER_PASSWORD }),
    )!;
    const refused = await second.postForm(again, { code: TEST_BACKUP_CODES[3]!, kind: 'backup' });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain(TWO_FACTOR.wrongCode);
    expect(second.hasCookie('session_token')).toBe(false);
  });

  it('a shopper may turn it on and off from their account; sign-in then asks for the code', async () => {
    const shopper = await createUser(server.services, { name: 'Careful Shopper' });
    const client = await signedIn(shopper.email);
    expect(await text(await client.get('/account/two-factor'))).toContain(TWO_FACTOR.off);
    const { key } = await setUp(client, SHOPPER_PASSWORD);
    const confirmed = await client.postForm('/account/two-factor', {
      intent: 'confirm',
      code: await codeForKey(key),
    });
    expect(locationOf(confirmed)).toBe('/account/two-factor');

    const elsewhere = newClient();
    const password = await elsewhere.postForm('/login', {
      email: shopper.email,
      password: SHOPPER_PASSWORD,
      redirectTo: '/account',
    });
    expect(locationOf(password)).toBe('/login/two-factor?redirectTo=%2Faccount');
    const code = await elsewhere.postForm(locationOf(password)!, { code: await codeForKey(key) });
    expect(locationOf(code)).toBe('/account');

    // A wrong password: refused once, under the card's one password field, and it stays on.
    const wrong = await client.postForm('/account/two-factor', {
      intent: 'off',
      password: 'not-my-password',
    });
    expect(wrong.status).toBe(400);
    const refusedPage = await text(wrong);
    expect(refusedPage.match(/name="password"/g)).toHaveLength(1);
    expect(refusedPage).toMatch(/value="restart"[\s\S]*value="off"/);
    expect((await userRow(shopper.id)).twoFactorEnabled).toBe(true);

    const off = await client.postForm('/account/two-factor', { intent: 'off', password: SHOPPER_PASSWORD });
    expect(off.status).toBe(302);
    expect((await userRow(shopper.id)).twoFactorEnabled).toBe(false);
    expect(
      await db().select().from(schema.twoFactor).where(eq(schema.twoFactor.userId, shopper.id)),
    ).toHaveLength(0);
    const plain = newClient();
    const withPassword = await plain.postForm('/login', {
      email: shopper.email,
      password: SHOPPER_PASSWORD,
      redirectTo: '/account',
    });
    expect(locationOf(withPassword)).toBe('/account');
  });
});

describe('an owner resets another admin’s two-factor sign-in', () => {
  it('ends their sessions, is in the activity log, and sends them to set it up again; never one’s own', async () => {
    const other = await createUser(server.services, { role: 'admin', name: 'Phone In River' });
    const otherClient = await signedIn(other.email);
    expect((await otherClient.get('/admin')).status).toBe(200);
    const owner = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const reset = await owner.postForm('/admin/users', { intent: 'reset-two-factor', userId: other.id });
    expect(reset.status).toBe(200);
    expect(await text(reset)).toContain(TWO_FACTOR.resetDone);
    expect((await userRow(other.id)).twoFactorEnabled).toBe(false);
    expect(await db().select().from(schema.session).where(eq(schema.session.userId, other.id))).toHaveLength(
      0,
    );
    expect((await otherClient.get('/admin')).status).toBe(302);
    const [logged] = await db()
      .select()
      .from(schema.adminActivity)
      .where(
        and(
          eq(schema.adminActivity.action, 'two_factor_reset'),
          eq(schema.adminActivity.subjectId, other.id),
        ),
      );
    expect(logged).toBeDefined();

    // Signed in again with the password alone, they are taken to set it up before any admin page.
    const back = await signedIn(other.email);
    expect(locationOf(await back.get('/admin'))).toBe('/account/two-factor?redirectTo=%2Fadmin');

    const [me] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
    const self = await owner.postForm('/admin/users', { intent: 'reset-two-factor', userId: me!.id });
    expect(self.status).toBe(403);
    expect(await text(self)).toContain(TWO_FACTOR.resetSelf);
    expect((await userRow(me!.id)).twoFactorEnabled).toBe(true);
  });
});

describe('the login limit counts codes as it counts passwords', () => {
  it('refuses the address once it has tried as many codes as the limit allows', async () => {
    const admin = await createUser(server.services, { role: 'admin', name: 'Guessed At' });
    const client = newClient();
    let last: Response | undefined;
    // Each password step allows five codes; the limit (8 a minute here) is reached across two of them.
    for (let round = 0; round < 3 && last?.status !== 429; round++) {
      const step = await client.postForm('/admin/login', { email: admin.email, password: SHOPPER_PASSWORD });
      if (step.status === 429) {
        last = step;
        break;
      }
      for (let i = 0; i < 5; i++) {
        last = await client.postForm(locationOf(step)!, { code: await notTheCode() });
        if (last.status === 429) break;
      }
    }
    expect(last?.status).toBe(429);
    expect(await text(last!)).toContain('Too many');
  });
});
