import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#db/schema';
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

describe('the guest page cache', () => {
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

  it('never serves or stores a signed-in shopper’s page', async () => {
    const shopper = await createUser(server.services, { name: 'Private Person' });
    const client = await signedInClient(server, shopper.email);
    for (let i = 0; i < 2; i++) {
      const page = await client.get('/products?category=5');
      expect(page.headers.get('x-cache')).toBeNull();
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      expect(await page.text()).toContain('href="/account"');
    }
    const guest = await fetch(`${server.url}/products?category=5`);
    const html = await guest.text();
    expect(html).not.toContain('href="/account"');
    expect(html).not.toContain('Private Person');
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
