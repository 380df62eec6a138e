import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDay } from '#core/calendar';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import type { HttpClient } from '../support/http-client';
import { signedInClient } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// The owner counts a product's stock, receives dated batches, takes stock off with a reason and sees
// what runs low or passes its best-before (issue 33); every change is in the activity log.
let server: TestServer;
let client: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
  client = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => server.close());

const db = () => server.database.db;
const today = () => shopDay(new Date());

async function newProduct(name: string, weightGrams = 1000) {
  const [product] = await db()
    .insert(schema.products)
    .values({ name, priceKobo: 900_000, category: 'smoked', weightGrams })
    .returning();
  return product!;
}

async function product(id: number) {
  const [row] = await db().select().from(schema.products).where(eq(schema.products.id, id));
  return row!;
}

async function activity(productId: number) {
  return db()
    .select()
    .from(schema.adminActivity)
    .where(
      and(eq(schema.adminActivity.kind, 'product'), eq(schema.adminActivity.subjectId, String(productId))),
    )
    .orderBy(schema.adminActivity.id);
}

describe('the stock of a product', () => {
  it('counted in kg: out of stock until a batch comes in, then on sale with its date', async () => {
    const mackerel = await newProduct('Smoked Mackerel (Stock Test)');
    const path = `/admin/stock/${mackerel.id}`;
    expect((await client.postForm(path, { intent: 'counting', stockUnit: 'kg' })).status).toBe(200);
    expect(await product(mackerel.id)).toMatchObject({ stockUnit: 'kg', stockOnHand: 0, inStock: false });

    const received = await client.postForm(path, {
      intent: 'receive',
      quantity: '12',
      dateKind: 'smoked',
      preparedOn: addDays(today(), -3),
      bestBefore: addDays(today(), 11),
      note: 'From Oron',
    });
    expect(received.status).toBe(200);
    expect(await received.text()).toContain('Stock received');
    expect(await product(mackerel.id)).toMatchObject({ stockOnHand: 12_000, inStock: true });

    const page = await client.get(path);
    const html = await page.text();
    expect(html).toContain('Stock of Smoked Mackerel (Stock Test)');
    expect(html).toContain('12 kg to sell');
    const storefront = await (await fetch(`${server.url}/products/${mackerel.id}`)).text();
    expect(storefront).toContain('Smoked 3 days ago');
    expect(storefront).toMatch(/Best before \d+ [A-Z][a-z]{2}/);
  });

  it('takes stock off a batch with a reason, refuses more than it has, and logs every change', async () => {
    const catfish = await newProduct('Catfish (Stock Test)');
    const path = `/admin/stock/${catfish.id}`;
    await client.postForm(path, { intent: 'counting', stockUnit: 'kg' });
    await client.postForm(path, {
      intent: 'receive',
      quantity: '40',
      dateKind: 'caught',
      preparedOn: today(),
    });
    const [batch] = await db()
      .select()
      .from(schema.stockBatches)
      .where(eq(schema.stockBatches.productId, catfish.id));

    const spoiled = await client.postForm(path, {
      intent: 'adjust',
      batchId: String(batch!.id),
      quantity: '2.5',
      reason: 'eaten',
      note: 'The cat again',
    });
    expect(spoiled.status).toBe(200);
    expect(await product(catfish.id)).toMatchObject({ stockOnHand: 37_500 });

    const tooMuch = await client.postForm(path, {
      intent: 'adjust',
      batchId: String(batch!.id),
      quantity: '38',
      reason: 'spoiled',
    });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.text()).toContain('This batch has only 37.5 kg left.');
    expect(await product(catfish.id)).toMatchObject({ stockOnHand: 37_500 });

    const log = await activity(catfish.id);
    expect(log.map((entry) => entry.action)).toEqual(['updated', 'stock_received', 'stock_adjusted']);
    expect(log[2]!.after).toMatchObject({ left: '37.5 kg', onHand: '37.5 kg', reason: 'Eaten by the cat' });
    const logPage = await (await client.get('/admin/activity?kind=product')).text();
    expect(logPage).toContain('Adjusted the stock of product');
  });

  it('refuses bad input with the field’s words and changes nothing', async () => {
    const feed = await newProduct('Feed Bags (Stock Test)', 15_000);
    const path = `/admin/stock/${feed.id}`;
    // Not counted yet: nothing to receive into.
    const early = await client.postForm(path, {
      intent: 'receive',
      quantity: '3',
      dateKind: 'made',
      preparedOn: today(),
    });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain(
      'Choose how this product’s stock is counted before receiving stock.',
    );

    await client.postForm(path, { intent: 'counting', stockUnit: 'unit' });
    const bad = await client.postForm(path, {
      intent: 'receive',
      quantity: '-3',
      dateKind: 'baked',
      preparedOn: '2026-02-31',
    });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    for (const message of [
      'Quantity must be a number above 0',
      'Say what the date is: caught, smoked, dried or made',
      'Date must be a date',
    ])
      expect(text).toContain(message);
    const fraction = await client.postForm(path, {
      intent: 'receive',
      quantity: '2.5',
      dateKind: 'made',
      preparedOn: today(),
    });
    expect(fraction.status).toBe(400);
    expect(await fraction.text()).toContain('Units are counted whole: enter a whole number.');
    expect(await product(feed.id)).toMatchObject({ stockUnit: 'unit', stockOnHand: 0 });

    // A unit of feed is a bag: 3 bags received are 3 to sell, whatever they weigh.
    await client.postForm(path, { intent: 'receive', quantity: '3', dateKind: 'made', preparedOn: today() });
    expect(await product(feed.id)).toMatchObject({ stockOnHand: 3, inStock: true });
    const stillCounted = await client.postForm(path, { intent: 'counting', stockUnit: 'none' });
    expect(stillCounted.status).toBe(409);
    expect(await stillCounted.text()).toContain(
      '3 units of this product is still in stock or held by orders',
    );
  });

  it('the stock page lists what runs low and what passes its best-before soon', async () => {
    const crayfish = await newProduct('Crayfish (Stock Test)', 500);
    const path = `/admin/stock/${crayfish.id}`;
    await client.postForm(path, { intent: 'counting', stockUnit: 'kg' });
    await client.postForm(path, {
      intent: 'receive',
      quantity: '1.5',
      dateKind: 'dried',
      preparedOn: addDays(today(), -20),
      bestBefore: addDays(today(), 1),
    });
    const html = await (await client.get('/admin/stock')).text();
    const low = html.slice(html.indexOf('id="low-stock"'), html.indexOf('id="expiring"'));
    expect(low).toContain('Crayfish (Stock Test)');
    expect(low).toContain('1.5 kg left to sell');
    const expiring = html.slice(html.indexOf('id="expiring"'), html.indexOf('id="counted"'));
    expect(expiring).toContain('Crayfish (Stock Test)');
    expect(expiring).toContain('1.5 kg');
  });
});
