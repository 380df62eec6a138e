import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_SECONDS } from '#core/accounts/auth';
import { INLINE_CSS_SLOT } from '~/lib/inline-css.server';
import { listReviews } from '#core/reviews/service';
import * as schema from '#db/schema';
import { createUser, productNamed, signedInClient } from '../support/factories';
import { locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Better Auth's cookie cache (SESSION_CACHE_SECONDS): "what kind of visitor?" is answered from a signed
// cookie for a catalogue page's header, never who they are or what the role grants, and a renewed
// cookie reaches the browser from any page.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100' } });
});
afterAll(() => server.close());

const SESSION_DATA = 'better-auth.session_data';
const setsSessionData = (response: Response) =>
  response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_DATA}=`) && !/max-age=0\b/i.test(c));

async function setRole(userId: string, role: string) {
  await server.database.db.update(schema.user).set({ role }).where(eq(schema.user.id, userId));
}

describe('the signed session cookie', () => {
  it('is given at sign-in, and given again by the next page once the browser has dropped it', async () => {
    const shopper = await createUser(server.services);
    const client = await signedInClient(server, shopper.email);
    expect(client.hasCookie(SESSION_DATA)).toBe(true);

    client.forget(SESSION_DATA);
    const page = await client.get('/account?tab=orders');
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('Sign In Required');
    expect(setsSessionData(page)).toBe(true);
    expect(client.hasCookie(SESSION_DATA)).toBe(true);
  });

  it('never grants the admin role: an administrator whose role is taken away is turned away at once', async () => {
    const admin = await createUser(server.services, { role: 'admin' });
    const client = await signedInClient(server, admin.email);
    expect((await client.get('/admin')).status).toBe(200);

    await setRole(admin.id, 'user');
    expect(locationOf(await client.get('/admin'))).toBe('/admin/login?denied=1');
    // …and /admin/login does not send them back to /admin on the strength of the cached role.
    const login = await client.get('/admin/login?denied=1');
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('You need administrator privileges to access this area.');

    const target = await productNamed(server.database.db, 'Fresh Tilapia');
    const [existing] = await listReviews(server.database.db, target.id);
    const refused = await client.postForm(`/products/${target.id}`, {
      intent: 'delete-review',
      reviewId: String(existing!.id),
    });
    expect(refused.status).toBe(403);
    expect(await listReviews(server.database.db, target.id)).toHaveLength(1);
  });

  it('a session ended in the database no longer opens the admin area, and its cookies are cleared', async () => {
    const admin = await createUser(server.services, { role: 'admin' });
    const client = await signedInClient(server, admin.email);
    expect((await client.get('/admin')).status).toBe(200);

    await server.database.db.delete(schema.session).where(eq(schema.session.userId, admin.id));
    const response = await client.get('/admin');
    expect(locationOf(response)).toBe(`/admin/login?redirectTo=${encodeURIComponent('/admin')}`);
    expect(client.hasCookie('session_token')).toBe(false);
    expect(client.hasCookie(SESSION_DATA)).toBe(false);
  });

  it('carries a changed name from the very next page', async () => {
    const shopper = await createUser(server.services, { name: 'Ngozi Before' });
    const client = await signedInClient(server, shopper.email);
    expect(await (await client.get('/account.data')).text()).toContain('Ngozi Before');

    const saved = await client.postForm('/account?tab=profile', {
      intent: 'profile',
      fullName: 'Ngozi After',
      phone: '0803 555 0101',
      address: '12 Aba Road',
      location: 'Port Harcourt',
    });
    expect(saved.status).toBe(200);
    expect(setsSessionData(saved)).toBe(true);
    const next = await (await client.get('/account.data')).text();
    expect(next).toContain('Ngozi After');
    expect(next).not.toContain('Ngozi Before');
  });
});

/**
 * How many times Better Auth is asked for the session while `work` runs: from the database (the
 * session and the user as they are now) and from the signed cookie alone.
 */
async function sessionLookups(work: () => Promise<unknown>): Promise<{ database: number; cookie: number }> {
  const api = server.services.auth.api;
  const original = api.getSession;
  const calls = { database: 0, cookie: 0 };
  api.getSession = ((...args: Parameters<typeof original>) => {
    const query = (args[0] as { query?: { disableCookieCache?: boolean } }).query;
    calls[query?.disableCookieCache ? 'database' : 'cookie']++;
    return original(...args);
  }) as typeof original;
  try {
    await work();
  } finally {
    api.getSession = original;
  }
  return calls;
}

describe('one lookup per page', () => {
  it('an admin page reads the session from the database once, for the root, the layout and the screen', async () => {
    const admin = await createUser(server.services, { role: 'admin' });
    const adminClient = await signedInClient(server, admin.email);
    expect(await sessionLookups(() => adminClient.get('/admin/orders'))).toEqual({ database: 1, cookie: 0 });
    expect(await sessionLookups(() => adminClient.get('/admin/orders.data'))).toEqual({
      database: 1,
      cookie: 0,
    });
  });

  it('a personal page reads the database once; a catalogue page only the signed cookie, remembered briefly', async () => {
    const shopper = await createUser(server.services, { name: 'Amaka Memo' });
    const client = await signedInClient(server, shopper.email);
    const target = await productNamed(server.database.db, 'Fresh Tilapia');
    // The catalogue page needs only the kind of visitor (the header's links): the cookie says it.
    expect(await sessionLookups(() => client.get(`/products/${target.id}`))).toEqual({
      database: 0,
      cookie: 1,
    });
    // The account is personal: the database says who this is (the header's kind is remembered).
    let page: Response | undefined;
    expect(await sessionLookups(async () => (page = await client.get('/account?tab=orders')))).toEqual({
      database: 1,
      cookie: 0,
    });
    expect(await page!.text()).toContain('Amaka Memo');

    // The same session token with one character of its signature changed: not the remembered bytes, so
    // Better Auth is asked, and refuses it.
    const token = client.cookieHeader().match(/better-auth\.session_token=([^;]*)/)![1]!;
    const at = token.indexOf('.') + 1;
    const forgedToken = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    const forged = client.cookieHeader().replace(token, forgedToken);
    const asked = await sessionLookups(
      async () => (page = await client.get(`/products/${target.id}`, { cookie: forged })),
    );
    expect(asked.cookie).toBe(1);
    expect(await page!.text()).not.toContain('href="/account"');

    // Another shopper's cookies get their own answer.
    const other = await createUser(server.services, { name: 'Bola Other' });
    const otherClient = await signedInClient(server, other.email);
    const theirs = await (await otherClient.get('/account?tab=orders')).text();
    expect(theirs).toContain('Bola Other');
    expect(theirs).not.toContain('Amaka Memo');
  });
});

describe('admin pages', () => {
  it('read the session from the database once and send no cookie while the session is fresh', async () => {
    const admin = await createUser(server.services, { role: 'admin' });
    const client = await signedInClient(server, admin.email);
    for (const path of ['/admin', '/admin/orders', '/admin/products']) {
      const page = await client.get(path);
      expect(page.status).toBe(200);
      expect(page.headers.getSetCookie().filter((c) => c.startsWith('better-auth.'))).toEqual([]);
    }
  });

  it('still renew a session that is due its daily renewal', async () => {
    const admin = await createUser(server.services, { role: 'admin' });
    const client = await signedInClient(server, admin.email);
    // As if signed in 2 days ago: 28 days left of 30, past the one-day renewal age.
    const twoDaysAgo = new Date(Date.now() + (SESSION_SECONDS - 2 * 24 * 3600) * 1000);
    await server.database.db
      .update(schema.session)
      .set({ expiresAt: twoDaysAgo })
      .where(eq(schema.session.userId, admin.id));

    const page = await client.get('/admin/orders');
    expect(page.status).toBe(200);
    const [session] = await server.database.db
      .select({ expiresAt: schema.session.expiresAt })
      .from(schema.session)
      .where(eq(schema.session.userId, admin.id));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_SECONDS - 3600) * 1000);
    expect(page.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(true);
  });
});

describe('the stylesheet', () => {
  it('is inlined on storefront pages and linked (cacheable) on admin pages', async () => {
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toMatch(/<style[^>]*>[^<]{1000,}/);
    expect(home).not.toContain('data-stylesheet');
    // The stylesheet is one Buffer sent by every page (app/lib/inline-css.server.ts): whole every time,
    // and the slot React rendered for it never reaches the browser.
    const inlined = (html: string) => html.match(/<style[^>]*>([\s\S]*?)<\/style>/)![1]!;
    const contact = await (
      await fetch(`${server.url}/contact`, { headers: { 'accept-encoding': 'br' } })
    ).text();
    expect(inlined(contact)).toBe(inlined(home));
    expect(inlined(home)).toContain('tailwindcss');
    for (const html of [home, contact]) expect(html).not.toContain('fc:inline-css');
    // A page whose title quotes the slot (a search for it) keeps its stylesheet where it belongs.
    const search = await (
      await fetch(`${server.url}/search?q=${encodeURIComponent(INLINE_CSS_SLOT)}`)
    ).text();
    expect(inlined(search)).toBe(inlined(home));
    expect(search.match(/<title>([\s\S]*?)<\/title>/)![1]).not.toContain('tailwindcss');

    const admin = await createUser(server.services, { role: 'admin' });
    const client = await signedInClient(server, admin.email);
    const page = await (await client.get('/admin/orders')).text();
    const href = page.match(/<link rel="stylesheet" href="([^"]+)" data-stylesheet=""/)?.[1];
    expect(href).toMatch(/^\/assets\/.+\.css$/);
    expect(page).not.toMatch(/<style[^>]*>[^<]{1000,}/);
    const css = await fetch(`${server.url}${href}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('cache-control')).toContain('immutable');
  });
});
