import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActor } from '#core/roles';
import { CANCEL_MESSAGES } from '#core/checkout/cancel';
import { placeOrder } from '#core/checkout/place';
import { expireStaleOrders, settlePayment } from '#core/checkout/settle';
import { updateOrderStatus } from '#core/orders/management';
import { shopperPaymentState } from '#core/orders/payment-state';
import { userOrderStats } from '#core/orders/service';
import { decideDemoPayment } from '#core/payments/demo';
import * as schema from '#db/schema';
import { ADMIN_EMAIL } from '../support/constants';
import { checkoutKey, createCheckoutShopper, productNamed, signedInClient } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// The shopper's order page, "Pay now" and "Cancel order".
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
});
afterAll(() => server.close());

const db = () => server.database.db;
const orderRow = async (id: string) =>
  (await db().select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;

async function shopperWithOrder(options: { code?: string; quantity?: number } = {}) {
  const shopper = await createCheckoutShopper(server.services);
  const client = await signedInClient(server, shopper.email);
  const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
  const placed = await placeOrder(server.services.checkout, shopper.id, {
    idempotencyKey: checkoutKey(),
    items: [{ productId: catfish.id, quantity: options.quantity ?? 2 }],
    deliveryMethod: 'pickup',
    deliveryLocation: 'Port Harcourt',
    pickupLocation: 'Rumuokoro Junction Hub',
    ...(options.code ? { discountCode: options.code } : {}),
  });
  return { shopper, client, catfish, placed };
}

describe('the order page', () => {
  it('shows the order as bought, its fees, payment and a history that grows as the admin moves it', async () => {
    const { client, catfish, placed } = await shopperWithOrder({ quantity: 60 });
    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
    const [adminRow] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
    const deps = server.services.checkout;
    await updateOrderStatus(deps, adminActor(adminRow!)!, placed.orderId, 'shipped');

    const response = await client.get(`/account/orders/${placed.orderId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const order = await orderRow(placed.orderId);
    for (const text of [
      `Order #${placed.orderId.slice(0, 8)}`,
      catfish.name,
      'Rumuokoro Junction Hub',
      'Port Harcourt',
      order.shippingName,
      order.shippingAddress,
      placed.reference,
      'Payment: <!-- -->Paid',
      'Order placed',
      'Payment received',
      'Shipped',
      'Your order has been shipped and is on its way to you!',
    ])
      expect(html, text).toContain(text);
    // 60 × the catfish's weight, with the fee's 50 kg blocks as checkout showed them.
    const weight = 60 * catfish.weightGrams;
    if (weight > 50_000) expect(html).toContain(`${Math.floor(weight / 50_000)} × 50 kg`);
    expect(html).toContain(`₦${(order.totalKobo / 100).toLocaleString('en-NG')}`);
    // History in order: placed, paid, shipped.
    const history = html.slice(html.indexOf('>History</h2>'));
    const at = (text: string) => history.indexOf(`>${text}</span>`);
    expect(at('Order placed')).toBeGreaterThan(0);
    expect(at('Order placed')).toBeLessThan(at('Payment received'));
    expect(at('Payment received')).toBeLessThan(at('Shipped'));
  });

  it('is 404 for anyone but its owner, and for an id that is no order', async () => {
    const { placed } = await shopperWithOrder();
    const other = await createCheckoutShopper(server.services);
    const otherClient = await signedInClient(server, other.email);
    expect((await otherClient.get(`/account/orders/${placed.orderId}`)).status).toBe(404);
    expect((await otherClient.get('/account/orders/not-an-order')).status).toBe(404);
    const guest = await fetch(`${server.url}/account/orders/${placed.orderId}`, { redirect: 'manual' });
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toContain('/login?redirectTo=');
  });
});

describe('unpaid orders', () => {
  it('"Pay now" resumes the same payment: its reference and page, never a second order', async () => {
    const { shopper, client, placed } = await shopperWithOrder();
    const html = await (await client.get(`/account/orders/${placed.orderId}`)).text();
    expect(html).toContain('Payment: <!-- -->Awaiting');
    const payNow = html.match(/href="([^"]+)"[^>]*>Pay now/)?.[1];
    expect(payNow).toBe(`${server.url}/checkout/demo/${placed.reference}`);
    expect((await client.get(payNow!.replace(server.url, ''))).status).toBe(200);
    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
    const [orders] = await db()
      .select({ n: count() })
      .from(schema.orders)
      .where(eq(schema.orders.userId, shopper.id));
    expect(orders!.n).toBe(1);
    const paid = await (await client.get(`/account/orders/${placed.orderId}`)).text();
    expect(paid).not.toContain('Pay now');
    expect(paid).not.toContain('Cancel order');
  });

  it('"Cancel order" ends it and gives back its discount code use; a paid order is not cancelled', async () => {
    const [code] = await db()
      .insert(schema.discountCodes)
      .values({ code: 'CANCELME', type: 'percent', discountPercent: 10, usageLimit: 5 })
      .returning();
    const { client, placed } = await shopperWithOrder({ code: 'CANCELME' });
    const held = async () =>
      (await db().select().from(schema.discountCodes).where(eq(schema.discountCodes.id, code!.id)))[0]!
        .usedCount;
    expect(await held()).toBe(1);
    const response = await client.postForm(`/account/orders/${placed.orderId}`, { intent: 'cancel' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(CANCEL_MESSAGES.cancelled);
    expect(await held()).toBe(0);
    expect(await orderRow(placed.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'expired',
      cancelReason: 'shopper',
    });
    // It says "Cancelled", and why, on its page and in the list (it read only "Payment: Expired").
    const page = await (await client.get(`/account/orders/${placed.orderId}`)).text();
    expect(page).toContain('>Cancelled — you cancelled it</span>');
    expect(page).toContain('Payment: <!-- -->Not paid');
    const list = await (await client.get('/account?tab=orders')).text();
    expect(list).toContain('>Cancelled — you cancelled it</span>');
    expect(page).toContain('You cancelled this order before paying for it. Nothing was charged.');
    expect(page).not.toContain('Pay now');
    // Twice: refused, nothing given back twice.
    const again = await client.postForm(`/account/orders/${placed.orderId}`, { intent: 'cancel' });
    expect(again.status).toBe(409);
    expect(await held()).toBe(0);

    // Paid meanwhile (the provider says so when asked): kept, not cancelled.
    const { client: payer, placed: paidOrder } = await shopperWithOrder();
    await decideDemoPayment(db(), paidOrder.reference, 'success');
    const refused = await payer.postForm(`/account/orders/${paidOrder.orderId}`, { intent: 'cancel' });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(CANCEL_MESSAGES.paid);
    expect(await orderRow(paidOrder.orderId)).toMatchObject({ paymentStatus: 'success', status: 'pending' });
    // Someone else's order: as unknown as a made-up one.
    const other = await createCheckoutShopper(server.services);
    const otherClient = await signedInClient(server, other.email);
    const theirs = await otherClient.postForm(`/account/orders/${placed.orderId}`, { intent: 'cancel' });
    expect(theirs.status).toBe(404);
  });

  it('an unpaid order past its 30 minutes reads Expired and is not counted as pending', async () => {
    const { shopper, client, placed } = await shopperWithOrder();
    expect((await userOrderStats(db(), shopper.id)).pending).toBe(1);
    const placedAt = new Date(Date.now() - 31 * 60 * 1000);
    await db().update(schema.orders).set({ createdAt: placedAt }).where(eq(schema.orders.id, placed.orderId));
    expect(shopperPaymentState({ paymentStatus: 'pending', createdAt: placedAt }, new Date())).toBe(
      'expired',
    );
    expect((await userOrderStats(db(), shopper.id)).pending).toBe(0);
    const tab = await (await client.get('/account?tab=orders')).text();
    expect(tab).toContain('>Cancelled — not paid in time</span>');
    expect(tab).toContain('Payment: <!-- -->Not paid');
    expect(tab).toContain(`href="/account/orders/${placed.orderId}"`);
    const page = await (await client.get(`/account/orders/${placed.orderId}`)).text();
    expect(page).toContain('This order was not paid in time, so it was not placed. Nothing was charged.');
    expect(page).not.toContain('Pay now');
    // The expiry job ends it for good, and the history says so.
    expect(await expireStaleOrders(server.services.checkout)).toBeGreaterThanOrEqual(1);
    expect(await orderRow(placed.orderId)).toMatchObject({ paymentStatus: 'expired', status: 'cancelled' });
    const ended = await (await client.get(`/account/orders/${placed.orderId}`)).text();
    expect(ended.slice(ended.indexOf('>History</h2>'))).toContain('>Expired unpaid</span>');
  });
});
