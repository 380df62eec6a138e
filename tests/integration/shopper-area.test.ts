import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#db/schema';
import { createUser, signedInClient } from '../support/factories';
import { HttpClient, locationOf } from '../support/http-client';
import { routeTablePathsUnder } from '../support/routes';
import { startTestServer, type TestServer } from '../support/test-server';

// The signed-in shopper's areas have one door each (app/lib/auth/guards.server.ts): the list comes from
// the route table, so a route put under the door is guarded, and one taken out of it fails here.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
});
afterAll(() => server.close());

const pages = routeTablePathsUnder('routes/shopper-area.tsx');
const apis = routeTablePathsUnder('routes/api/shopper-api.ts');

async function rowCounts() {
  const tables = [schema.orders, schema.wishlists, schema.user, schema.notifications];
  return Promise.all(
    tables.map(async (t) => (await server.database.db.select({ n: count() }).from(t))[0]!.n),
  );
}

describe('the signed-in shopper has one door, for every route of the route table under it', () => {
  it('finds the pages and the resource routes behind it', () => {
    expect(pages.sort()).toEqual([
      '/account',
      '/account/my-data.zip',
      '/account/orders/1',
      '/account/two-factor',
      '/checkout',
      '/checkout/callback',
      '/checkout/demo/1',
      '/order-success',
    ]);
    expect(apis.sort()).toEqual(['/api/checkout/quote', '/api/wishlist', '/checkout/cancel']);
  });

  it.each(pages.filter((p) => p !== '/account'))(
    '%s: a guest is sent to /login and brought back, whether they ask for the page or post to it',
    async (path) => {
      const guest = new HttpClient(server.url);
      const before = await rowCounts();
      for (const response of [
        await guest.get(path),
        await guest.postForm(path, { intent: 'cancel', reference: 'FC-1' }),
      ]) {
        expect(response.status).toBe(302);
        expect(locationOf(response)).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      }
      expect(await rowCounts()).toEqual(before);
    },
  );

  it('/checkout: the redirect carries the spec’s toast (§4: Authentication Required)', async () => {
    const guest = new HttpClient(server.url);
    expect(locationOf(await guest.get('/checkout'))).toBe('/login?redirectTo=%2Fcheckout');
    const login = await (await guest.get('/login?redirectTo=%2Fcheckout')).text();
    expect(login).toContain('Authentication Required');
    expect(login).toContain('Please log in to check out.');
  });

  it('/account: a guest sees its Sign In Required screen (200), and a post is refused with 401', async () => {
    const guest = new HttpClient(server.url);
    const page = await guest.get('/account');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sign In Required');
    const before = await rowCounts();
    const post = await guest.postForm('/account', { intent: 'profile', fullName: 'Hack' });
    expect(post.status).toBe(401);
    expect(await post.text()).toContain('Please log in again.');
    expect(await rowCounts()).toEqual(before);
  });

  it.each(apis)(
    '%s: a guest is refused with 401 in the action-failure shape, never sent to a page',
    async (path) => {
      const guest = new HttpClient(server.url);
      const before = await rowCounts();
      for (const response of [
        await guest.get(path),
        await guest.postForm(path, { intent: 'add', productId: '1', reference: 'FC-1' }),
        await guest.postJson(path, { items: [{ productId: 1, quantity: 1 }] }),
      ]) {
        expect(response.status).toBe(401);
        const body = (await response.json()) as { ok: boolean; error: { message: string } };
        expect(body.ok).toBe(false);
        expect(body.error.message).toMatch(/log(ged)? in|sign in/i);
      }
      expect(await rowCounts()).toEqual(before);
    },
  );

  it('the wishlist and the quote keep their own words for a guest', async () => {
    const guest = new HttpClient(server.url);
    const wishlist = await guest.postForm('/api/wishlist', { intent: 'add', productId: '1' });
    expect(await wishlist.text()).toContain('Please log in to keep a wishlist on your account.');
    const quote = await guest.postJson('/api/checkout/quote', {});
    expect(await quote.json()).toMatchObject({
      error: { title: 'Authentication Error', message: 'You must be logged in to complete this purchase.' },
    });
  });

  it('a signed-in shopper passes the door: each page answers as itself, never a redirect to /login', async () => {
    const shopper = await createUser(server.services);
    const client = await signedInClient(server, shopper.email);
    for (const path of pages) {
      const response = await client.get(path);
      expect(response.status, path).toBeLessThan(500);
      expect(locationOf(response) ?? '', path).not.toMatch(/^\/login/);
    }
    const wishlist = await client.postForm('/api/wishlist', { intent: 'add', productId: '1' });
    expect(wishlist.status).toBe(200);
  });
});
