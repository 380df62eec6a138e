import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '#core/checkout/place';
import { SHELF_LIFE_MESSAGE } from '#core/catalog/schemas';
import { adminActor, type AdminActor } from '#core/roles';
import { receiveStock, setStockCounting } from '#core/stock/batches';
import { addDays, shopDay } from '#core/calendar';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { checkoutKey, createCheckoutShopper, productNamed, signedInClient } from '../support/factories';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 48: fresh fish never goes by a method slower than it keeps (the product's own shelf life, else
// its category's), and a buyer's own waiting order is resumed, never a second order nor "sold out".
let server: TestServer;
let admin: AdminActor;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '1000', PAGE_CACHE_SECONDS: '0' } });
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
});
afterAll(() => server.close());

const db = () => server.database.db;
const deps = () => server.services.checkout;

async function ordersOf(userId: string) {
  return db().select().from(schema.orders).where(eq(schema.orders.userId, userId));
}

async function heldOf(productId: number) {
  const [row] = await db().select().from(schema.products).where(eq(schema.products.id, productId));
  return { held: row!.stockHeld, onHand: row!.stockOnHand, inStock: row!.inStock };
}

const PICKUP = { deliveryMethod: 'pickup' as const, pickupLocation: 'Rumuokoro Junction Hub' };

describe('fresh fish goes only by a method that reaches the buyer within its shelf life', () => {
  it('Fresh Tilapia with Smoked Catfish by Joint or Standard is refused with the reason, and nothing is written', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const tilapia = await productNamed(db(), 'Fresh Tilapia');
    const smoked = await productNamed(db(), 'Smoked Catfish');
    const items = [
      { productId: tilapia.id, quantity: 1 },
      { productId: smoked.id, quantity: 1 },
    ];
    for (const [method, words] of [
      ['joint', '3–5 days'],
      ['standard', '2–3 days'],
    ] as const) {
      await expect(
        placeOrder(deps(), shopper.id, {
          idempotencyKey: checkoutKey(),
          items,
          deliveryMethod: method,
          deliveryLocation: 'Lagos',
        }),
      ).rejects.toMatchObject({
        message: `Fresh fish can't wait ${words}: choose Express or Pickup`,
        fieldErrors: { deliveryMethod: [`Fresh fish can't wait ${words}: choose Express or Pickup`] },
      });
    }
    expect(await ordersOf(shopper.id)).toEqual([]);
    // Express to Lagos (no slots there) and pickup are taken.
    await placeOrder(deps(), shopper.id, {
      idempotencyKey: checkoutKey(),
      items,
      deliveryMethod: 'express',
      deliveryLocation: 'Lagos',
    });
    expect(await ordersOf(shopper.id)).toHaveLength(1);
  });

  it('the server refuses a crafted Pay for live catfish by Standard with the sentence (400, never 500)', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const client = await signedInClient(server, shopper.email);
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    const response = await client.postJson('/checkout', {
      idempotencyKey: checkoutKey(),
      items: [{ productId: catfish.id, quantity: 2 }],
      deliveryMethod: 'standard',
      deliveryLocation: 'Port Harcourt',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Fresh fish can't wait 2–3 days: choose Express or Pickup");
    expect(await ordersOf(shopper.id)).toEqual([]);
  });

  it('frozen Titus keeps 3 days (its own figure): Standard is taken, Joint is not; smoked goods go by any method', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const titus = await productNamed(db(), 'Titus Mackerel (Frozen)');
    expect(titus.shelfLifeDays).toBe(3);
    const order = { items: [{ productId: titus.id, quantity: 1 }], deliveryLocation: 'Lagos' };
    await expect(
      placeOrder(deps(), shopper.id, { ...order, idempotencyKey: checkoutKey(), deliveryMethod: 'joint' }),
    ).rejects.toThrow("Fresh fish can't wait 3–5 days: choose Express, Standard or Pickup");
    await placeOrder(deps(), shopper.id, {
      ...order,
      idempotencyKey: checkoutKey(),
      deliveryMethod: 'standard',
    });
    const smoked = await productNamed(db(), 'Smoked Catfish');
    await placeOrder(deps(), shopper.id, {
      idempotencyKey: checkoutKey(),
      items: [{ productId: smoked.id, quantity: 1 }],
      deliveryMethod: 'joint',
      deliveryLocation: 'Lagos',
    });
    expect(await ordersOf(shopper.id)).toHaveLength(2);
  });

  it('the cart reads how long each product keeps', async () => {
    const titus = await productNamed(db(), 'Titus Mackerel (Frozen)');
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    const answer = (await (
      await fetch(`${server.url}/api/products?ids=${titus.id},${catfish.id}`)
    ).json()) as {
      products: { id: number; category: string; shelfLifeDays: number | null }[];
    };
    expect(answer.products).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: titus.id, category: 'fresh', shelfLifeDays: 3 }),
        expect.objectContaining({ id: catfish.id, category: 'fresh', shelfLifeDays: null }),
      ]),
    );
  });

  it('the owner sets it on the product form: a number of days, or empty for the category; anything else is refused', async () => {
    const client = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const [product] = await db()
      .insert(schema.products)
      .values({ name: 'Frozen Croaker Test', priceKobo: 500_000, category: 'fresh' })
      .returning();
    const form = (shelfLifeDays: string) => ({
      intent: 'update',
      productId: String(product!.id),
      name: 'Frozen Croaker Test',
      price: '5000',
      weight: '1',
      category: 'fresh',
      freshness: '4',
      shelfLifeDays,
    });
    expect((await client.postForm(`/admin/products?edit=${product!.id}`, form('4'))).status).toBeLessThan(
      400,
    );
    expect((await productNamed(db(), 'Frozen Croaker Test')).shelfLifeDays).toBe(4);
    for (const bad of ['400', '-1', '1.5', 'two']) {
      const refused = await client.postForm(`/admin/products?edit=${product!.id}`, form(bad));
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(SHELF_LIFE_MESSAGE);
      expect((await productNamed(db(), 'Frozen Croaker Test')).shelfLifeDays).toBe(4);
    }
    expect((await client.postForm(`/admin/products?edit=${product!.id}`, form(''))).status).toBeLessThan(400);
    expect((await productNamed(db(), 'Frozen Croaker Test')).shelfLifeDays).toBeNull();
  });
});

describe("a buyer's own waiting order", () => {
  let made = 0;
  async function lastKilos(kg: string) {
    const [product] = await db()
      .insert(schema.products)
      .values({ name: `Last Catfish ${++made}`, priceKobo: 480_000, category: 'fresh' })
      .returning();
    await setStockCounting(db(), admin, product!.id, 'kg');
    await receiveStock(db(), admin, product!.id, {
      intent: 'receive',
      quantity: kg,
      dateKind: 'caught',
      preparedOn: addDays(shopDay(new Date()), 0),
      bestBefore: null,
      note: null,
    });
    return product!;
  }

  it('a second Pay for the same cart, after a reload or from a second tab with its own key, returns the first order', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const product = await lastKilos('3');
    const cart = {
      items: [{ productId: product.id, quantity: 3 }],
      deliveryLocation: 'Port Harcourt',
      ...PICKUP,
    };
    const first = await placeOrder(deps(), shopper.id, { ...cart, idempotencyKey: checkoutKey() });
    expect(await heldOf(product.id)).toMatchObject({ held: 3000, inStock: false });
    // A reload made a new key; a second tab has its own: the same order, the same hold and reference.
    const [reload, secondTab] = await Promise.all([
      placeOrder(deps(), shopper.id, { ...cart, idempotencyKey: checkoutKey() }),
      placeOrder(deps(), shopper.id, { ...cart, idempotencyKey: checkoutKey() }),
    ]);
    for (const again of [reload, secondTab])
      expect(again).toMatchObject({ orderId: first.orderId, reference: first.reference });
    expect(await ordersOf(shopper.id)).toHaveLength(1);
    expect(await heldOf(product.id)).toMatchObject({ held: 3000 });
  });

  it('its held kilos are the buyer’s own: the cart is not told they are sold out, a guest is', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const product = await lastKilos('2');
    await placeOrder(deps(), shopper.id, {
      idempotencyKey: checkoutKey(),
      items: [{ productId: product.id, quantity: 2 }],
      deliveryLocation: 'Port Harcourt',
      ...PICKUP,
    });
    type Answer = { products: { id: number; inStock: boolean; stockAvailable: number }[] };
    const path = `/api/products?ids=${product.id}`;
    const guest = (await (await new HttpClient(server.url).get(path)).json()) as Answer;
    expect(guest.products[0]).toMatchObject({ inStock: false, stockAvailable: 0 });
    const client = await signedInClient(server, shopper.email);
    const own = (await (await client.get(path)).json()) as Answer;
    expect(own.products[0]).toMatchObject({ inStock: true, stockAvailable: 2000 });
    const other = await createCheckoutShopper(server.services);
    const stranger = (await (await (await signedInClient(server, other.email)).get(path)).json()) as Answer;
    expect(stranger.products[0]).toMatchObject({ inStock: false, stockAvailable: 0 });
  });

  it('the same cart with other choices takes the waiting order’s place and its kilos, never "out of stock"', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const product = await lastKilos('2');
    const items = [{ productId: product.id, quantity: 2 }];
    const first = await placeOrder(deps(), shopper.id, {
      idempotencyKey: checkoutKey(),
      items,
      deliveryLocation: 'Port Harcourt',
      ...PICKUP,
    });
    const changed = await placeOrder(deps(), shopper.id, {
      idempotencyKey: checkoutKey(),
      items,
      deliveryLocation: 'Port Harcourt',
      deliveryMethod: 'pickup',
      pickupLocation: 'Trans-Amadi Cold Room, 14 Trans-Amadi Road',
    });
    expect(changed.orderId).not.toBe(first.orderId);
    const orders = await ordersOf(shopper.id);
    expect(orders.find((o) => o.id === first.orderId)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'replaced',
      holds: 'released',
    });
    expect(orders.find((o) => o.id === changed.orderId)).toMatchObject({
      paymentStatus: 'pending',
      holds: 'held',
    });
    expect(await heldOf(product.id)).toMatchObject({ held: 2000, onHand: 2000 });
    // Another buyer still finds it sold out.
    const other = await createCheckoutShopper(server.services);
    await expect(
      placeOrder(deps(), other.id, {
        idempotencyKey: checkoutKey(),
        items,
        deliveryLocation: 'Port Harcourt',
        ...PICKUP,
      }),
    ).rejects.toThrow(`Last Catfish ${made} is out of stock. Please remove it from your cart.`);
  });

  it('checkout shows the waiting order: the cart’s own to resume, another to pay for or cancel', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const product = await lastKilos('5');
    const placed = await placeOrder(deps(), shopper.id, {
      idempotencyKey: checkoutKey(),
      items: [{ productId: product.id, quantity: 2 }],
      deliveryLocation: 'Port Harcourt',
      ...PICKUP,
    });
    const client = await signedInClient(server, shopper.email);
    const page = await client.get('/checkout.data');
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(placed.reference);
    expect(text).toContain('Rumuokoro Junction Hub');
    // Another buyer's checkout knows nothing of it.
    const other = await createCheckoutShopper(server.services);
    expect(
      await (await (await signedInClient(server, other.email)).get('/checkout.data')).text(),
    ).not.toContain(placed.reference);
  });
});
