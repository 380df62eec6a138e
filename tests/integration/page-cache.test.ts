import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#db/schema';
import { addToWishlist } from '#core/wishlist/service';
import { createUser, productNamed, signedInClient } from '../support/factories';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: '1', LOGIN_RATE_LIMIT_MAX: '100' } });
});
afterAll(() => server.close());

const nonceOf = (response: Response) =>
  response.headers.get('content-security-policy')!.match(/'nonce-([^']+)'/)![1]!;

describe('the page cache', () => {
  it('answers a repeated guest request from the cache, with a CSP nonce that matches the page', async () => {
    const first = await fetch(`${server.url}/products?category=3`);
    expect(first.headers.get('x-cache')).toBe('MISS');
    await first.text();
    const second = await fetch(`${server.url}/products?category=3`);
    expect(second.headers.get('x-cache')).toBe('HIT');
    const html = await second.text();
    const nonce = nonceOf(second);
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html.match(/nonce="([^"]+)"/g)!.every((n) => n === `nonce="${nonce}"`)).toBe(true);
    expect(html.replace(/<!-- -->/g, '')).toContain('Showing 5 products');
  });

  it('sends the stored page gzipped to browsers that accept it', async () => {
    await (await fetch(`${server.url}/recipes`)).text();
    const hit = await fetch(`${server.url}/recipes`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.headers.get('content-encoding')).toBe('gzip');
    expect(await hit.text()).toContain('Banga Soup with Smoked Fish');
  });

  /** Signed in, with the "signed in" toast already shown (a page with a toast is the visitor's own). */
  const signedIn = async (email: string) => {
    const client = await signedInClient(server, email);
    await (await client.get('/faq')).text();
    return client;
  };

  it('answers signed-in shoppers from one stored copy that knows nothing of who they are', async () => {
    const first = await createUser(server.services, { name: 'Private Person' });
    const second = await createUser(server.services, { name: 'Other Shopper' });
    const url = '/products?category=5';
    const firstPage = await (await signedIn(first.email)).get(url);
    expect(firstPage.headers.get('x-cache')).toBe('MISS');
    expect(firstPage.headers.get('cache-control')).toBe('private, no-store');
    const firstHtml = await firstPage.text();
    expect(firstHtml).toContain('href="/account"');
    expect(firstHtml).not.toContain('href="/admin"');

    const secondPage = await (await signedIn(second.email)).get(url);
    expect(secondPage.headers.get('x-cache')).toBe('HIT');
    expect(secondPage.headers.get('cache-control')).toBe('private, no-store');
    const secondHtml = await secondPage.text();
    expect(secondHtml).toContain('href="/account"');
    for (const html of [firstHtml, secondHtml])
      for (const personal of [
        'Private Person',
        'Other Shopper',
        first.email,
        first.id,
        second.email,
        second.id,
      ])
        expect(html).not.toContain(personal);

    // Guests and admins have pages of their own kind.
    const guestHtml = await (await fetch(`${server.url}${url}`)).text();
    expect(guestHtml).not.toContain('href="/account"');
    expect(guestHtml).toContain('href="/login"');
    const admin = await createUser(server.services, { name: 'Admin Person', role: 'admin' });
    const adminPage = await (await signedIn(admin.email)).get(url);
    expect(adminPage.headers.get('x-cache')).toBe('MISS');
    const adminHtml = await adminPage.text();
    expect(adminHtml).toContain('href="/admin"');
    expect(adminHtml).not.toContain('Admin Person');
  });

  it('shares a product page among shoppers; what is their own comes from a private request of its own', async () => {
    const keeper = await createUser(server.services, { name: 'Wishlist Keeper' });
    const other = await createUser(server.services, { name: 'Other Browser' });
    const product = await productNamed(server.database.db, 'Cast Net 12 ft');
    await addToWishlist(server.database.db, keeper.id, product.id);
    const keeperClient = await signedIn(keeper.email);
    const otherClient = await signedIn(other.email);
    const keeperPage = await keeperClient.get(`/products/${product.id}`);
    const keeperHtml = await keeperPage.text();
    const otherPage = await otherClient.get(`/products/${product.id}`);
    expect(otherPage.headers.get('x-cache')).toBe('HIT');
    expect(await otherPage.text()).toBe(keeperHtml);
    expect(keeperHtml).not.toContain('Wishlist Keeper');
    expect(keeperHtml).not.toContain(keeper.email);

    const mine = async (client: typeof keeperClient) => {
      const response = await client.get(`/api/products/${product.id}/for-shopper`);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('x-cache')).toBeNull();
      return response.json();
    };
    expect(await mine(keeperClient)).toEqual({ inWishlist: true, mayReview: false });
    expect(await mine(otherClient)).toEqual({ inWishlist: false, mayReview: false });
    const guest = await fetch(`${server.url}/api/products/${product.id}/for-shopper`);
    expect(await guest.json()).toEqual({ inWishlist: false, mayReview: false });
  });

  it('never answers a request with a pending toast from the cache', async () => {
    await (await fetch(`${server.url}/products?category=4`)).text();
    const withToast = await fetch(`${server.url}/products?category=4`, {
      headers: { cookie: 'fc_toast=whatever' },
    });
    expect(withToast.headers.get('x-cache')).toBeNull();
  });

  it('never stores pages that do not say they are public, nor form posts', async () => {
    for (let i = 0; i < 2; i++)
      expect((await fetch(`${server.url}/login`)).headers.get('x-cache')).toBe('MISS');
    const post = await new HttpClient(server.url).postForm('/newsletter', { email: 'cache@example.ng' });
    expect(post.headers.get('x-cache')).toBeNull();
  });

  it('shows a change once the short lifetime has passed', async () => {
    const product = await productNamed(server.database.db, 'Cast Net 12 ft');
    const url = `${server.url}/products/${product.id}`;
    expect(await (await fetch(url)).text()).toContain('Cast Net 12 ft');
    await server.database.db
      .update(schema.products)
      .set({ name: 'Cast Net 14 ft' })
      .where(eq(schema.products.id, product.id));
    expect(await (await fetch(url)).text()).toContain('Cast Net 12 ft');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // The first request after expiry renders afresh (others would meanwhile get the stored copy).
    const refreshed = await fetch(url);
    expect(refreshed.headers.get('x-cache')).toBe('MISS');
    expect(await refreshed.text()).toContain('Cast Net 14 ft');
    expect(await (await fetch(url)).text()).toContain('Cast Net 14 ft');
  });
});
