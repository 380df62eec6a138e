import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import * as schema from '#db/schema';
import { addToWishlist } from '#core/wishlist/service';
import { settlePayment } from '#core/checkout/settle';
import { decideDemoPayment } from '#core/payments/demo';
import {
  createCheckoutShopper,
  createUser,
  placeCatfishOrder,
  productNamed,
  signedInClient,
} from '../support/factories';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// A page stays stored for 300 s, so no test reads a MISS where it means a HIT because the machine was
// slow between two requests (a Brotli copy made on a busy machine took longer than a 1 s lifetime); the
// test of the lifetime itself has a server of its own, on the same database, that keeps pages 1 s.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: '300', LOGIN_RATE_LIMIT_MAX: '100' } });
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

  it('sends the stored page gzipped to browsers that accept it, and plain to those that do not', async () => {
    // Rendered gzipped (decision 031), stored both ways.
    const miss = await fetch(`${server.url}/recipes`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(miss.headers.get('x-cache')).toBe('MISS');
    expect(miss.headers.get('content-encoding')).toBe('gzip');
    await miss.text();
    const hit = await fetch(`${server.url}/recipes`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.headers.get('content-encoding')).toBe('gzip');
    expect(await hit.text()).toContain('Banga Soup with Smoked Fish');
    const plain = await fetch(`${server.url}/recipes`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('x-cache')).toBe('HIT');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await plain.text();
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(html));
    expect(html).toContain('Banga Soup with Smoked Fish');
    const refused = await fetch(`${server.url}/recipes`, { headers: { 'accept-encoding': 'gzip;q=0, br' } });
    expect(refused.headers.get('x-cache')).toBe('HIT');
    // Replayed plain: the compression middleware gives it the Brotli the client asked for.
    expect(refused.headers.get('content-encoding')).toBe('br');
    expect(await refused.text()).toContain('Banga Soup with Smoked Fish');
  });

  it('sends a page asked for again in Brotli compressed once at its best, smaller than the gzip', async () => {
    const browser = { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } };
    const miss = await fetch(`${server.url}/products?category=2`, browser);
    expect(miss.headers.get('x-cache')).toBe('MISS');
    const page = await miss.text();
    // The first hit is the gzip kept from the render, and has the Brotli made for the ones after it.
    const hit = await fetch(`${server.url}/products?category=2`, browser);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.headers.get('content-encoding')).toBe('gzip');
    const gzipBytes = Number(hit.headers.get('content-length'));
    await hit.text();
    let later = await fetch(`${server.url}/products?category=2`, browser);
    for (let tries = 0; later.headers.get('content-encoding') !== 'br' && tries < 250; tries++) {
      await later.text();
      await new Promise((resolve) => setTimeout(resolve, 20));
      later = await fetch(`${server.url}/products?category=2`, browser);
    }
    expect(later.headers.get('x-cache')).toBe('HIT');
    expect(later.headers.get('content-encoding')).toBe('br');
    expect(Number(later.headers.get('content-length'))).toBeLessThan(gzipBytes * 0.9);
    // The same page, its nonce the header's.
    const html = await later.text();
    expect(html.replace(/nonce="[^"]+"/g, '')).toBe(page.replace(/nonce="[^"]+"/g, ''));
    expect(html).toContain(`nonce="${nonceOf(later)}"`);
    // A client that takes gzip only still gets gzip.
    const gzipOnly = await fetch(`${server.url}/products?category=2`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');
    await gzipOnly.text();
  });

  it('serves the home page from the cache: guests, and shoppers from a copy of their own kind', async () => {
    const guestFirst = await fetch(`${server.url}/`);
    await guestFirst.text();
    const guestAgain = await fetch(`${server.url}/`);
    expect(guestAgain.headers.get('x-cache')).toBe('HIT');
    expect(guestAgain.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    );
    expect(await guestAgain.text()).toContain('href="/login"');

    const shopper = await createUser(server.services, { name: 'Home Page Visitor' });
    const client = await signedIn(shopper.email);
    const first = await client.get('/');
    await first.text();
    const again = await client.get('/');
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('cache-control')).toBe('private, no-store');
    const html = await again.text();
    expect(html).toContain('href="/account"');
    expect(html).not.toContain('Home Page Visitor');
    expect(html).not.toContain(shopper.email);
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
    const admin = await createUser(server.services, { name: 'Admin Person', role: 'admin' });
    const firstClient = await signedIn(first.email);
    const secondClient = await signedIn(second.email);
    const adminClient = await signedIn(admin.email);
    const url = '/products?category=5';
    const firstPage = await firstClient.get(url);
    const secondPage = await secondClient.get(url);
    const adminPage = await adminClient.get(url);
    const againPage = await firstClient.get(url);
    const guestPage = await fetch(`${server.url}${url}`);

    expect(firstPage.headers.get('x-cache')).toBe('MISS');
    expect(secondPage.headers.get('x-cache')).toBe('HIT');
    // Admins have a copy of their own kind, shoppers keep theirs.
    expect(adminPage.headers.get('x-cache')).toBe('MISS');
    expect(againPage.headers.get('x-cache')).toBe('HIT');
    for (const page of [firstPage, secondPage, adminPage, againPage])
      expect(page.headers.get('cache-control')).toBe('private, no-store');

    const [firstHtml, secondHtml, adminHtml, againHtml, guestHtml] = await Promise.all(
      [firstPage, secondPage, adminPage, againPage, guestPage].map((page) => page.text()),
    );
    for (const html of [firstHtml, secondHtml, againHtml]) {
      expect(html).toContain('href="/account"');
      expect(html).not.toContain('href="/admin"');
    }
    expect(adminHtml).toContain('href="/admin"');
    expect(guestHtml).not.toContain('href="/account"');
    expect(guestHtml).toContain('href="/login"');
    for (const html of [firstHtml, secondHtml, adminHtml])
      for (const personal of ['Private Person', 'Other Shopper', 'Admin Person'])
        expect(html).not.toContain(personal);
    for (const user of [first, second, admin])
      for (const html of [firstHtml, secondHtml, adminHtml]) {
        expect(html).not.toContain(user.email);
        expect(html).not.toContain(user.id);
      }
  });

  it('shares a product page among shoppers; what is their own comes from a private request of its own', async () => {
    // The keeper has it in their wishlist and has bought it; the other shopper neither.
    const keeper = await createCheckoutShopper(server.services);
    const other = await createUser(server.services, { name: 'Other Browser' });
    const product = await productNamed(server.database.db, 'Live Catfish (Table Size)');
    await addToWishlist(server.database.db, keeper.id, product.id);
    const placed = await placeCatfishOrder(server.services, keeper.id);
    await decideDemoPayment(server.database.db, placed.reference, 'success');
    expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
    const keeperClient = await signedIn(keeper.email);
    const otherClient = await signedIn(other.email);

    const keeperPage = await keeperClient.get(`/products/${product.id}`);
    const otherPage = await otherClient.get(`/products/${product.id}`);
    const keeperHtml = await keeperPage.text();
    expect(otherPage.headers.get('x-cache')).toBe('HIT');
    expect(await otherPage.text()).toBe(keeperHtml);
    // Nothing of the keeper's own is in the page they share: not who, not their heart, not their form.
    for (const own of [
      keeper.email,
      keeper.id,
      'Remove from Wishlist',
      'aria-pressed="true"',
      'Submit Review',
    ])
      expect(keeperHtml).not.toContain(own);

    const mine = async (client: typeof keeperClient) => {
      const response = await client.get(`/api/products/${product.id}/for-shopper`);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('x-cache')).toBeNull();
      return response.json();
    };
    expect(await mine(keeperClient)).toEqual({ inWishlist: true, mayReview: true });
    expect(await mine(otherClient)).toEqual({ inWishlist: false, mayReview: false });
    const guest = await fetch(`${server.url}/api/products/${product.id}/for-shopper`);
    expect(await guest.json()).toEqual({ inWishlist: false, mayReview: false });
  });

  it('a page whose session lookup reissued a cookie is the visitor’s own: neither stored nor replayed', async () => {
    const shopper = await createUser(server.services);
    const client = await signedIn(shopper.email);
    await (await client.get('/products?category=6')).text();
    // Without its signed cache the session is read from the database and the cache cookie given again.
    client.forget('better-auth.session_data');
    const page = await client.get('/products?category=6');
    expect(page.headers.get('x-cache')).toBeNull();
    expect(page.headers.get('set-cookie')).toContain('session_data');
    expect(await page.text()).toContain('href="/account"');
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
    const shortLived = await startTestServer({ database: server.database, env: { PAGE_CACHE_SECONDS: '1' } });
    onTestFinished(() => shortLived.close());
    const product = await productNamed(server.database.db, 'Cast Net 12 ft');
    const url = `${shortLived.url}/products/${product.id}`;
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
