import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutShopper, productNamed, signedInClient } from '../support/factories';
import { SHOPPER_PASSWORD } from '../support/constants';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Whatever is rendered for a signed-in visitor is theirs alone.
let server: TestServer;
beforeAll(async () => {
  // The page cache keeps a page for as long as it may (300 s, not the default 10 s): a test that reads a
  // page's second answer from it must not find it expired because a busy machine (CI runs the two
  // engines' integration suites side by side) took more than 10 s over the requests between.
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '300' } });
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

describe("what a buyer's phone may keep offline (decision 048)", () => {
  it('catalogue pages and the cart say they may be kept, also when the page cache answers; personal pages never', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const catfish = await productNamed(server.database.db, 'Live Catfish (Table Size)');
    const client = await signedInClient(server, shopper.email);
    const kept = [
      '/',
      '/products?category=1',
      `/products/${catfish.id}`,
      `/products/${catfish.id}.data`,
      '/search?q=catfish',
      '/cart',
    ];
    const personal = [
      '/account',
      '/checkout',
      '/wishlist',
      '/account.data',
      `/api/products/${catfish.id}/for-shopper`,
    ];
    for (const [who, get] of [
      ['guest', (path: string) => fetch(`${server.url}${path}`)],
      ['shopper', (path: string) => client.get(path)],
    ] as const) {
      // Twice: the second answer of a shared page (not its data, nor the cart) comes from the server's
      // page cache, which must say it too.
      for (const round of [1, 2])
        for (const path of kept) {
          const response = await get(path);
          const fromCache = round === 2 && !path.endsWith('.data') && path !== '/cart';
          expect({ who, round, path, header: response.headers.get('X-Offline-Copy') }).toEqual({
            who,
            round,
            path,
            header: 'shared',
          });
          if (fromCache)
            expect({ who, path, cache: response.headers.get('X-Cache') }).toEqual({
              who,
              path,
              cache: 'HIT',
            });
        }
    }
    for (const path of personal) {
      const response = await client.get(path);
      expect({ path, status: response.status < 400, header: response.headers.get('X-Offline-Copy') }).toEqual(
        {
          path,
          status: true,
          header: null,
        },
      );
    }
  });

  it("a phone whose worker holds this build's stylesheet gets pages that link it; the page cache keeps both kinds", async () => {
    const sheet = readdirSync('build/client/assets').find((file) => /^app-[\w-]+\.css$/.test(file))!;
    const page = async (cookie?: string) => {
      const html = await (
        await fetch(`${server.url}/products?category=2`, { headers: cookie ? { cookie } : {} })
      ).text();
      return {
        linked: html.includes(`<link rel="stylesheet" href="/assets/${sheet}"`),
        inlined: /<style[^>]*>[^<]{1000,}/.test(html),
      };
    };
    // Alternating, so the second of each kind comes from the page cache.
    for (let round = 0; round < 2; round++) {
      expect(await page(`fc_sheet=${sheet}`)).toEqual({ linked: true, inlined: false });
      expect(await page()).toEqual({ linked: false, inlined: true });
      // A stylesheet of another build: the worker does not hold this one, so it comes inline.
      expect(await page('fc_sheet=app-0ld8uild.css')).toEqual({ linked: false, inlined: true });
    }
  });

  it('serves the service worker compressed, checked afresh on every visit, and the app manifest', async () => {
    const worker = await fetch(`${server.url}/sw.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(worker.status).toBe(200);
    expect(worker.headers.get('Content-Type')).toMatch(/javascript/);
    expect(worker.headers.get('Cache-Control')).toBe('no-cache');
    expect(worker.headers.get('Content-Encoding')).toBe('br');
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers.get('Content-Type')).toMatch(/manifest\+json/);
    expect(await manifest.json()).toMatchObject({ short_name: 'FreshCatch', theme_color: '#0e7490' });
  });
});
