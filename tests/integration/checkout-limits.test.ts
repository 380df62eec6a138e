import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPPED_CODE_HOLD_MS } from '#core/checkout/deps';
import { placeOrder, UNPAID_ORDERS_LIMIT } from '#core/checkout/place';
import { releaseHeldCodeUses, settlePayment } from '#core/checkout/settle';
import { decideDemoPayment } from '#core/payments/demo';
import * as schema from '#db/schema';
import { checkoutKey, createCheckoutShopper, productNamed, signedInClient } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// A capped code cannot be hoarded by unpaid orders, an account has at most 3 unpaid orders,
// and one checkout submission places one order however often it arrives.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '200', PAGE_CACHE_SECONDS: '0' } });
});
afterAll(() => server.close());

const db = () => server.database.db;
const deps = () => server.services.checkout;

let codes = 0;
async function cappedCode(usageLimit: number) {
  const code = `CAP${++codes}X${usageLimit}`;
  await db().insert(schema.discountCodes).values({ code, type: 'percent', discountPercent: 10, usageLimit });
  return code;
}

async function usedCount(code: string) {
  const [row] = await db().select().from(schema.discountCodes).where(eq(schema.discountCodes.code, code));
  return row!.usedCount;
}

async function ordersOf(userId: string) {
  return db().select().from(schema.orders).where(eq(schema.orders.userId, userId));
}

/** A cart of live catfish; another quantity is another cart (the same cart resumes its waiting order). */
async function cart(discountCode?: string, quantity = 1) {
  const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
  return {
    items: [{ productId: catfish.id, quantity }],
    deliveryMethod: 'pickup' as const,
    deliveryLocation: 'Lagos',
    pickupLocation: 'Yaba Pickup Point, Herbert Macaulay Way',
    ...(discountCode ? { discountCode } : {}),
  };
}

describe('a capped code cannot be hoarded by unpaid orders', () => {
  it('two accounts racing for a 3-use code, ten placements each at once, hold one use each', async () => {
    const code = await cappedCode(3);
    const [a, b] = await Promise.all([
      createCheckoutShopper(server.services, 'Lagos'),
      createCheckoutShopper(server.services, 'Lagos'),
    ]);
    const order = await cart(code);
    const results = await Promise.allSettled(
      [a, b].flatMap((shopper) =>
        Array.from({ length: 10 }, () =>
          placeOrder(deps(), shopper.id, { ...order, idempotencyKey: checkoutKey() }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    for (const shopper of [a, b]) {
      const pending = (await ordersOf(shopper.id)).filter((o) => o.paymentStatus === 'pending');
      // Each new placement released the account's earlier unpaid order with the code.
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ discountUseHeld: true, status: 'pending' });
    }
    expect(await usedCount(code)).toBe(2);

    // The third use is still there for somebody else, and then the code is used up.
    const c = await createCheckoutShopper(server.services, 'Lagos');
    await placeOrder(deps(), c.id, { ...order, idempotencyKey: checkoutKey() });
    expect(await usedCount(code)).toBe(3);
    const d = await createCheckoutShopper(server.services, 'Lagos');
    await expect(placeOrder(deps(), d.id, { ...order, idempotencyKey: checkoutKey() })).rejects.toMatchObject(
      { message: 'This discount code is no longer valid as it reached its usage limit.' },
    );
    expect(await ordersOf(d.id)).toEqual([]);
  });

  it('an unpaid hold on a capped code is released after 10 minutes, for the next buyer; a late payment is honoured', async () => {
    const code = await cappedCode(1);
    const [a, b] = await Promise.all([
      createCheckoutShopper(server.services, 'Lagos'),
      createCheckoutShopper(server.services, 'Lagos'),
    ]);
    const first = await placeOrder(deps(), a.id, { ...(await cart(code)), idempotencyKey: checkoutKey() });
    await expect(
      placeOrder(deps(), b.id, { ...(await cart(code)), idempotencyKey: checkoutKey() }),
    ).rejects.toMatchObject({
      message: 'This discount code is no longer valid as it reached its usage limit.',
    });

    // Not before its time.
    const soon = new Date(Date.now() + CAPPED_CODE_HOLD_MS - 60_000);
    await releaseHeldCodeUses({ ...deps(), now: () => soon });
    expect(await usedCount(code)).toBe(1);

    const later = new Date(Date.now() + CAPPED_CODE_HOLD_MS + 60_000);
    expect(await releaseHeldCodeUses({ ...deps(), now: () => later })).toBeGreaterThanOrEqual(1);
    expect(await usedCount(code)).toBe(0);
    const [held] = await ordersOf(a.id);
    // The order itself can still be paid until it expires.
    expect(held).toMatchObject({ paymentStatus: 'pending', discountUseHeld: false });

    const second = await placeOrder(deps(), b.id, { ...(await cart(code)), idempotencyKey: checkoutKey() });
    expect(await usedCount(code)).toBe(1);

    // A's payment still arrives: it is honoured, and the use is not counted past the limit.
    await decideDemoPayment(db(), first.reference, 'success');
    expect(await settlePayment(deps(), first.reference)).toBe('paid');
    expect(await usedCount(code)).toBe(1);
    const [paid] = await ordersOf(a.id);
    expect(paid).toMatchObject({ paymentStatus: 'success', discountUseHeld: false });
    // B's order keeps its use and pays normally.
    await decideDemoPayment(db(), second.reference, 'success');
    expect(await settlePayment(deps(), second.reference)).toBe('paid');
    expect(await usedCount(code)).toBe(1);
  });

  it('a late payment whose released use still fits under the limit counts it again, and the order holds it', async () => {
    const code = await cappedCode(2);
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    const placed = await placeOrder(deps(), shopper.id, {
      ...(await cart(code)),
      idempotencyKey: checkoutKey(),
    });
    const later = new Date(Date.now() + CAPPED_CODE_HOLD_MS + 60_000);
    await releaseHeldCodeUses({ ...deps(), now: () => later });
    expect(await usedCount(code)).toBe(0);

    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(deps(), placed.reference)).toBe('paid');
    expect(await usedCount(code)).toBe(1);
    const [paid] = await ordersOf(shopper.id);
    expect(paid).toMatchObject({ paymentStatus: 'success', discountUseHeld: true });
    // Settling again changes nothing.
    expect(await settlePayment(deps(), placed.reference)).toBe('paid');
    expect(await usedCount(code)).toBe(1);
  });

  it('leaves holds on codes without a usage limit alone', async () => {
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    await placeOrder(deps(), shopper.id, { ...(await cart('FRESH10')), idempotencyKey: checkoutKey() });
    const later = new Date(Date.now() + CAPPED_CODE_HOLD_MS + 60_000);
    await releaseHeldCodeUses({ ...deps(), now: () => later });
    const [order] = await ordersOf(shopper.id);
    expect(order).toMatchObject({ paymentStatus: 'pending', discountUseHeld: true });
  });
});

describe('an account has at most 3 unpaid orders at once', () => {
  it('refuses the fourth with a clear message, and takes one again once an earlier one is paid', async () => {
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    const placed = [];
    for (let i = 0; i < 3; i++)
      placed.push(
        await placeOrder(deps(), shopper.id, {
          ...(await cart(undefined, i + 1)),
          idempotencyKey: checkoutKey(),
        }),
      );
    await expect(
      placeOrder(deps(), shopper.id, { ...(await cart(undefined, 4)), idempotencyKey: checkoutKey() }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      title: UNPAID_ORDERS_LIMIT.title,
      message: UNPAID_ORDERS_LIMIT.message,
    });
    expect(UNPAID_ORDERS_LIMIT.message).toBe(
      'You already have 3 unpaid orders. Pay for one of them, or wait until it expires (30 minutes after it was placed), before placing another.',
    );
    expect(await ordersOf(shopper.id)).toHaveLength(3);

    await decideDemoPayment(db(), placed[0]!.reference, 'success');
    await settlePayment(deps(), placed[0]!.reference);
    await placeOrder(deps(), shopper.id, { ...(await cart(undefined, 4)), idempotencyKey: checkoutKey() });
    expect(await ordersOf(shopper.id)).toHaveLength(4);
  });

  it('over HTTP the fourth is a 409 with the message, and no order is written', async () => {
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    const client = await signedInClient(server, shopper.email);
    for (let i = 0; i < 3; i++)
      expect(
        (
          await client.postJson('/checkout', {
            ...(await cart(undefined, i + 1)),
            idempotencyKey: checkoutKey(),
          })
        ).status,
      ).toBe(200);
    const fourth = await client.postJson('/checkout', {
      ...(await cart(undefined, 4)),
      idempotencyKey: checkoutKey(),
    });
    expect(fourth.status).toBe(409);
    expect(await fourth.text()).toContain(UNPAID_ORDERS_LIMIT.message);
    expect(await ordersOf(shopper.id)).toHaveLength(3);
  });
});

describe('one order per checkout submission', () => {
  it('ten identical submissions at once with one key place one order', async () => {
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    const client = await signedInClient(server, shopper.email);
    const body = { ...(await cart('FRESH10')), idempotencyKey: checkoutKey() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.postJson('/checkout', body)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const orders = await ordersOf(shopper.id);
    expect(orders).toHaveLength(1);
    // Every answer points at that one order's payment.
    for (const answer of answers) expect(await answer.text()).toContain(orders[0]!.paymentReference);
  });

  it('the same key returns the same order and payment; a changed cart replaces it; a paid one is not placed again', async () => {
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    const key = checkoutKey();
    const first = await placeOrder(deps(), shopper.id, { ...(await cart()), idempotencyKey: key });
    const again = await placeOrder(deps(), shopper.id, { ...(await cart()), idempotencyKey: key });
    expect(again).toEqual(first);

    const feed = await productNamed(db(), 'Floating Fish Feed 2 mm (15 kg)');
    const changed = { ...(await cart()), items: [{ productId: feed.id, quantity: 2 }], idempotencyKey: key };
    const replaced = await placeOrder(deps(), shopper.id, changed);
    expect(replaced.reference).not.toBe(first.reference);
    const [old] = await db()
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.paymentReference, first.reference));
    expect(old).toMatchObject({ paymentStatus: 'expired', status: 'cancelled', idempotencyKey: null });

    await decideDemoPayment(db(), replaced.reference, 'success');
    await settlePayment(deps(), replaced.reference);
    await expect(placeOrder(deps(), shopper.id, changed)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This order has already been paid. You can find it in your account under Orders.',
    });
    const live = await db()
      .select()
      .from(schema.orders)
      .where(and(eq(schema.orders.userId, shopper.id), eq(schema.orders.paymentStatus, 'pending')));
    expect(live).toEqual([]);
  });

  it('after a declined payment the same key places a new order', async () => {
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    const key = checkoutKey();
    const first = await placeOrder(deps(), shopper.id, { ...(await cart()), idempotencyKey: key });
    await decideDemoPayment(db(), first.reference, 'failed');
    expect(await settlePayment(deps(), first.reference)).toBe('failed');
    const retry = await placeOrder(deps(), shopper.id, { ...(await cart()), idempotencyKey: key });
    expect(retry.reference).not.toBe(first.reference);
    expect(await ordersOf(shopper.id)).toHaveLength(2);
  });

  it('refuses a submission without a key, changing nothing', async () => {
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    const client = await signedInClient(server, shopper.email);
    const answer = await client.postJson('/checkout', await cart());
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('Please reload the checkout page and try again.');
    expect(await ordersOf(shopper.id)).toEqual([]);
  });
});
