import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceUnitLabel } from '#core/catalog/categories';
import { productNamed } from '../support/factories';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Small things a new buyer saw.
let server: TestServer;
let guest: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: '0' } });
  guest = new HttpClient(server.url);
});
afterAll(() => server.close());

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

describe('the storefront says what it means', () => {
  it('a page past the last says which page is empty and links to the last one', async () => {
    const html = await (await guest.get('/products?page=999')).text();
    const pages = Number(html.match(/these products fill (\d+) pages?\./)?.[1]);
    expect(html).toContain('Page 999 is empty: these products fill');
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(html).toMatch(new RegExp(`href="/products\\?page=${pages}"[^>]*>Go to page ${pages}<`));
    expect(html).not.toContain('No products found matching your criteria.');
  });

  it('equipment is priced per item and feeds per bag; fish by weight', async () => {
    const feed = await productNamed(server.database.db, 'Floating Fish Feed 2 mm (15 kg)');
    const aerator = await productNamed(server.database.db, 'Paddlewheel Aerator 1 HP');
    const feedPage = await (await guest.get(`/products/${feed.id}`)).text();
    expect(titleOf(feedPage)).toMatch(/ per bag \| FreshCatch$/);
    expect(feedPage).not.toContain('per 15 kg');
    expect(titleOf(await (await guest.get(`/products/${aerator.id}`)).text())).toMatch(
      / per item \| FreshCatch$/,
    );
    expect(await (await guest.get('/products?category=6')).text()).toContain('per bag');
    expect(priceUnitLabel({ category: 'smoked', weightGrams: 1000 })).toBe('per kg');
    expect(priceUnitLabel({ category: 'fresh', weightGrams: 500 })).toBe('per 500 g');
  });

  it('the heading follows the chosen category', async () => {
    const h1 = (html: string) => html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1];
    expect(h1(await (await guest.get('/products?category=6')).text())).toBe('Feeds');
    expect(h1(await (await guest.get('/products?category=smoked')).text())).toBe('Smoked Fish');
    expect(h1(await (await guest.get('/products')).text())).toBe('All Products');
  });

  it('a recipe that does not exist has a not-found title and status', async () => {
    const response = await guest.get('/recipes/999');
    expect(response.status).toBe(404);
    expect(titleOf(await response.text())).toBe('Recipe not found — FreshCatch');
  });

  it('a request that fails before a page can be made gets the shop’s own page in a browser, plain text otherwise', async () => {
    const browser = await fetch(`${server.url}/products/%E0%A4%A`, {
      headers: { accept: 'text/html,*/*;q=0.8' },
    });
    expect(browser.status).toBe(400);
    expect(browser.headers.get('content-type')).toContain('text/html');
    const html = await browser.text();
    expect(html).toContain('<title>Bad request — FreshCatch</title>');
    expect(html).toContain('href="/">Return to Home</a>');
    const program = await fetch(`${server.url}/products/%E0%A4%A`);
    expect(program.status).toBe(400);
    expect(await program.text()).toBe('Bad request');
  });
});
