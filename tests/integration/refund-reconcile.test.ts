import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActor, type AdminActor } from '#core/roles';
import { settlePayment } from '#core/checkout/settle';
import { changeOrder } from '#core/orders/lifecycle';
import {
  carryOutRefund,
  reconcileRefunds,
  REFUND_RECONCILE_AFTER_MS,
  refundMessage,
} from '#core/orders/refunds';
import { decideDemoPayment } from '#core/payments/demo';
import * as schema from '#db/schema';
import { ADMIN_EMAIL } from '../support/constants';
import { createCheckoutShopper, placeCatfishOrder } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// A demo refund interrupted by a crash (the provider had
// refunded, our transaction had not committed) read 'failed' on the retry, told the admin "nothing was
// refunded", and the customer was never told. The refund job now asks the provider first, and a job
// reconciles refunds left 'requested'.
let server: TestServer;
let admin: AdminActor;
beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: '0' } });
  const [row] = await server.database.db.select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
});
afterAll(() => server.close());

const db = () => server.database.db;
const deps = () => server.services.checkout;

/** A paid demo order whose full refund was claimed, and which the provider refunded before we crashed. */
async function refundedAtTheProviderOnly() {
  const shopper = await createCheckoutShopper(server.services);
  const placed = await placeCatfishOrder(server.services, shopper.id);
  await decideDemoPayment(db(), placed.reference, 'success');
  expect(await settlePayment(deps(), placed.reference)).toBe('paid');
  // The claim, as the Refund button makes it (without its job, which "died").
  await db().transaction((tx) =>
    changeOrder(
      tx,
      deps(),
      { id: placed.orderId },
      { kind: 'refund-request', amountKobo: placed.totalKobo, reason: 'cancelled' },
      { admin },
    ),
  );
  // The provider refunded; the process was killed before recording its answer.
  await deps().payments.refund(placed.reference, placed.totalKobo);
  return { shopper, placed };
}

async function stateOf(orderId: string) {
  const [order] = await db().select().from(schema.orders).where(eq(schema.orders.id, orderId));
  const events = await db()
    .select({ kind: schema.orderEvents.kind })
    .from(schema.orderEvents)
    .where(and(eq(schema.orderEvents.orderId, orderId), eq(schema.orderEvents.kind, 'refunded')));
  return { order: order!, refundedEvents: events.length };
}

describe('refunds the provider made that we never recorded', () => {
  it('the retried refund job asks first: it records the refund, tells the customer once, never "failed"', async () => {
    const { shopper, placed } = await refundedAtTheProviderOnly();
    await carryOutRefund(deps(), { orderId: placed.orderId, amountKobo: placed.totalKobo });
    // A second retry (the queue's) changes nothing more.
    await carryOutRefund(deps(), { orderId: placed.orderId, amountKobo: placed.totalKobo });
    const { order, refundedEvents } = await stateOf(placed.orderId);
    expect(order).toMatchObject({
      status: 'cancelled',
      cancelReason: 'refunded',
      refundStatus: 'processed',
      refundedKobo: placed.totalKobo,
      refundingKobo: 0,
      refundFailure: null,
    });
    expect(refundedEvents).toBe(1);
    const message = refundMessage(placed.orderId, deps().formatMoney(placed.totalKobo));
    const notes = await db()
      .select({ message: schema.notifications.message })
      .from(schema.notifications)
      .where(eq(schema.notifications.userId, shopper.id));
    expect(notes.filter((n) => n.message === message)).toHaveLength(1);
  });

  it('the every-minute job reconciles a refund left requested for minutes, and leaves a recent one alone', async () => {
    const { placed } = await refundedAtTheProviderOnly();
    const now = new Date();
    expect(await reconcileRefunds(deps(), now)).toBe(0);
    expect((await stateOf(placed.orderId)).order.refundStatus).toBe('requested');
    const later = new Date(now.getTime() + REFUND_RECONCILE_AFTER_MS + 1000);
    expect(await reconcileRefunds(deps(), later)).toBeGreaterThanOrEqual(1);
    const { order, refundedEvents } = await stateOf(placed.orderId);
    expect(order).toMatchObject({ refundStatus: 'processed', refundedKobo: placed.totalKobo });
    expect(refundedEvents).toBe(1);
    expect(await reconcileRefunds(deps(), later)).toBe(0);
  });
  it('after a partial refund already recorded, the next one the provider made is recorded with its own reference, not asked again', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const placed = await placeCatfishOrder(server.services, shopper.id);
    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(deps(), placed.reference)).toBe('paid');
    const claim = (amountKobo: number) =>
      db().transaction((tx) =>
        changeOrder(
          tx,
          deps(),
          { id: placed.orderId },
          { kind: 'refund-request', amountKobo, reason: 'short_weight' },
          { admin },
        ),
      );
    // The first part: asked, refunded and recorded.
    await claim(100_000);
    await carryOutRefund(deps(), { orderId: placed.orderId, amountKobo: 100_000 });
    // The second part: the provider refunded it, the process died before recording its answer.
    await claim(200_000);
    const second = await deps().payments.refund(placed.reference, 200_000);
    await carryOutRefund(deps(), { orderId: placed.orderId, amountKobo: 200_000 });

    const atProvider = await deps().payments.refundsOf(placed.reference);
    expect(atProvider.map((r) => r.amountKobo)).toEqual([200_000, 100_000]);
    const { order } = await stateOf(placed.orderId);
    expect(order).toMatchObject({ status: 'pending', refundStatus: 'processed', refundedKobo: 300_000 });
    const rows = await db()
      .select()
      .from(schema.orderRefunds)
      .where(eq(schema.orderRefunds.orderId, placed.orderId))
      .orderBy(schema.orderRefunds.id);
    expect(rows.map((r) => [r.amountKobo, r.status])).toEqual([
      [100_000, 'processed'],
      [200_000, 'processed'],
    ]);
    // The newest of the provider's refunds is the one this request made.
    expect(rows[1]!.providerReference).toBe(second.refundReference);
    expect(order.refundReference).toBe(second.refundReference);
  });
});
