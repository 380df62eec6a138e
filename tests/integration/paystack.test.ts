import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choicesOfUnpaidOrder } from '#core/checkout/choices';
import { placeOrder } from '#core/checkout/place';
import { PaystackProvider, isValidPaystackSignature, signPaystackBody } from '#core/payments/paystack';
import * as schema from '#db/schema';
import { checkoutKey, createCheckoutShopper, productNamed, signedInClient } from '../support/factories';
import { locationOf } from '../support/http-client';
import { startPaystackShop } from '../support/paystack-shop';
import { startPaystackStandIn, type PaystackStandIn } from '../support/paystack-stand-in';
import { startTestServer, type TestServer } from '../support/test-server';
import { until } from '../support/wait';

let stand: PaystackStandIn;
let server: TestServer;
let shop: Awaited<ReturnType<typeof startPaystackShop>>;
beforeAll(async () => {
  shop = await startPaystackShop();
  ({ stand, server } = shop);
});
afterAll(() => shop.close());

const db = () => server.database.db;
const order = async (reference: string) =>
  (await db().select().from(schema.orders).where(eq(schema.orders.paymentReference, reference)))[0]!;
const notificationsOf = (userId: string) =>
  db().select().from(schema.notifications).where(eq(schema.notifications.userId, userId));
const freeDeliveryUses = async () =>
  (await db().select().from(schema.discountCodes).where(eq(schema.discountCodes.code, 'FREEDELIVERY')))[0]!
    .usedCount;

async function place(options: { code?: string; pickupLocation?: string } = {}) {
  const shopper = await createCheckoutShopper(server.services);
  const catfish = await productNamed(db(), 'Smoked Catfish');
  const placed = await placeOrder(server.services.checkout, shopper.id, {
    idempotencyKey: checkoutKey(),
    items: [{ productId: catfish.id, quantity: 2 }],
    deliveryMethod: options.pickupLocation ? 'pickup' : 'standard',
    deliveryLocation: 'Port Harcourt',
    pickupLocation: options.pickupLocation,
    discountCode: options.code,
  });
  return { shopper, placed };
}

describe('the Paystack provider speaks the documented protocol', () => {
  it('initializes with the amount in kobo, NGN, our reference, the callback, order metadata and channels', async () => {
    const { placed } = await place();
    const body = stand.initializeBodies.find((b) => b.reference === placed.reference)!;
    expect(body).toMatchObject({
      amount: placed.totalKobo,
      currency: 'NGN',
      reference: placed.reference,
      callback_url: `${server.url}/checkout/callback`,
      channels: ['card', 'bank_transfer', 'ussd'],
      metadata: { order_id: placed.orderId },
    });
    expect(Number.isInteger(body.amount)).toBe(true);
    expect(placed).toMatchObject({ provider: 'paystack', publicKey: 'pk_test_standin' });
    expect(placed.accessCode).toMatch(/^[0-9a-f]{16}$/);
    expect(placed.authorizationUrl).toBe(`${stand.url}/checkout/${placed.accessCode}`);
  });

  it('treats an unknown reference as not found, whether Paystack answers 400 or 404', async () => {
    const provider = new PaystackProvider({
      secretKey: stand.secretKey,
      publicKey: 'pk_test_x',
      baseUrl: stand.url,
    });
    expect(await provider.verify('FC-NOPE-1')).toEqual({ status: 'not_found', reference: 'FC-NOPE-1' });
    stand.notFoundStatus = 404;
    expect(await provider.verify('FC-NOPE-2')).toEqual({ status: 'not_found', reference: 'FC-NOPE-2' });
    stand.notFoundStatus = 400;
  });

  it('checks signatures in constant time over the raw bytes', () => {
    const body = Buffer.from('{"event":"charge.success","data":{"reference":"x"}}');
    const signature = signPaystackBody(body, stand.secretKey);
    expect(isValidPaystackSignature(body, signature, stand.secretKey)).toBe(true);
    expect(isValidPaystackSignature(body, signature, 'sk_test_other')).toBe(false);
    expect(
      isValidPaystackSignature(Buffer.from(body.toString().replace('x', 'y')), signature, stand.secretKey),
    ).toBe(false);
    expect(isValidPaystackSignature(body, 'abc', stand.secretKey)).toBe(false);
    expect(isValidPaystackSignature(body, null, stand.secretKey)).toBe(false);
  });
});

describe('paying through Paystack', () => {
  it('pays via the redirect and the webhook, settled exactly once whatever arrives twice', async () => {
    await db()
      .update(schema.discountCodes)
      .set({ usedCount: 0 })
      .where(eq(schema.discountCodes.code, 'FREEDELIVERY'));
    const { shopper, placed } = await place({ code: 'FREEDELIVERY' });
    const client = await signedInClient(server, shopper.email);

    // The customer pays on Paystack's page: Paystack sends a signed webhook and redirects back.
    const checkout = await fetch(`${stand.url}/checkout/${placed.accessCode}?outcome=success`, {
      redirect: 'manual',
    });
    expect(checkout.headers.get('location')).toBe(
      `${server.url}/checkout/callback?trxref=${placed.reference}&reference=${placed.reference}`,
    );
    await until(
      async () => (await order(placed.reference)).paymentStatus === 'success',
      'the webhook to settle the order',
    );

    const callback = await client.get(
      `/checkout/callback?trxref=${placed.reference}&reference=${placed.reference}`,
    );
    expect(locationOf(callback)).toBe(`/order-success?reference=${placed.reference}`);
    // Replays: the webhook twice more and the callback again.
    expect(await stand.sendWebhook(placed.reference)).toBe(200);
    expect(await stand.sendWebhook(placed.reference)).toBe(200);
    await client.get(`/checkout/callback?reference=${placed.reference}`);
    await server.jobsDone();

    expect(await notificationsOf(shopper.id)).toHaveLength(1);
    expect(await freeDeliveryUses()).toBe(1);
    expect(
      server.mailer.sent.filter((m) => m.to === shopper.email && m.subject.includes('is confirmed')),
    ).toHaveLength(1);
    expect(await order(placed.reference)).toMatchObject({ paymentStatus: 'success' });
  });

  it('refuses a forged webhook with 401 and changes nothing', async () => {
    const { shopper, placed } = await place();
    await stand.complete(placed.reference, 'success', { webhook: false });
    expect(await stand.sendWebhook(placed.reference, { badSignature: true })).toBe(401);
    const unsigned = await fetch(`${server.url}/api/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'charge.success', data: { reference: placed.reference } }),
    });
    expect(unsigned.status).toBe(401);
    await new Promise((r) => setTimeout(r, 200));
    expect(await order(placed.reference)).toMatchObject({ paymentStatus: 'pending' });
    expect(await notificationsOf(shopper.id)).toEqual([]);
  });

  it('does not trust the webhook’s word: a signed event for an unpaid transaction settles nothing', async () => {
    const { shopper, placed } = await place();
    // Still 'abandoned' at Paystack: the handler verifies before settling.
    expect(await stand.sendWebhook(placed.reference)).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await order(placed.reference)).toMatchObject({ paymentStatus: 'pending' });
    expect(await notificationsOf(shopper.id)).toEqual([]);
  });

  it('does not mark paid when the verified amount is not the order total', async () => {
    const { shopper, placed } = await place();
    await stand.complete(placed.reference, 'success', { amount: placed.totalKobo - 100, webhook: false });
    const client = await signedInClient(server, shopper.email);
    const callback = await client.get(`/checkout/callback?reference=${placed.reference}`);
    expect(locationOf(callback)).toBe(`/checkout?reference=${placed.reference}`);
    // The shopper is told the truth: money may have moved and will be refunded.
    const toast = await client.follow(callback);
    expect((await toast.text()).replaceAll('&#x27;', "'")).toContain('Payment could not be matched');
    expect(await order(placed.reference)).toMatchObject({
      paymentStatus: 'failed',
      status: 'cancelled',
      paidAt: null,
    });
    expect(await notificationsOf(shopper.id)).toEqual([]);
  });

  it('a declined card leaves the order unpaid, releases the code and returns to checkout with its choices', async () => {
    await db()
      .update(schema.discountCodes)
      .set({ usedCount: 0 })
      .where(eq(schema.discountCodes.code, 'FREEDELIVERY'));
    const { shopper, placed } = await place({
      code: 'FREEDELIVERY',
      pickupLocation: 'Rumuokoro Junction Hub',
    });
    expect(await freeDeliveryUses()).toBe(1);
    const checkout = await fetch(`${stand.url}/checkout/${placed.accessCode}?outcome=failed`, {
      redirect: 'manual',
    });
    const client = await signedInClient(server, shopper.email);
    const callback = await client.get(
      new URL(checkout.headers.get('location')!).pathname + new URL(checkout.headers.get('location')!).search,
    );
    // Back to checkout naming the declined order, whose choices the page starts from again.
    expect(locationOf(callback)).toBe(`/checkout?reference=${placed.reference}`);
    expect(await order(placed.reference)).toMatchObject({ paymentStatus: 'failed' });
    expect(await freeDeliveryUses()).toBe(0);
    expect(await choicesOfUnpaidOrder(db(), shopper.id, placed.reference)).toEqual({
      deliveryMethod: 'pickup',
      deliveryLocation: 'Port Harcourt',
      pickupLocation: 'Rumuokoro Junction Hub',
      discountCode: 'FREEDELIVERY',
    });
    // Another shopper's reference restores nothing.
    const other = await createCheckoutShopper(server.services);
    expect(await choicesOfUnpaidOrder(db(), other.id, placed.reference)).toBeNull();
  });

  it('closing the popup keeps an open transaction pending, with its code, until it expires', async () => {
    await db()
      .update(schema.discountCodes)
      .set({ usedCount: 0 })
      .where(eq(schema.discountCodes.code, 'FREEDELIVERY'));
    const { shopper, placed } = await place({ code: 'FREEDELIVERY' });
    const client = await signedInClient(server, shopper.email);
    const cancelled = await client.postForm('/checkout/cancel', { reference: placed.reference });
    expect(cancelled.status).toBe(200);
    // Paystack's 'abandoned' is not final: the shopper may still pay from the payment page.
    expect(await order(placed.reference)).toMatchObject({ paymentStatus: 'pending', status: 'pending' });
    expect(await freeDeliveryUses()).toBe(1);
    await stand.complete(placed.reference, 'success', { webhook: false });
    const callback = await client.get(`/checkout/callback?reference=${placed.reference}`);
    expect(locationOf(callback)).toBe(`/order-success?reference=${placed.reference}`);
    expect(await freeDeliveryUses()).toBe(1);
  });

  it('answers an oversized webhook with 413 and a signed non-object with 200, changing nothing', async () => {
    const huge = Buffer.alloc(2 * 1024 * 1024, 'a');
    const tooBig = await fetch(stand.webhookUrl!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody(huge, stand.secretKey),
      },
      body: huge,
    });
    expect(tooBig.status).toBe(413);
    const body = 'null';
    const odd = await fetch(stand.webhookUrl!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody(body, stand.secretKey),
      },
      body,
    });
    expect(odd.status).toBe(200);
  });

  it('an abandoned payment keeps the order pending and says it is waiting', async () => {
    const { shopper, placed } = await place();
    const client = await signedInClient(server, shopper.email);
    const callback = await client.get(`/checkout/callback?reference=${placed.reference}`);
    expect(callback.status).toBe(200);
    expect(await callback.text()).toContain('Waiting for your payment');
    expect(await order(placed.reference)).toMatchObject({ paymentStatus: 'pending' });
  });
});

describe('when Paystack refuses or cannot be reached', () => {
  it('answers Order Processing Error, and writes no order and reserves no code use', async () => {
    const broken = await startTestServer({
      env: {
        PAYSTACK_SECRET_KEY: 'sk_test_wrongkey',
        PAYSTACK_PUBLIC_KEY: 'pk_test_wrongkey',
        PAYSTACK_BASE_URL: stand.url,
        PAGE_CACHE_SECONDS: '0',
      },
    });
    try {
      await broken.database.db
        .update(schema.discountCodes)
        .set({ usedCount: 0 })
        .where(eq(schema.discountCodes.code, 'FREEDELIVERY'));
      const shopper = await createCheckoutShopper(broken.services);
      const catfish = await productNamed(broken.database.db, 'Live Catfish (Table Size)');
      await expect(
        placeOrder(broken.services.checkout, shopper.id, {
          idempotencyKey: checkoutKey(),
          items: [{ productId: catfish.id, quantity: 1 }],
          deliveryMethod: 'pickup',
          deliveryLocation: 'Port Harcourt',
          pickupLocation: 'Rumuokoro Junction Hub',
          discountCode: 'FREEDELIVERY',
        }),
      ).rejects.toThrow('There was an issue creating your order. Please contact support.');
      // The payment is started before the order is written: no order, no reservation.
      const placed = await broken.database.db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.userId, shopper.id));
      expect(placed).toEqual([]);
      const [code] = await broken.database.db
        .select()
        .from(schema.discountCodes)
        .where(eq(schema.discountCodes.code, 'FREEDELIVERY'));
      expect(code!.usedCount).toBe(0);
    } finally {
      await broken.close();
    }
  });
});

describe('when Paystack cannot be reached to verify', () => {
  it('the callback says it is waiting, and the order stays as it was (across the app’s two bundles)', async () => {
    const flaky = await startPaystackStandIn();
    const other = await startTestServer({
      env: {
        PAYSTACK_SECRET_KEY: flaky.secretKey,
        PAYSTACK_PUBLIC_KEY: 'pk_test_flaky',
        PAYSTACK_BASE_URL: flaky.url,
        PAGE_CACHE_SECONDS: '0',
        LOGIN_RATE_LIMIT_MAX: '100',
      },
    });
    try {
      const shopper = await createCheckoutShopper(other.services);
      const catfish = await productNamed(other.database.db, 'Live Catfish (Table Size)');
      const placed = await placeOrder(other.services.checkout, shopper.id, {
        idempotencyKey: checkoutKey(),
        items: [{ productId: catfish.id, quantity: 1 }],
        deliveryMethod: 'pickup',
        deliveryLocation: 'Port Harcourt',
        pickupLocation: 'Rumuokoro Junction Hub',
      });
      const client = await signedInClient(other, shopper.email);
      await flaky.close();
      const callback = await client.get(`/checkout/callback?reference=${placed.reference}`);
      expect(callback.status).toBe(200);
      expect(await callback.text()).toContain('We could not reach the payment provider just now');
      const [still] = await other.database.db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.paymentReference, placed.reference));
      expect(still!.paymentStatus).toBe('pending');
    } finally {
      await other.close();
    }
  });
});
