import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as schema from '#db/schema';
import { listWishlist } from '#core/wishlist/service';
import { createUser, productNamed, signedInClient } from '../support/factories';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100' } });
});
afterAll(() => server.close());

const change = (client: HttpClient, fields: Record<string, string>) =>
  client.postForm('/api/wishlist', fields);

describe('wishlist: each shopper sees and changes only their own', () => {
  it('keeps two shoppers’ lists apart', async () => {
    const ada = await createUser(server.services);
    const bayo = await createUser(server.services);
    const adaClient = await signedInClient(server, ada.email);
    const bayoClient = await signedInClient(server, bayo.email);
    const catfish = await productNamed(server.database.db, 'Smoked Catfish');
    const crabs = await productNamed(server.database.db, 'Fresh Mangrove Crabs');

    expect((await change(adaClient, { intent: 'add', productId: String(catfish.id) })).status).toBe(200);
    expect((await change(adaClient, { intent: 'add', productId: String(catfish.id) })).status).toBe(200);
    expect((await change(bayoClient, { intent: 'add', productId: String(crabs.id) })).status).toBe(200);
    // Bayo removing the product from "a" list only ever touches his own.
    expect((await change(bayoClient, { intent: 'remove', productId: String(catfish.id) })).status).toBe(200);

    expect((await listWishlist(server.database.db, ada.id)).map((p) => p.name)).toEqual(['Smoked Catfish']);
    expect((await listWishlist(server.database.db, bayo.id)).map((p) => p.name)).toEqual([
      'Fresh Mangrove Crabs',
    ]);
    const adaPage = await (await adaClient.get('/wishlist')).text();
    expect(adaPage).toContain('Smoked Catfish');
    expect(adaPage).not.toContain('Fresh Mangrove Crabs');
  });

  it('refuses a guest with 401 and bad input with 400, unknown products with 404', async () => {
    const guest = await change(new HttpClient(server.url), { intent: 'add', productId: '1' });
    expect(guest.status).toBe(401);
    expect(await guest.json()).toMatchObject({
      ok: false,
      error: { message: 'Please log in to keep a wishlist on your account.' },
    });
    const shopper = await createUser(server.services);
    const client = await signedInClient(server, shopper.email);
    for (const fields of [
      { intent: 'add', productId: 'x' },
      { intent: 'steal', productId: '1' },
    ]) {
      const refused = await change(client, fields);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        ok: false,
        error: { message: 'That is not a product we know.' },
      });
    }
    expect((await change(client, { intent: 'add', productId: '999999' })).status).toBe(404);
  });

  it('merges a guest’s list at sign-in, skipping products that do not exist', async () => {
    const shopper = await createUser(server.services);
    const client = await signedInClient(server, shopper.email);
    const a = await productNamed(server.database.db, 'Ground Crayfish');
    const b = await productNamed(server.database.db, 'Dried Bonga');
    await change(client, { intent: 'add', productId: String(a.id) });
    const response = await change(client, { intent: 'merge', productIds: `${a.id},${b.id},999999` });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, merged: 1 });
    expect((await listWishlist(server.database.db, shopper.id)).map((p) => p.name).sort()).toEqual([
      'Dried Bonga',
      'Ground Crayfish',
    ]);
  });
});

describe('the cart re-reads prices', () => {
  it('GET /api/products?ids= answers today’s facts and leaves out unknown ids', async () => {
    const catfish = await productNamed(server.database.db, 'Live Catfish (Table Size)');
    const response = await fetch(`${server.url}/api/products?ids=${catfish.id},999999`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      products: { id: number; priceKobo: number; inStock: boolean }[];
    };
    expect(body.products).toEqual([
      expect.objectContaining({ id: catfish.id, priceKobo: catfish.priceKobo, inStock: true }),
    ]);
    expect((await fetch(`${server.url}/api/products?ids=1;drop table`)).status).toBe(400);
  });
});

describe('bulk delivery enquiries', () => {
  it('stores a complete enquiry and e-mails the sales desk', async () => {
    const response = await new HttpClient(server.url).postForm('/bulk', {
      name: 'Chef Tamuno',
      phone: '0803 555 0199',
      email: 'chef@example.ng',
      organisation: 'Garden City Hotel',
      location: 'GRA Phase 2, Port Harcourt',
      weightKg: '200',
      details: '200 kg of live catfish every Friday for the hotel kitchen.',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('we have your enquiry');
    await server.jobsDone();
    const mail = server.mailer.lastTo('hello@freshcatch.ng');
    expect(mail?.subject).toMatch(/^Bulk delivery enquiry #\d+ from Chef Tamuno$/);
    // Kept as E.164, written in the e-mail as people here write it.
    const [row] = await server.database.db
      .select({ phone: schema.bulkEnquiries.phone })
      .from(schema.bulkEnquiries)
      .where(eq(schema.bulkEnquiries.name, 'Chef Tamuno'));
    expect(row?.phone).toBe('+2348035550199');
    expect(mail?.text).toContain('Chef Tamuno (Garden City Hotel), 0803 555 0199, chef@example.ng');
  });

  it('refuses a phone that only looks like a number, storing nothing', async () => {
    const response = await new HttpClient(server.url).postForm('/bulk', {
      name: 'Chef Short',
      phone: '0803 555',
      email: 'short@example.ng',
      location: 'GRA Phase 2, Port Harcourt',
      details: '50 kg of smoked catfish for a wedding.',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Please enter a phone number we can call, such as 0803 555 0142');
    const rows = await server.database.db
      .select()
      .from(schema.bulkEnquiries)
      .where(eq(schema.bulkEnquiries.name, 'Chef Short'));
    expect(rows).toEqual([]);
  });

  it('refuses an incomplete one with the reasons', async () => {
    const response = await new HttpClient(server.url).postForm('/bulk', {
      name: '',
      phone: 'call me',
      email: 'x',
      location: '',
      details: 'fish',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Please tell us your name');
    expect(html).toContain('Please enter a phone number we can call');
    expect(html).toContain('Tell us what you need in a few words');
  });
});

describe('storefront pages answer', () => {
  it.each([
    ['/products?category=1', 'Showing 6 products'],
    ['/products?category=nonsense', 'All Products'],
    ['/search?q=prawns', 'Search Results (2)'],
    ['/search?q=zzzzzz', 'No results found'],
    ['/recipes', 'Banga Soup with Smoked Fish'],
    ['/recipes/4', 'Seafood Okra Soup'],
    ['/specials', 'Pepper Soup Pack'],
    ['/categories/fresh', 'Fresh Fish'],
    ['/farm-supplies', 'Floating Fish Feed'],
    ['/contact', '+234 803 555 0142'],
    ['/privacy', 'Nigeria Data Protection Act'],
    ['/privacy', 'What we keep, why, and how long'],
    ['/privacy', 'the phone number it went to is removed after 30 days'],
    ['/privacy', 'paid orders stay in our books with your name, phone number and address removed'],
    ['/privacy', 'Download my data'],
    ['/privacy', 'Delete my account'],
    ['/faq', 'How much is delivery?'],
  ])('%s shows %s', async (path, text) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect((await response.text()).replace(/<!-- -->/g, '')).toContain(text);
  });

  it('unknown recipes are 404', async () => {
    expect((await fetch(`${server.url}/recipes/5`)).status).toBe(404);
  });

  it('publishes robots.txt and a sitemap with every product', async () => {
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain(
      `Sitemap: ${server.url}/sitemap.xml`,
    );
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const catfish = await productNamed(server.database.db, 'Live Catfish (Table Size)');
    expect(sitemap).toContain(`<loc>${server.url}/products/${catfish.id}</loc>`);
  });
});
