import { and, count, eq, isNotNull } from 'drizzle-orm';
import { safeParse } from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlaceOrderSchema } from '#core/checkout/schemas';
import { expireStaleOrders, settlePayment } from '#core/checkout/settle';
import { placeOrder } from '#core/checkout/place';
import { quoteOrder } from '#core/checkout/quote';
import { decideDemoPayment } from '#core/payments/demo';
import { formatNaira } from '#core/money';
import * as schema from '#db/schema';
import {
  checkoutKey,
  createCheckoutShopper,
  createUser,
  productNamed,
  signedInClient,
} from '../support/factories';
import { HttpClient, locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '200', PAGE_CACHE_SECONDS: '0' } });
});
afterAll(() => server.close());

const naira = (n: number) => n * 100;
const db = () => server.database.db;
const deps = () => server.services.checkout;

async function freeDelivery() {
  const [code] = await db()
    .select()
    .from(schema.discountCodes)
    .where(eq(schema.discountCodes.code, 'FREEDELIVERY'));
  return code!;
}

async function orderByReference(reference: string) {
  const [order] = await db()
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.paymentReference, reference));
  return order!;
}

async function notificationsOf(userId: string) {
  return db().select().from(schema.notifications).where(eq(schema.notifications.userId, userId));
}

describe('placing an order: the server prices everything', () => {
  it('ignores prices the browser sends and charges database prices, delivery and weight', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const catfish = await productNamed(db(), 'Smoked Bonga Fish');
    const feed = await productNamed(db(), 'Floating Fish Feed 2 mm (15 kg)');
    const tampered = {
      idempotencyKey: checkoutKey(),
      items: [
        { productId: catfish.id, quantity: 2, priceKobo: 1 },
        { productId: feed.id, quantity: 1, priceKobo: 1 },
      ],
      deliveryMethod: 'standard',
      deliveryLocation: 'port harcourt',
      totalKobo: 100,
      subtotalKobo: 100,
    };
    const parsed = safeParse(PlaceOrderSchema, tampered);
    expect(parsed.success).toBe(true);
    const placed = await placeOrder(deps(), shopper.id, parsed.data!);
    const order = await orderByReference(placed.reference);
    const subtotal = 2 * catfish.priceKobo + feed.priceKobo;
    expect(order).toMatchObject({
      subtotalKobo: subtotal,
      deliveryFeeKobo: naira(2_500),
      totalKobo: subtotal + naira(2_500),
      totalWeightGrams: 2 * 1000 + 15_000,
      paymentStatus: 'pending',
      status: 'pending',
      // Typed in any case, kept in the delivery list's spelling (decision 056).
      deliveryLocation: 'Port Harcourt',
      shippingAddress: '12 Aba Road',
    });
    const items = await db().select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.id));
    expect(items.map((i) => [i.productName, i.quantity, i.unitPriceKobo, i.totalPriceKobo])).toEqual(
      expect.arrayContaining([
        ['Smoked Bonga Fish', 2, catfish.priceKobo, 2 * catfish.priceKobo],
        ['Floating Fish Feed 2 mm (15 kg)', 1, feed.priceKobo, feed.priceKobo],
      ]),
    );
    expect(placed.authorizationUrl).toBe(`${server.url}/checkout/demo/${placed.reference}`);
  });

  it('over HTTP too: a tampered total in the request body changes nothing', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const client = await signedInClient(server, shopper.email);
    const croaker = await productNamed(db(), 'Croaker Fish (Fresh)');
    const response = await client.postJson('/checkout', {
      idempotencyKey: checkoutKey(),
      items: [{ productId: croaker.id, quantity: 3, priceKobo: 1 }],
      deliveryMethod: 'express',
      deliveryLocation: 'Lagos',
      totalKobo: 1,
    });
    expect(response.status).toBe(200);
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.userId, shopper.id));
    expect(order).toMatchObject({
      subtotalKobo: 3 * croaker.priceKobo,
      deliveryFeeKobo: naira(8_000),
      totalKobo: 3 * croaker.priceKobo + naira(8_000),
    });
  });

  it('quotes a cart with the code’s verdict, only for a signed-in shopper, and refuses a bad body', async () => {
    const croaker = await productNamed(db(), 'Croaker Fish (Fresh)');
    const order = {
      items: [{ productId: croaker.id, quantity: 2, priceKobo: 1 }],
      deliveryMethod: 'standard',
      deliveryLocation: 'Lagos',
      discountCode: 'fresh10',
    };
    const guest = await new HttpClient(server.url).postJson('/api/checkout/quote', order);
    expect(guest.status).toBe(401);
    expect(await guest.json()).toMatchObject({
      ok: false,
      error: { title: 'Authentication Error', message: 'You must be logged in to complete this purchase.' },
    });
    const shopper = await createCheckoutShopper(server.services);
    const client = await signedInClient(server, shopper.email);
    const quote = await client.postJson('/api/checkout/quote', order);
    expect(quote.status).toBe(200);
    const subtotal = 2 * croaker.priceKobo;
    expect(await quote.json()).toMatchObject({
      ok: true,
      price: { subtotalKobo: subtotal, discountKobo: subtotal / 10 },
      discount: { ok: true, toast: { title: 'Discount Applied', description: '10% discount applied!' } },
    });
    for (const body of [
      { ...order, items: [] },
      { ...order, deliveryMethod: 'drone' },
    ]) {
      const refused = await client.postJson('/api/checkout/quote', body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ ok: false, error: { message: expect.any(String) } });
    }
    const notJson = await client.postJson('/checkout', 'x');
    expect(notJson.status).toBe(400);
  });

  it('refuses an incomplete profile, listing what is missing', async () => {
    const shopper = await createUser(server.services);
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    await expect(
      placeOrder(deps(), shopper.id, {
        idempotencyKey: checkoutKey(),
        items: [{ productId: catfish.id, quantity: 1 }],
        deliveryMethod: 'standard',
        deliveryLocation: 'Lagos',
      }),
    ).rejects.toThrow(
      'Please complete your profile before paying: Phone number, Delivery address, Location.',
    );
  });

  it('refuses more than 999 of one product, even spread over several lines', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    await expect(
      placeOrder(deps(), shopper.id, {
        idempotencyKey: checkoutKey(),
        items: [
          { productId: catfish.id, quantity: 999 },
          { productId: catfish.id, quantity: 999 },
        ],
        deliveryMethod: 'standard',
        deliveryLocation: 'Lagos',
      }),
    ).rejects.toThrow('You can order at most 999 of one product.');
  });

  it('refuses a product that is out of stock or gone, and a pickup with no pickup point', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const barracuda = await productNamed(db(), 'Barracuda Steaks');
    await expect(
      placeOrder(deps(), shopper.id, {
        idempotencyKey: checkoutKey(),
        items: [{ productId: barracuda.id, quantity: 1 }],
        deliveryMethod: 'standard',
        deliveryLocation: 'Lagos',
      }),
    ).rejects.toThrow('Barracuda Steaks is out of stock.');
    await expect(
      placeOrder(deps(), shopper.id, {
        idempotencyKey: checkoutKey(),
        items: [{ productId: 999_999, quantity: 1 }],
        deliveryMethod: 'standard',
        deliveryLocation: 'Lagos',
      }),
    ).rejects.toThrow('no longer sold');
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    await expect(
      placeOrder(deps(), shopper.id, {
        idempotencyKey: checkoutKey(),
        items: [{ productId: catfish.id, quantity: 1 }],
        deliveryMethod: 'pickup',
        deliveryLocation: 'Lagos',
      }),
    ).rejects.toThrow('Please choose a pickup location.');
    await expect(
      placeOrder(deps(), shopper.id, {
        idempotencyKey: checkoutKey(),
        items: [{ productId: catfish.id, quantity: 1 }],
        deliveryMethod: 'pickup',
        deliveryLocation: 'Lagos',
        pickupLocation: 'My house',
      }),
    ).rejects.toThrow('Please choose one of the pickup points for Lagos.');
    // Where no pickup points are listed, a typed one is accepted (spec §5).
    const placed = await placeOrder(deps(), shopper.id, {
      idempotencyKey: checkoutKey(),
      items: [{ productId: catfish.id, quantity: 1 }],
      deliveryMethod: 'pickup',
      deliveryLocation: 'Kano',
      pickupLocation: 'Sabon Gari market gate',
    });
    expect(await orderByReference(placed.reference)).toMatchObject({
      pickupLocation: 'Sabon Gari market gate',
      deliveryFeeKobo: naira(1_000),
    });
  });

  it('refuses a code with the spec’s message and creates nothing', async () => {
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    const before = (await freeDelivery()).usedCount;
    await expect(
      placeOrder(deps(), shopper.id, {
        idempotencyKey: checkoutKey(),
        items: [{ productId: catfish.id, quantity: 1 }],
        deliveryMethod: 'standard',
        deliveryLocation: 'Lagos',
        discountCode: 'freedelivery',
      }),
    ).rejects.toThrow('This discount code is only valid for Port Harcourt deliveries.');
    expect((await freeDelivery()).usedCount).toBe(before);
    expect(await db().select().from(schema.orders).where(eq(schema.orders.userId, shopper.id))).toEqual([]);
  });
});

describe('guessing discount codes', () => {
  const TOO_MANY = 'Too many discount codes tried. Please try again in 15 minutes.';
  const cart = async (discountCode: string) => ({
    items: [{ productId: (await productNamed(db(), 'Live Catfish (Table Size)')).id, quantity: 1 }],
    deliveryMethod: 'standard' as const,
    deliveryLocation: 'Lagos',
    discountCode,
  });

  it('after 20 unknown codes no code is looked up for 15 minutes; codes that exist use no tries', async () => {
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    const client = await signedInClient(server, shopper.email);
    const quote = async (code: string) =>
      (await (await client.postJson('/api/checkout/quote', await cart(code))).json()) as {
        price: { discountKobo: number };
        discount: { ok: boolean; message?: string; toast: { title: string; description: string } };
      };
    for (let i = 1; i <= 20; i++) {
      // A code that exists, applying or not, is not a guess.
      if (i % 5 === 0) {
        expect((await quote('FRESH10')).discount.ok).toBe(true);
        expect((await quote('FREEDELIVERY')).discount.message).toBe(
          'This discount code is only valid for Port Harcourt deliveries.',
        );
      }
      expect((await quote(`GUESS${i}`)).discount.message).toBe('Invalid or expired discount code.');
    }
    const blocked = await quote('FRESH10');
    expect(blocked.discount).toMatchObject({
      ok: false,
      message: TOO_MANY,
      toast: { title: 'Discount Code Error', description: TOO_MANY },
    });
    expect(blocked.price.discountKobo).toBe(0);
    const order = { ...(await cart('FRESH10')), idempotencyKey: checkoutKey() };
    await expect(placeOrder(deps(), shopper.id, order)).rejects.toMatchObject({
      message: TOO_MANY,
      kind: 'too-many-requests',
    });
    expect(await db().select().from(schema.orders).where(eq(schema.orders.userId, shopper.id))).toEqual([]);

    const other = await createCheckoutShopper(server.services, 'Lagos');
    expect((await quoteOrder(deps(), other.id, await cart('FRESH10'))).discount?.ok).toBe(true);
    const later = new Date(Date.now() + 16 * 60_000);
    const afterWindow = await quoteOrder({ ...deps(), now: () => later }, shopper.id, await cart('FRESH10'));
    expect(afterWindow.discount?.ok).toBe(true);
  });

  it('asking again about the same unknown code (a changed location or cart) uses no more tries', async () => {
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    for (let i = 0; i < 30; i++) {
      const quote = await quoteOrder(deps(), shopper.id, {
        ...(await cart(i % 2 ? 'typo10' : ' TYPO10 ')),
        deliveryLocation: i % 3 ? 'Lagos' : 'Abuja',
      });
      expect(quote.discount).toMatchObject({ ok: false, message: 'Invalid or expired discount code.' });
    }
    expect((await quoteOrder(deps(), shopper.id, await cart('FRESH10'))).discount?.ok).toBe(true);
  });

  it('40 guesses sent at once: 20 are looked up, 20 are refused', async () => {
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    const answers = await Promise.all(
      Array.from(
        { length: 40 },
        async (_, i) => (await quoteOrder(deps(), shopper.id, await cart(`RUSH${i}`))).discount,
      ),
    );
    const messages = answers.map((a) => (a && !a.ok ? a.message : 'applied'));
    expect(messages.filter((m) => m === 'Invalid or expired discount code.')).toHaveLength(20);
    expect(messages.filter((m) => m === TOO_MANY)).toHaveLength(20);
  });
});

describe('FREEDELIVERY: 20 uses, never more', () => {
  it('50 concurrent checkouts with the code → exactly 20 reservations', async () => {
    await db()
      .update(schema.discountCodes)
      .set({ usedCount: 0 })
      .where(eq(schema.discountCodes.code, 'FREEDELIVERY'));
    const catfish = await productNamed(db(), 'Smoked Catfish');
    const shoppers = await Promise.all(
      Array.from({ length: 50 }, () => createCheckoutShopper(server.services)),
    );
    const results = await Promise.allSettled(
      shoppers.map((s) =>
        placeOrder(deps(), s.id, {
          idempotencyKey: checkoutKey(),
          items: [{ productId: catfish.id, quantity: 1 }],
          deliveryMethod: 'standard',
          deliveryLocation: 'Port Harcourt',
          discountCode: 'FREEDELIVERY',
        }),
      ),
    );
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(placed).toHaveLength(20);
    expect(new Set(refused.map((r) => (r.reason as Error).message))).toEqual(
      new Set(['This discount code is no longer valid as it reached its usage limit.']),
    );
    const code = await freeDelivery();
    expect(code.usedCount).toBe(20);
    const [withCode] = await db()
      .select({ n: count() })
      .from(schema.orders)
      .where(eq(schema.orders.discountCodeId, code.id));
    expect(withCode!.n).toBe(20);
    // Free delivery: no fee, and the order keeps the waived fee as its discount (spec §9).
    const [one] = await db()
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.discountCodeId, code.id))
      .limit(1);
    expect(one).toMatchObject({
      deliveryFeeKobo: 0,
      discountKobo: naira(2_500),
      totalKobo: catfish.priceKobo,
      // The order records the code as it was (it keeps saying so if the code is deleted).
      discountCode: 'FREEDELIVERY',
      discountType: 'free_delivery',
    });
  });
});

describe('paying with the demo provider', () => {
  async function placeWithCode(discountCode?: string) {
    const shopper = await createCheckoutShopper(server.services);
    const catfish = await productNamed(db(), 'Smoked Catfish');
    const placed = await placeOrder(deps(), shopper.id, {
      idempotencyKey: checkoutKey(),
      items: [{ productId: catfish.id, quantity: 1 }],
      deliveryMethod: 'standard',
      deliveryLocation: 'Port Harcourt',
      discountCode,
    });
    return { shopper, placed };
  }

  it('Pay → verified → paid once, with one notification, one receipt, the code still counted', async () => {
    await db()
      .update(schema.discountCodes)
      .set({ usedCount: 0 })
      .where(eq(schema.discountCodes.code, 'FREEDELIVERY'));
    const { shopper, placed } = await placeWithCode('FREEDELIVERY');
    expect(await settlePayment(deps(), placed.reference)).toBe('pending');
    await decideDemoPayment(db(), placed.reference, 'success');
    const results = await Promise.all([
      settlePayment(deps(), placed.reference),
      settlePayment(deps(), placed.reference),
      settlePayment(deps(), placed.reference),
    ]);
    expect(results).toEqual(['paid', 'paid', 'paid']);
    expect(await orderByReference(placed.reference)).toMatchObject({
      paymentStatus: 'success',
      status: 'pending',
    });
    const notes = await notificationsOf(shopper.id);
    expect(notes.map((n) => n.message)).toEqual([
      `Your order #${placed.orderId.slice(0, 8)} has been received and is being processed.`,
    ]);
    await server.jobsDone();
    expect(
      server.mailer.sent.filter((m) => m.to === shopper.email && m.subject.includes('is confirmed')),
    ).toHaveLength(1);
    expect((await freeDelivery()).usedCount).toBe(1);
  });

  it('marking paid writes one paid event and a receipt of every line, in the order they were placed', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const catfish = await productNamed(db(), 'Smoked Catfish');
    const tilapia = await productNamed(db(), 'Smoked Bonga Fish');
    const placed = await placeOrder(deps(), shopper.id, {
      idempotencyKey: checkoutKey(),
      items: [
        { productId: tilapia.id, quantity: 2 },
        { productId: catfish.id, quantity: 1 },
      ],
      deliveryMethod: 'standard',
      deliveryLocation: 'Port Harcourt',
    });
    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(deps(), placed.reference)).toBe('paid');
    expect(await settlePayment(deps(), placed.reference)).toBe('paid');
    const events = await db()
      .select({ kind: schema.orderEvents.kind })
      .from(schema.orderEvents)
      .where(eq(schema.orderEvents.orderId, placed.orderId));
    expect(events.map((e) => e.kind).sort()).toEqual(['paid', 'placed']);
    await server.jobsDone();
    const receipts = server.mailer.sent.filter(
      (m) => m.to === shopper.email && m.subject.includes('is confirmed'),
    );
    expect(receipts).toHaveLength(1);
    const lines = receipts[0]!.text.split('\n').filter((line) => line.includes(' × '));
    expect(lines).toEqual([
      `2 × ${tilapia.name} — ${formatNaira(tilapia.priceKobo * 2)}`,
      `1 × ${catfish.name} — ${formatNaira(catfish.priceKobo)}`,
    ]);
  });

  it('a paid order says when it was paid and last changed: the moment it happened, for every order', async () => {
    // Statements are built once per database (db/prepared.ts): a time taken when one was built would
    // stamp every later order with it.
    const stamps = [];
    for (let i = 0; i < 2; i++) {
      const { placed } = await placeWithCode();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await decideDemoPayment(db(), placed.reference, 'success');
      expect(await settlePayment(deps(), placed.reference)).toBe('paid');
      const order = await orderByReference(placed.reference);
      expect(order!.updatedAt.getTime()).toBeGreaterThan(order!.createdAt.getTime());
      expect(order!.paidAt!.getTime()).toBeGreaterThan(order!.createdAt.getTime());
      stamps.push(order!.updatedAt.getTime());
    }
    expect(stamps[1]).toBeGreaterThan(stamps[0]!);
  });

  it('Decline → failed, the code reservation released, nothing paid, no notification', async () => {
    await db()
      .update(schema.discountCodes)
      .set({ usedCount: 0 })
      .where(eq(schema.discountCodes.code, 'FREEDELIVERY'));
    const { shopper, placed } = await placeWithCode('FREEDELIVERY');
    expect((await freeDelivery()).usedCount).toBe(1);
    await decideDemoPayment(db(), placed.reference, 'failed');
    expect(await settlePayment(deps(), placed.reference)).toBe('failed');
    expect(await settlePayment(deps(), placed.reference)).toBe('failed');
    expect(await orderByReference(placed.reference)).toMatchObject({
      paymentStatus: 'failed',
      status: 'cancelled',
    });
    expect((await freeDelivery()).usedCount).toBe(0);
    expect(await notificationsOf(shopper.id)).toEqual([]);
  });

  it('a declined or expired order takes no new decision on the demo page', async () => {
    const { shopper, placed } = await placeWithCode();
    const client = await signedInClient(server, shopper.email);
    await client.postForm(`/checkout/demo/${placed.reference}`, { decision: 'decline' });
    const again = await client.postForm(`/checkout/demo/${placed.reference}`, { decision: 'pay' });
    expect(locationOf(again)).toBe(`/checkout/callback?reference=${placed.reference}`);
    expect(await settlePayment(deps(), placed.reference)).toBe('failed');
    expect(await orderByReference(placed.reference)).toMatchObject({ paymentStatus: 'failed', paidAt: null });
    expect(await notificationsOf(shopper.id)).toEqual([]);
  });

  it('only the provider that took an order settles it', async () => {
    const { placed } = await placeWithCode();
    await db()
      .update(schema.orders)
      .set({ paymentProvider: 'paystack' })
      .where(eq(schema.orders.paymentReference, placed.reference));
    expect(await settlePayment(deps(), placed.reference)).toBe('unverified');
    const later = { ...deps(), now: () => new Date(Date.now() + 31 * 60 * 1000) };
    await expireStaleOrders(later);
    expect(await orderByReference(placed.reference)).toMatchObject({ paymentStatus: 'pending' });
  });

  it('an unpaid order older than 30 minutes expires and releases its code', async () => {
    await db()
      .update(schema.discountCodes)
      .set({ usedCount: 0 })
      .where(eq(schema.discountCodes.code, 'FREEDELIVERY'));
    const { placed } = await placeWithCode('FREEDELIVERY');
    const later = { ...deps(), now: () => new Date(Date.now() + 31 * 60 * 1000) };
    expect(await expireStaleOrders({ ...deps() })).toBe(0);
    expect(await expireStaleOrders(later)).toBeGreaterThanOrEqual(1);
    expect(await orderByReference(placed.reference)).toMatchObject({ paymentStatus: 'expired' });
    expect((await freeDelivery()).usedCount).toBe(0);
  });

  it('the demo page and callback work over HTTP: Pay lands on /order-success', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const client = await signedInClient(server, shopper.email);
    const catfish = await productNamed(db(), 'Smoked Catfish');
    const placed = await placeOrder(deps(), shopper.id, {
      idempotencyKey: checkoutKey(),
      items: [{ productId: catfish.id, quantity: 1 }],
      deliveryMethod: 'standard',
      deliveryLocation: 'Abuja',
    });
    const page = await client.get(`/checkout/demo/${placed.reference}`);
    expect(await page.text()).toContain('Demo payment — no money moves');
    const paid = await client.postForm(`/checkout/demo/${placed.reference}`, { decision: 'pay' });
    expect(locationOf(paid)).toBe(`/checkout/callback?reference=${placed.reference}`);
    const callback = await client.get(locationOf(paid)!);
    expect(locationOf(callback)).toBe(`/order-success?reference=${placed.reference}`);
    const success = await client.follow(callback);
    expect((await success.text()).replace(/<!-- -->/g, '')).toContain(
      `Your order #${placed.orderId.slice(0, 8)}`,
    );
  });
});

describe('each shopper sees and changes only their own', () => {
  it('B cannot read or pay A’s order, read A’s notifications, or change A’s profile', async () => {
    const a = await createCheckoutShopper(server.services);
    const b = await createCheckoutShopper(server.services);
    const catfish = await productNamed(db(), 'Smoked Catfish');
    const placed = await placeOrder(deps(), a.id, {
      idempotencyKey: checkoutKey(),
      items: [{ productId: catfish.id, quantity: 1 }],
      deliveryMethod: 'standard',
      deliveryLocation: 'Port Harcourt',
    });
    await decideDemoPayment(db(), placed.reference, 'success');
    await settlePayment(deps(), placed.reference);
    const [noteOfA] = await notificationsOf(a.id);

    const bClient = await signedInClient(server, b.email);
    expect((await bClient.get(`/checkout/demo/${placed.reference}`)).status).toBe(404);
    expect(
      (await bClient.postForm(`/checkout/demo/${placed.reference}`, { decision: 'decline' })).status,
    ).toBe(404);
    expect((await bClient.get(`/checkout/callback?reference=${placed.reference}`)).status).toBe(404);
    const success = await (await bClient.get(`/order-success?reference=${placed.reference}`)).text();
    expect(success).not.toContain(placed.orderId.slice(0, 8));
    const orders = (await (await bClient.get('/account?tab=orders')).text()).replaceAll('&#x27;', "'");
    expect(orders).not.toContain(placed.orderId.slice(0, 8));
    expect(orders).toContain("You haven't placed any orders yet.");
    const notes = await (await bClient.get('/account?tab=notifications')).text();
    expect(notes).toContain('No notifications yet.');

    const markRead = await bClient.postForm('/account?tab=notifications', {
      intent: 'mark-read',
      id: String(noteOfA!.id),
    });
    expect(markRead.status).toBe(404);
    for (const id of ['abc', '1e10', '-1'])
      expect((await bClient.postForm('/account?tab=notifications', { intent: 'mark-read', id })).status).toBe(
        404,
      );
    await bClient.postForm('/account?tab=notifications', { intent: 'mark-all-read' });
    const [stillUnread] = await db()
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.id, noteOfA!.id));
    expect(stillUnread!.isRead).toBe(false);

    const profile = await bClient.postForm('/account?tab=profile', {
      intent: 'profile',
      userId: a.id,
      fullName: 'Changed By B',
      phone: '0800 000 0000',
      address: 'B street',
      location: 'Lagos',
    });
    expect(profile.status).toBe(200);
    const [aRow] = await db().select().from(schema.user).where(eq(schema.user.id, a.id));
    expect(aRow!.name).toBe('Test Shopper');
    const [bRow] = await db().select().from(schema.user).where(eq(schema.user.id, b.id));
    expect(bRow!.name).toBe('Changed By B');
    const [paidOrder] = await db()
      .select()
      .from(schema.orders)
      .where(and(eq(schema.orders.id, placed.orderId), isNotNull(schema.orders.paidAt)));
    expect(paidOrder!.paymentStatus).toBe('success');
  });

  it('a guest sees Sign In Required, with a way back to the account', async () => {
    const html = await (await new HttpClient(server.url).get('/account?tab=orders')).text();
    expect(html).toContain('Sign In Required');
    expect(html).toContain(`href="/login?redirectTo=${encodeURIComponent('/account?tab=orders')}"`);
  });
});
