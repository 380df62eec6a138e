import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutShopper, productNamed, signedInClient } from '../support/factories';
import { SHOPPER_PASSWORD } from '../support/constants';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Whatever is rendered for a signed-in visitor is theirs alone.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100' } });
});
afterAll(() => server.close());

describe('signed-in responses are private', () => {
  it('sends Cache-Control: private, no-store on every page, data and API response for a signed-in shopper', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const catfish = await productNamed(server.database.db, 'Live Catfish (Table Size)');
    const client = await signedInClient(server, shopper.email);
    const paths = [
      '/account',
      '/',
      '/products?category=1',
      `/products/${catfish.id}`,
      '/wishlist',
      '/checkout',
      '/faq',
      '/products.data',
      `/products/${catfish.id}.data`,
      '/account.data',
      `/api/products?ids=${catfish.id}`,
    ];
    for (const path of paths) {
      const response = await client.get(path);
      expect({ path, ok: response.status < 400 }).toEqual({ path, ok: true });
      expect({ path, cacheControl: response.headers.get('Cache-Control') }).toEqual({
        path,
        cacheControl: 'private, no-store',
      });
    }
  });

  it('the answer that signs a shopper in is private too, and guests keep their shared caching', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const client = new HttpClient(server.url);
    const login = await client.postForm('/login', { email: shopper.email, password: SHOPPER_PASSWORD });
    expect(login.status).toBe(302);
    expect(login.headers.get('Cache-Control')).toBe('private, no-store');

    const products = await fetch(`${server.url}/products?category=1`);
    expect(products.headers.get('Cache-Control')).toContain('public');
    const faq = await fetch(`${server.url}/faq`);
    expect(faq.headers.get('Cache-Control') ?? '').not.toContain('private');
  });

  it('static files keep their long caching for everyone', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const client = await signedInClient(server, shopper.email);
    const html = await (await client.get('/')).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)![0];
    const response = await client.get(asset);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toContain('immutable');
  });
});
