import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_RATE_CLASH } from '#core/delivery/rates';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { checkoutKey, createCheckoutShopper, productNamed, signedInClient } from '../support/factories';
import { type HttpClient, locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Delivery rates (spec §2 "Delivery Rates", §5 "Delivery rate form", §9).
let server: TestServer;
let client: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
  client = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => server.close());

const db = () => server.database.db;
const rates = () => db().select().from(schema.deliveryRates);
const rateAt = async (location: string, method: 'standard' | 'express' | 'joint' | 'pickup') =>
  (await rates()).find((r) => r.location.toLowerCase() === location.toLowerCase() && r.method === method);
const audit = (subjectId: number) =>
  db()
    .select()
    .from(schema.adminActivity)
    .where(eq(schema.adminActivity.subjectId, String(subjectId)));

const save = (fields: Record<string, string>) =>
  client.postForm('/admin/delivery-rates?edit=new', { intent: 'create', method: 'standard', ...fields });

describe('the delivery rates table', () => {
  it('shows the columns of §2, sorted by location, with pickup chips only for pickup', async () => {
    const html = await (await client.get('/admin/delivery-rates')).text();
    for (const heading of ['Location', 'Method', 'Base Rate (₦)', 'Pickup Locations', 'Actions'])
      expect(html).toContain(`>${heading}</th>`);
    const locations = [
      ...html.matchAll(/<td [^>]*data-label="Location"[^>]*><div[^>]*>([^<]+)<\/div><\/td>/g),
    ].map((m) => m[1]!);
    expect(locations.length).toBe((await rates()).length);
    expect(locations).toEqual([...locations].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    // A standard rate shows '-' where a pickup rate lists its points.
    const cell = (column: string, value: string) =>
      `<td [^>]*data-label="${column}"[^>]*><div[^>]*>${value}</div></td>`;
    expect(html).toMatch(
      new RegExp(
        `Standard Delivery</div></td>${cell('Base Rate \\(₦\\)', '₦[\\d,]+')}${cell('Pickup Locations', '-')}`,
      ),
    );
  });
});

describe('saving a rate', () => {
  it('trims, keeps each pickup point once, and records the change', async () => {
    const response = await save({
      location: '  Warri ',
      method: 'pickup',
      baseRate: '1500',
      pickupLocations: ' Effurun Roundabout \n\n   \neffurun roundabout\nAirport  Road',
    });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe('/admin/delivery-rates');
    const warri = await rateAt('Warri', 'pickup');
    expect(warri).toMatchObject({
      location: 'Warri',
      baseRateKobo: 150_000,
      pickupLocations: ['Effurun Roundabout', 'Airport Road'],
    });
    const list = await (await client.follow(response)).text();
    expect(list).toContain('Delivery rate added successfully');
    expect(list).toContain('>Effurun Roundabout</li>');
    expect(await audit(warri!.id)).toEqual([
      expect.objectContaining({ kind: 'delivery_rate', action: 'created', subjectLabel: 'Warri — Pickup' }),
    ]);
  });

  it('keeps pickup locations only for pickup', async () => {
    await save({ location: 'Sapele', method: 'express', baseRate: '3000', pickupLocations: 'Main Market' });
    expect(await rateAt('Sapele', 'express')).toMatchObject({ pickupLocations: [] });
  });

  it('refuses a blank location, a rate off the ₦100 step, a negative or non-numeric rate, changing nothing', async () => {
    const before = (await rates()).length;
    const cases: [Record<string, string>, string][] = [
      [{ location: '   ', baseRate: '1000' }, 'Location is required'],
      [{ location: 'Onitsha', baseRate: '1550' }, 'Base rate must be in steps of ₦100'],
      [{ location: 'Onitsha', baseRate: '-100' }, 'Base rate must be a number of naira, at least 0'],
      [{ location: 'Onitsha', baseRate: 'cheap' }, 'Base rate must be a number of naira, at least 0'],
      [{ location: 'Onitsha', baseRate: '' }, 'Base rate is required'],
      [{ location: 'Onitsha', baseRate: '1000', method: 'drone' }, 'Please choose a delivery method'],
    ];
    for (const [fields, message] of cases) {
      const response = await save(fields);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect((await rates()).length).toBe(before);
  });

  it('allows one rate per location and method, whatever the case, with a clear message', async () => {
    await save({ location: 'Benin City', method: 'joint', baseRate: '1800' });
    const clash = await save({ location: 'benin city', method: 'joint', baseRate: '2000' });
    expect(clash.status).toBe(409);
    // The place typed is the listed one (issue 48): the message names it in the list's spelling.
    expect(await clash.text()).toContain(DELIVERY_RATE_CLASH('Benin City', 'joint delivery'));
    // Editing another rate into the same place and method is refused too.
    await save({ location: 'Benin City', method: 'express', baseRate: '3500' });
    const express = await rateAt('Benin City', 'express');
    const edit = await client.postForm(`/admin/delivery-rates?edit=${express!.id}`, {
      intent: 'update',
      rateId: String(express!.id),
      location: 'Benin City',
      method: 'joint',
      baseRate: '3500',
    });
    expect(edit.status).toBe(409);
    expect(await rateAt('Benin City', 'express')).toMatchObject({ baseRateKobo: 350_000 });
    // Two admins saving the same new rate at once: one is saved, the other told why not.
    const both = await Promise.all([
      save({ location: 'Calabar', baseRate: '2000' }),
      save({ location: 'Calabar', baseRate: '2100' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([302, 409]);
  });

  it('is used by the very next checkout quote', async () => {
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    const shopperClient = await signedInClient(server, shopper.email);
    const croaker = await productNamed(db(), 'Croaker Fish (Fresh)');
    const quote = async () =>
      (await (
        await shopperClient.postJson('/api/checkout/quote', {
          items: [{ productId: croaker.id, quantity: 1, priceKobo: croaker.priceKobo }],
          deliveryMethod: 'express',
          deliveryLocation: 'Lagos',
        })
      ).json()) as { price: { deliveryFee: { feeKobo: number } } };
    const lagos = await rateAt('Lagos', 'express');
    expect(lagos).toBeDefined();
    const edit = await client.postForm(`/admin/delivery-rates?edit=${lagos!.id}`, {
      intent: 'update',
      rateId: String(lagos!.id),
      location: 'Lagos',
      method: 'express',
      baseRate: '9,100',
    });
    expect(edit.status).toBe(302);
    // Spec §8's words.
    expect(await (await client.follow(edit)).text()).toContain('Delivery rate updated successfully');
    expect((await quote()).price.deliveryFee.feeKobo).toBe(910_000);
    const [row] = await audit(lagos!.id);
    expect(row).toMatchObject({
      action: 'updated',
      before: { baseRateKobo: lagos!.baseRateKobo },
      after: { baseRateKobo: 910_000 },
    });
  });
});

describe("free delivery from an amount, the owner's rule per location and method (decision 045)", () => {
  it('the product page says the seeded rules in the spec’s words, and follows the owner when they change', async () => {
    const croaker = await productNamed(db(), 'Croaker Fish (Fresh)');
    const page = async () => (await client.get(`/products/${croaker.id}`)).text();
    const seeded = await page();
    expect(seeded).toContain('Free delivery within Port Harcourt for orders above ₦50,000');
    expect(seeded).toContain('Same-day delivery for orders before 12pm');

    const standard = (await rateAt('Port Harcourt', 'standard'))!;
    const edit = await client.postForm(`/admin/delivery-rates?edit=${standard.id}`, {
      intent: 'update',
      rateId: String(standard.id),
      location: 'Port Harcourt',
      method: 'standard',
      baseRate: '2500',
      freeFrom: '60,000',
    });
    expect(edit.status).toBe(302);
    expect((await rateAt('Port Harcourt', 'standard'))!.freeFromKobo).toBe(6_000_000);
    const list = await (await client.follow(edit)).text();
    expect(list).toContain('>Free From</th>');
    expect(list).toContain('₦60,000');
    const changed = await page();
    expect(changed).toContain('Free standard delivery within Port Harcourt for orders above ₦60,000');
    expect(changed).toContain('Free express delivery within Port Harcourt for orders above ₦50,000');
    expect(changed).not.toContain('Free delivery within Port Harcourt for orders above ₦50,000');
    expect((await audit(standard.id)).at(-1)).toMatchObject({
      action: 'updated',
      before: { freeFromKobo: 5_000_000 },
      after: { freeFromKobo: 6_000_000 },
    });
  });

  it('refuses an amount that is not whole naira above 0, changing nothing; pickup keeps none', async () => {
    const express = (await rateAt('Port Harcourt', 'express'))!;
    for (const freeFrom of ['0', '-5', 'lots', '100.50']) {
      const refused = await client.postForm(`/admin/delivery-rates?edit=${express.id}`, {
        intent: 'update',
        rateId: String(express.id),
        location: 'Port Harcourt',
        method: 'express',
        baseRate: '4000',
        freeFrom,
      });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(
        'Free delivery from must be a whole number of naira above 0, or left empty',
      );
    }
    expect((await rateAt('Port Harcourt', 'express'))!.freeFromKobo).toBe(5_000_000);
    await save({ location: 'Onitsha', method: 'pickup', baseRate: '500', freeFrom: '20000' });
    expect(await rateAt('Onitsha', 'pickup')).toMatchObject({ freeFromKobo: null });
    await save({ location: 'Onitsha', method: 'standard', baseRate: '3000', freeFrom: '' });
    expect(await rateAt('Onitsha', 'standard')).toMatchObject({ freeFromKobo: null });
  });

  it('checkout charges nothing from the amount, and a free-delivery code is then kept unused', async () => {
    const shopper = await createCheckoutShopper(server.services, 'Port Harcourt');
    const shopperClient = await signedInClient(server, shopper.email);
    const croaker = await productNamed(db(), 'Smoked Croaker');
    // Joint delivery: no slot to book (slots are for express).
    const joint = (await rateAt('Port Harcourt', 'joint'))!;
    // Just enough croaker to reach ₦50,000, and one fewer.
    const enough = Math.ceil(5_000_000 / croaker.priceKobo);
    const order = (quantity: number, discountCode?: string) => ({
      items: [{ productId: croaker.id, quantity, priceKobo: 1 }],
      deliveryMethod: 'joint',
      deliveryLocation: 'Port Harcourt',
      ...(discountCode ? { discountCode } : {}),
    });
    type Quoted = {
      price: { deliveryFee: { feeKobo: number }; freeDelivery: { reached: boolean; shortKobo: number } };
      discount: { ok: boolean; message?: string } | null;
    };
    const quote = async (body: object) =>
      (await (await shopperClient.postJson('/api/checkout/quote', body)).json()) as Quoted;

    const under = await quote(order(enough - 1));
    expect(under.price.deliveryFee.feeKobo).toBeGreaterThanOrEqual(joint.baseRateKobo);
    expect(under.price.freeDelivery).toEqual({
      fromKobo: 5_000_000,
      reached: false,
      shortKobo: 5_000_000 - (enough - 1) * croaker.priceKobo,
    });
    const free = await quote(order(enough, 'freedelivery'));
    expect(free.price.deliveryFee.feeKobo).toBe(0);
    expect(free.discount).toMatchObject({
      ok: false,
      message:
        'Delivery is already free for this order, so this code is not needed. Keep it for another time.',
    });

    const [code] = await db()
      .select()
      .from(schema.discountCodes)
      .where(eq(schema.discountCodes.code, 'FREEDELIVERY'));
    const placed = await shopperClient.postJson('/checkout', {
      idempotencyKey: checkoutKey(),
      ...order(enough, 'FREEDELIVERY'),
    });
    expect(placed.status).toBe(200);
    const [row] = await db().select().from(schema.orders).where(eq(schema.orders.userId, shopper.id));
    expect(row).toMatchObject({
      subtotalKobo: enough * croaker.priceKobo,
      deliveryFeeKobo: 0,
      discountKobo: 0,
      discountCode: null,
      totalKobo: enough * croaker.priceKobo,
    });
    const [after] = await db()
      .select()
      .from(schema.discountCodes)
      .where(eq(schema.discountCodes.code, 'FREEDELIVERY'));
    expect(after!.usedCount).toBe(code!.usedCount);
  });
});

describe('deleting rates', () => {
  it('deletes one (recorded), answers a missing one with 404, and shows the empty state when none are left', async () => {
    const all = await rates();
    for (const rate of all) {
      const response = await client.postForm('/admin/delivery-rates', {
        intent: 'delete',
        rateId: String(rate.id),
      });
      expect(response.status).toBe(302);
      expect(await (await client.follow(response)).text()).toContain('Delivery rate deleted successfully');
    }
    expect(await rates()).toEqual([]);
    expect((await audit(all[0]!.id)).some((r) => r.action === 'deleted')).toBe(true);
    const again = await client.postForm('/admin/delivery-rates', {
      intent: 'delete',
      rateId: String(all[0]!.id),
    });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain('This delivery rate no longer exists.');
    const html = await (await client.get('/admin/delivery-rates')).text();
    expect(html).toContain('No delivery rates');
    expect(html).toContain('Get started by creating a new delivery rate.');
  });
});
