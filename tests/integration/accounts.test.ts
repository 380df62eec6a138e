import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, SHOPPER_PASSWORD } from '../support/constants';
import { codeNow } from '../support/totp';
import { HttpClient, locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  // This file signs up more shoppers a minute, from one address, than the shop's limit of 10 allows.
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '50', SIGNUP_RATE_LIMIT_MAX: '50' } });
});
afterAll(() => server.close());

const signUpFields = (email: string, overrides: Record<string, string> = {}) => ({
  fullName: 'Amaka Nwachukwu',
  email,
  password: SHOPPER_PASSWORD,
  confirmPassword: SHOPPER_PASSWORD,
  terms: 'on',
  ...overrides,
});

async function usersNamed(email: string) {
  return server.database.db.select().from(schema.user).where(eq(schema.user.email, email));
}

/** Signs up and clicks the verification link, as a new shopper would. */
async function verifiedShopper(email: string): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  const signUp = await client.postForm('/signup', signUpFields(email));
  expect(signUp.status).toBe(302);
  await server.jobsDone();
  const verify = await client.get(server.mailer.linkIn(server.mailer.lastTo(email)));
  expect(verify.status).toBe(302);
  return client;
}

async function logIn(client: HttpClient, email: string, password = SHOPPER_PASSWORD, redirectTo = '/') {
  return client.postForm('/login', { email, password, redirectTo });
}

describe('sign-up', () => {
  it("refuses mismatched passwords with 'Passwords do not match' and creates nothing", async () => {
    const client = new HttpClient(server.url);
    const response = await client.postForm(
      '/signup',
      signUpFields('mismatch@example.ng', { confirmPassword: 'other-password' }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Passwords do not match');
    expect(await usersNamed('mismatch@example.ng')).toEqual([]);
  });

  it('refuses a form without the terms accepted', async () => {
    const { terms: _terms, ...fields } = signUpFields('noterms@example.ng');
    const response = await new HttpClient(server.url).postForm('/signup', fields);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('You must agree to the terms and conditions');
    expect(await usersNamed('noterms@example.ng')).toEqual([]);
  });

  it('creates an unverified account, mails a link, and the link confirms it and lands on /email-confirmation', async () => {
    const email = 'amaka@example.ng';
    const client = new HttpClient(server.url);
    const response = await client.postForm('/signup', signUpFields(email));
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/verify-email?email=${encodeURIComponent(email)}`);
    expect((await usersNamed(email))[0]).toMatchObject({
      name: 'Amaka Nwachukwu',
      emailVerified: false,
      role: 'user',
    });

    await server.jobsDone();
    const mail = server.mailer.lastTo(email);
    expect(mail?.subject).toBe('Confirm your e-mail for FreshCatch');
    const link = server.mailer.linkIn(mail);
    expect(link.startsWith(`${server.url}/api/auth/verify-email?token=`)).toBe(true);

    const verify = await client.get(link);
    expect(verify.status).toBe(302);
    expect(new URL(locationOf(verify)!, server.url).pathname).toBe('/email-confirmation');
    expect((await usersNamed(email))[0]!.emailVerified).toBe(true);
    const page = await client.get('/email-confirmation');
    expect(await page.text()).toContain('Log in now');
  });

  it('keeps the return target from /login through sign-up, its link and the one sent again', async () => {
    const email = 'signup-checkout@example.ng';
    const client = new HttpClient(server.url);
    const login = await (await client.get('/login?redirectTo=%2Fcheckout')).text();
    expect(login).toContain('href="/signup?redirectTo=%2Fcheckout"');
    const signUp = await client.postForm('/signup', { ...signUpFields(email), redirectTo: '/checkout' });
    expect(locationOf(signUp)).toBe(
      `/verify-email?email=${encodeURIComponent(email)}&redirectTo=%2Fcheckout`,
    );
    const verifyPage = await (await client.get(locationOf(signUp)!)).text();
    expect(verifyPage).toContain('name="redirectTo" value="/checkout"');
    const again = await client.postForm('/verify-email', { email, redirectTo: '/checkout' });
    expect(again.status).toBe(200);
    await server.jobsDone();
    // The sign-up's link and the one sent again from /verify-email.
    const links = server.mailer.sent.filter((m) => m.to === email).map((m) => server.mailer.linkIn(m));
    expect(links).toHaveLength(2);
    for (const link of links)
      expect(new URL(link).searchParams.get('callbackURL')).toBe(
        '/email-confirmation?redirectTo=%2Fcheckout',
      );
  });

  it('does not let a sign-up choose its own role, by the form or by Better Auth', async () => {
    const email = 'sneaky@example.ng';
    const client = new HttpClient(server.url);
    const form = await client.postForm('/signup', {
      fullName: 'Sneaky',
      email,
      password: SHOPPER_PASSWORD,
      confirmPassword: SHOPPER_PASSWORD,
      terms: 'on',
      role: 'admin',
    });
    expect(form.status).toBeLessThan(400);
    const [created] = await usersNamed(email);
    expect(created!.role).toBe('user');
    // Better Auth's own sign-up is not reachable from outside (docs/decisions/033).
    const direct = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        name: 'Sneakier',
        email: 'sneakier@example.ng',
        password: SHOPPER_PASSWORD,
        role: 'admin',
      }),
    });
    expect(direct.status).toBe(404);
    expect(await usersNamed('sneakier@example.ng')).toEqual([]);
  });
});

describe('login and logout', () => {
  it("says 'Login failed' for a wrong password and sets no session", async () => {
    await verifiedShopper('wrongpass@example.ng');
    const client = new HttpClient(server.url);
    const response = await logIn(client, 'wrongpass@example.ng', 'not-the-password');
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('Login failed');
    expect(client.hasCookie('session_token')).toBe(false);
  });

  it('refuses an unconfirmed e-mail and sends a fresh link', async () => {
    const email = 'unconfirmed@example.ng';
    await new HttpClient(server.url).postForm('/signup', signUpFields(email));
    await server.jobsDone();
    const sentBefore = server.mailer.sent.length;
    const response = await logIn(new HttpClient(server.url), email);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Please confirm your e-mail address first');
    await server.jobsDone();
    expect(server.mailer.sent.length).toBe(sentBefore + 1);
  });

  it('re-sends the link to /email-confirmation keeping the return target, and onwards to it', async () => {
    const email = 'unconfirmed-checkout@example.ng';
    await new HttpClient(server.url).postForm('/signup', signUpFields(email));
    await server.jobsDone();
    const client = new HttpClient(server.url);
    const refused = await logIn(client, email, SHOPPER_PASSWORD, '/checkout');
    expect(refused.status).toBe(403);
    await server.jobsDone();
    const verify = await client.get(server.mailer.linkIn(server.mailer.lastTo(email)));
    expect(verify.status).toBe(302);
    const confirmed = new URL(locationOf(verify)!, server.url);
    expect(confirmed.pathname + confirmed.search).toBe('/email-confirmation?redirectTo=%2Fcheckout');
    const page = await (await client.get(confirmed.pathname + confirmed.search)).text();
    expect(page).toContain('Your email has been confirmed.');
    expect(page).toContain('href="/login?redirectTo=%2Fcheckout"');
    const login = await client.get('/login?redirectTo=%2Fcheckout');
    expect(await login.text()).toContain('name="redirectTo" value="/checkout"');
    expect(locationOf(await logIn(client, email, SHOPPER_PASSWORD, '/checkout'))).toBe('/checkout');
  });

  it('logs in, returns to the requested page, and logs out', async () => {
    const email = 'roundtrip@example.ng';
    const client = await verifiedShopper(email);
    const login = await logIn(client, email, SHOPPER_PASSWORD, '/account');
    expect(login.status).toBe(302);
    expect(locationOf(login)).toBe('/account');
    const account = await client.get('/account');
    expect(account.status).toBe(200);
    expect(await account.text()).toContain(email);

    const logout = await client.postForm('/logout', {});
    expect(logout.status).toBe(302);
    expect(locationOf(logout)).toBe('/');
    expect(await (await client.get('/account')).text()).toContain('Sign In Required');
  });

  it('ignores an open redirect in redirectTo', async () => {
    const email = 'openredirect@example.ng';
    const client = await verifiedShopper(email);
    const login = await logIn(client, email, SHOPPER_PASSWORD, '//evil.example/steal');
    expect(locationOf(login)).toBe('/');
  });
});

describe('guards (spec §2)', () => {
  it('sends a guest from a shopper route to /login, remembering the target', async () => {
    for (const path of [
      '/checkout',
      '/order-success?reference=FC-1',
      '/checkout/callback?reference=FC-ABCDEF',
    ]) {
      const response = await new HttpClient(server.url).get(path);
      expect(response.status).toBe(302);
      expect(locationOf(response)).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it('shows a guest on /account "Sign In Required" (spec §2) with a login link back to it', async () => {
    const response = await new HttpClient(server.url).get('/account?tab=orders');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Sign In Required');
    expect(html).toContain(`/login?redirectTo=${encodeURIComponent('/account?tab=orders')}`);
    expect(html).toContain('href="/signup"');
  });

  it('sends a guest from an admin route to /admin/login, remembering the origin', async () => {
    const response = await new HttpClient(server.url).get('/admin/orders');
    expect(locationOf(response)).toBe(`/admin/login?redirectTo=${encodeURIComponent('/admin/orders')}`);
  });

  it('sends a signed-in shopper away from /admin with the access-denied flag, which the page explains', async () => {
    const email = 'shopper-admin@example.ng';
    const client = await verifiedShopper(email);
    await logIn(client, email);
    const response = await client.get('/admin');
    expect(locationOf(response)).toBe('/admin/login?denied=1');
    const page = await client.get('/admin/login?denied=1');
    expect(await page.text()).toContain('You need administrator privileges to access this area.');
  });

  it('admits the administrator, and /admin/login sends a signed-in admin on to /admin', async () => {
    const client = new HttpClient(server.url);
    const login = await client.postForm('/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(login.status).toBe(302);
    // The administrator has two-factor sign-in: the code comes next, and leads on to /admin.
    expect(locationOf(login)).toBe('/login/two-factor?redirectTo=%2Fadmin');
    const code = await client.postForm(locationOf(login)!, { code: await codeNow() });
    expect(locationOf(code)).toBe('/admin');
    const dashboard = await client.get('/admin');
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('Fulfilled orders');
    expect(locationOf(await client.get('/admin/login'))).toBe('/admin');
  });

  it('signs a non-admin out at once on /admin/login', async () => {
    const email = 'not-admin@example.ng';
    await verifiedShopper(email);
    const client = new HttpClient(server.url);
    const response = await client.postForm('/admin/login', { email, password: SHOPPER_PASSWORD });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain('Access denied');
    expect(html).toContain('You do not have administrator privileges');
    expect(client.hasCookie('session_token')).toBe(false);
    const [user] = await usersNamed(email);
    const sessions = await server.database.db
      .select()
      .from(schema.session)
      .where(eq(schema.session.userId, user!.id));
    expect(sessions).toEqual([]);
  });
});

describe('bad input never gives a 500', () => {
  it.each([
    ['/login', { email: '', password: '' }],
    ['/login', { email: 'x'.repeat(5000), password: 'y' }],
    ['/signup', { fullName: '', email: 'not-an-email' }],
    ['/admin/login', { email: 'nobody' }],
    ['/newsletter', { email: 'nope' }],
    ['/forgot-password', {}],
    ['/reset-password', { token: '', password: 'short' }],
  ])('POST %s with %o → 4xx', async (path, fields) => {
    const response = await new HttpClient(server.url).postForm(path, fields as Record<string, string>);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.text()).not.toMatch(/at \w+ \(.*:\d+:\d+\)/);
  });

  it.each(['/login', '/signup', '/newsletter', '/bulk'])(
    'POST %s with a JSON body instead of a form → 400, not a crash',
    async (path) => {
      const response = await new HttpClient(server.url).postJson(path, { email: 'a@b.ng' });
      expect(response.status).toBe(400);
      expect(await response.text()).not.toMatch(/at \w+ \(.*:\d+:\d+\)/);
    },
  );

  it('a signed-in shopper posting JSON to the account or a product page gets 400 too', async () => {
    const email = `json.${Date.now()}@example.ng`;
    const client = await verifiedShopper(email);
    expect((await logIn(client, email)).status).toBe(302);
    for (const path of ['/account?tab=profile', '/products/1']) {
      const response = await client.postJson(path, { intent: 'profile' });
      expect(response.status, path).toBe(400);
    }
  });

  it('refuses a form posted from another site', async () => {
    const response = await new HttpClient(server.url).postForm(
      '/login',
      { email: 'a@b.ng', password: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
  });
});

describe('the newsletter box', () => {
  it('stores an address once, however often it is sent', async () => {
    const client = new HttpClient(server.url);
    for (const email of ['News@Example.ng', 'news@example.ng']) {
      const response = await client.postForm('/newsletter', { email });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        ok: true,
        toast: {
          title: 'Subscribed',
          description: 'Thank you! You are on the list for fresh arrivals and farm tips.',
        },
      });
    }
    const rows = await server.database.db.select().from(schema.newsletterSubscribers);
    expect(rows.filter((r) => r.email === 'news@example.ng')).toHaveLength(1);
  });

  it('says what is wrong with an address next to the box', async () => {
    const response = await new HttpClient(server.url).postForm('/newsletter', { email: 'nope' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      ok: false,
      fieldErrors: { email: 'Please enter a valid email address' },
    });
  });
});

describe('changing the password from the account settings', () => {
  it('refuses a wrong current password; with the right one the new password works and an e-mail says so', async () => {
    const email = `change.${Date.now()}@example.ng`;
    const client = await verifiedShopper(email);
    expect((await logIn(client, email)).status).toBe(302);
    const newPassword = 'a-brand-new-password-9';

    const wrong = await client.postForm('/account?tab=settings', {
      intent: 'change-password',
      currentPassword: 'not-my-password',
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.text()).replaceAll('&#x27;', "'")).toContain('Your current password is not right');
    const mismatch = await client.postForm('/account?tab=settings', {
      intent: 'change-password',
      currentPassword: SHOPPER_PASSWORD,
      password: newPassword,
      confirmPassword: 'something-else-1',
    });
    expect(mismatch.status).toBe(400);
    await server.jobsDone();
    expect(
      server.mailer.sent.filter((m) => m.to === email && m.subject.includes('password was changed')),
    ).toEqual([]);

    const changed = await client.postForm('/account?tab=settings', {
      intent: 'change-password',
      currentPassword: SHOPPER_PASSWORD,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(changed.status).toBe(200);
    await server.jobsDone();
    expect(
      server.mailer.sent.filter((m) => m.to === email && m.subject.includes('password was changed')),
    ).toHaveLength(1);
    expect((await logIn(new HttpClient(server.url), email)).status).toBe(401);
    expect(locationOf(await logIn(new HttpClient(server.url), email, newPassword))).toBe('/');
  });
});
