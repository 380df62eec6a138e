import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActor, type AdminActor } from '#core/accounts/roles';
import { settlePayment } from '#core/checkout/settle';
import {
  carryOutRefund,
  REFUND_REFUSED,
  REFUND_WAITING,
  refundMessage,
  refundOrder,
  settleRefund,
} from '#core/orders/refunds';
import { decideDemoPayment } from '#core/payments/demo';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createCheckoutShopper, placeCatfishOrder, signedInClient } from '../support/factories';
import type { HttpClient } from '../support/http-client';
import { startPaystackShop } from '../support/paystack-shop';
import type { PaystackStandIn } from '../support/paystack-stand-in';
import { startTestServer, type TestServer } from '../support/test-server';
import { until } from '../support/wait';

// Issue 12 "Refund": a paid order is refunded once, whatever clicks, admins and webhooks race.
let stand: PaystackStandIn;
let server: TestServer;
let shop: Awaited<ReturnType<typeof startPaystackShop>>;
let admin: AdminActor;
let client: HttpClient;
beforeAll(async () => {
  shop = await startPaystackShop();
  ({ stand, server } = shop);
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
  client = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => shop.close());

const db = () => server.database.db;
const orderById = async (id: string) =>
  (await db().select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
const notesOf = (userId: string) =>
  db().select().from(schema.notifications).where(eq(schema.notifications.userId, userId));

/** A shopper's order paid through the Paystack stand-in and settled. */
async function paidOrder() {
  const shopper = await createCheckoutShopper(server.services);
  const placed = await placeCatfishOrder(server.services, shopper.id);
  await stand.complete(placed.reference, 'success', { webhook: false });
  expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
  return { shopper, placed, order: await orderById(placed.orderId) };
}

/** The audit rows about an order (issue 13: a refund is recorded with the refund, never without it). */
const auditOf = (orderId: string) =>
  server.database.db.select().from(schema.adminActivity).where(eq(schema.adminActivity.subjectId, orderId));
const refund = (orderId: string) => client.postForm('/admin/orders', { intent: 'refund', orderId });

/** An admin's refund that Paystack refuses (400): the order's attempt then reads failed. */
async function refusedRefund(orderId: string) {
  stand.refuseRefunds = 400;
  try {
    expect((await refund(orderId)).status).toBe(409);
  } finally {
    stand.refuseRefunds = null;
  }
}

describe('refunding a paid order through Paystack', () => {
  it('asks Paystack once for the total, records it, tells the customer, and settles by the webhook', async () => {
    const { shopper, order } = await paidOrder();
    const response = await refund(order.id);
    expect(response.status).toBe(200);
    expect(stand.refunds.get(order.paymentReference)).toMatchObject({
      amount: order.totalKobo,
      status: 'pending',
    });
    expect(await orderById(order.id)).toMatchObject({
      refundStatus: 'pending',
      refundedKobo: order.totalKobo,
    });
    const message = refundMessage(order.id, server.services.checkout.formatMoney(order.totalKobo));
    const notes = (await notesOf(shopper.id)).map((n) => n.message);
    expect(notes.filter((m) => m === message)).toHaveLength(1);
    await server.jobsDone();
    expect(server.mailer.lastTo(shopper.email)?.text).toContain(message);
    expect(await auditOf(order.id)).toEqual([
      expect.objectContaining({
        action: 'refunded',
        adminId: admin.id,
        before: expect.objectContaining({ status: 'pending' }),
        after: expect.objectContaining({ refundStatus: 'requested', refundingKobo: order.totalKobo }),
      }),
    ]);
    // Refunded in full (Paystack accepted it): the order is cancelled (it read "Pending · Paid"), and can
    // no longer be shipped.
    expect(await orderById(order.id)).toMatchObject({ status: 'cancelled', cancelReason: 'refunded' });
    const ship = await client.postForm('/admin/orders', {
      intent: 'status',
      orderId: order.id,
      status: 'shipped',
    });
    expect(ship.status).toBe(409);
    expect((await orderById(order.id)).status).toBe('cancelled');

    expect(await stand.finishRefund(order.paymentReference, 'processed')).toBe(200);
    expect((await orderById(order.id)).refundStatus).toBe('processed');
    // A duplicate webhook changes nothing; a second refund is refused.
    expect(await stand.finishRefund(order.paymentReference, 'processed')).toBe(200);
    const again = await refund(order.id);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(REFUND_REFUSED.done);
    // The paid order stays paid in the books.
    expect(await settlePayment(server.services.checkout, order.paymentReference)).toBe('paid');
  });

  it('a double click (two requests at once) refunds once', async () => {
    const { shopper, order } = await paidOrder();
    const answers = await Promise.all([refund(order.id), refund(order.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(
      [...stand.refunds.values()].filter((r) => r.transactionReference === order.paymentReference),
    ).toHaveLength(1);
    const message = refundMessage(order.id, server.services.checkout.formatMoney(order.totalKobo));
    expect((await notesOf(shopper.id)).filter((n) => n.message === message)).toHaveLength(1);
    expect(await auditOf(order.id)).toHaveLength(1);
  });

  it('a webhook that arrives before the button has its answer is not undone by it', async () => {
    const { shopper, order } = await paidOrder();
    const paystack = server.services.checkout.payments;
    const racing = {
      ...server.services.checkout,
      payments: Object.assign(Object.create(Object.getPrototypeOf(paystack)), paystack, {
        refund: async (reference: string, amount: number) => {
          const started = await paystack.refund(reference, amount);
          await stand.finishRefund(reference, 'processed');
          return started;
        },
      }),
    };
    // The refund job, run with a provider whose webhook overtakes its own answer.
    await db()
      .update(schema.orders)
      .set({ refundStatus: 'requested', refundingKobo: order.totalKobo })
      .where(eq(schema.orders.id, order.id));
    await carryOutRefund(racing, { orderId: order.id, amountKobo: order.totalKobo });
    expect((await orderById(order.id)).refundStatus).toBe('processed');
    const message = refundMessage(order.id, server.services.checkout.formatMoney(order.totalKobo));
    expect((await notesOf(shopper.id)).filter((n) => n.message === message)).toHaveLength(1);
  });

  it('while Paystack cannot be reached the refund stays requested, and the queue asks again until it can', async () => {
    const { shopper, order } = await paidOrder();
    stand.refuseRefunds = 500;
    try {
      const waiting = await refund(order.id);
      expect(waiting.status).toBe(200);
      const body = await waiting.text();
      expect(body).toContain('Refund Requested');
      expect(body).toContain(REFUND_WAITING);
      expect((await orderById(order.id)).refundStatus).toBe('requested');
      // Asked for once: a second click is refused while the first is under way.
      const second = await refund(order.id);
      expect(second.status).toBe(409);
      expect(await second.text()).toContain(REFUND_REFUSED.inProgress);
    } finally {
      stand.refuseRefunds = null;
    }
    expect((await notesOf(shopper.id)).some((n) => n.message.includes('refunded'))).toBe(false);
    expect(stand.refunds.has(order.paymentReference)).toBe(false);
    expect(await auditOf(order.id)).toHaveLength(1);

    // Paystack is back: the retry (its backoff cut short here) refunds, and the customer is told once.
    await db().execute(
      sql`update pgboss.job set start_after = now() where name = 'refund' and data->>'orderId' = ${order.id}`,
    );
    await until(async () => (await orderById(order.id)).refundStatus === 'pending', 'the retried refund');
    expect(stand.refunds.get(order.paymentReference)).toMatchObject({ amount: order.totalKobo });
    const message = refundMessage(order.id, server.services.checkout.formatMoney(order.totalKobo));
    expect((await notesOf(shopper.id)).filter((n) => n.message === message)).toHaveLength(1);
  });

  it('a refusal for good says so as a 409 with Paystack’s reason, and the admin may try again', async () => {
    const { order } = await paidOrder();
    stand.refuseRefunds = 400;
    try {
      const refused = await refund(order.id);
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain(
        'The payment provider refused this refund, so nothing was refunded: Refund could not be processed',
      );
    } finally {
      stand.refuseRefunds = null;
    }
    expect(await orderById(order.id)).toMatchObject({
      refundStatus: 'failed',
      refundFailure: 'Refund could not be processed',
      refundedKobo: null,
    });
    expect((await refund(order.id)).status).toBe(200);
    expect(await orderById(order.id)).toMatchObject({
      refundStatus: 'pending',
      refundedKobo: order.totalKobo,
    });
  });

  it('an order that lost track of its refund asks Paystack first: the refund is recorded, not refused', async () => {
    const { order } = await paidOrder();
    expect((await refund(order.id)).status).toBe(200);
    // As if the answer had been lost: Paystack would refuse a second refund ("fully reversed").
    await db()
      .update(schema.orders)
      .set({ refundStatus: null, refundedKobo: null, refundingKobo: 0 })
      .where(eq(schema.orders.id, order.id));
    const again = await refund(order.id);
    expect(again.status).toBe(200);
    expect(await orderById(order.id)).toMatchObject({
      refundStatus: 'pending',
      refundedKobo: order.totalKobo,
      refundFailure: null,
    });
    expect(stand.refunds.get(order.paymentReference)).toMatchObject({ amount: order.totalKobo });
  });

  it('a refund Paystack processed while our own attempt reads failed (the crash gap) is recorded, and the customer told once', async () => {
    const { shopper, order } = await paidOrder();
    expect((await refund(order.id)).status).toBe(200);
    const message = refundMessage(order.id, server.services.checkout.formatMoney(order.totalKobo));
    // As if the process had died after Paystack accepted and before our transaction committed, and the
    // job's retry had been refused ("fully reversed"): nothing of the accepted refund is on record.
    await db()
      .update(schema.orders)
      .set({
        refundStatus: 'failed',
        refundFailure: 'Transaction has been fully reversed',
        refundReference: null,
        refundedKobo: null,
      })
      .where(eq(schema.orders.id, order.id));
    await db().delete(schema.notifications).where(eq(schema.notifications.message, message));
    await db()
      .delete(schema.orderEvents)
      .where(sql`${schema.orderEvents.orderId} = ${order.id} and ${schema.orderEvents.kind} = 'refunded'`);

    expect(await stand.finishRefund(order.paymentReference, 'processed')).toBe(200);
    expect(await orderById(order.id)).toMatchObject({
      refundStatus: 'processed',
      refundFailure: null,
      refundedKobo: order.totalKobo,
      refundReference: String(stand.refunds.get(order.paymentReference)!.id),
    });
    expect((await notesOf(shopper.id)).filter((n) => n.message === message)).toHaveLength(1);
    const events = await db()
      .select()
      .from(schema.orderEvents)
      .where(eq(schema.orderEvents.orderId, order.id));
    expect(events.filter((e) => e.kind === 'refunded')).toHaveLength(1);
    // The duplicate event changes nothing more.
    expect(await stand.finishRefund(order.paymentReference, 'processed')).toBe(200);
    expect((await notesOf(shopper.id)).filter((n) => n.message === message)).toHaveLength(1);
  });

  it('a refund.failed event never turns a failed attempt into a refund', async () => {
    const { order } = await paidOrder();
    await refusedRefund(order.id);
    expect(await settleRefund(server.services.checkout, order.paymentReference, 'failed', { id: '1' })).toBe(
      false,
    );
    expect((await orderById(order.id)).refundStatus).toBe('failed');
  });

  it('a late event about an earlier, failed attempt does not settle the new one', async () => {
    const { order } = await paidOrder();
    await refusedRefund(order.id);
    expect((await orderById(order.id)).refundStatus).toBe('failed');
    expect((await refund(order.id)).status).toBe(200);
    const current = await orderById(order.id);
    expect(current.refundStatus).toBe('pending');
    expect(
      await settleRefund(server.services.checkout, order.paymentReference, 'failed', {
        id: 'some-earlier-refund',
      }),
    ).toBe(false);
    expect((await orderById(order.id)).refundStatus).toBe('pending');
    expect(
      await settleRefund(server.services.checkout, order.paymentReference, 'processed', {
        id: current.refundReference!,
      }),
    ).toBe(true);
  });

  it('a processed event while our own request has no answer yet is checked with Paystack, not trusted', async () => {
    const { shopper, order } = await paidOrder();
    // Asked for (the job has not reached Paystack): an event about some other refund arrives.
    await db()
      .update(schema.orders)
      .set({ refundStatus: 'requested', refundingKobo: order.totalKobo, refundRequestedAt: new Date() })
      .where(eq(schema.orders.id, order.id));
    expect(
      await settleRefund(server.services.checkout, order.paymentReference, 'processed', {
        id: '424242',
        amountKobo: order.totalKobo,
      }),
    ).toBe(false);
    // Paystack has no refund of it: nothing is recorded, nobody is told, and the job will still ask.
    expect(await orderById(order.id)).toMatchObject({ refundStatus: 'requested', refundedKobo: null });
    const message = refundMessage(order.id, server.services.checkout.formatMoney(order.totalKobo));
    expect((await notesOf(shopper.id)).filter((n) => n.message === message)).toHaveLength(0);
  });

  it('refuses an unpaid order', async () => {
    const shopper = await createCheckoutShopper(server.services);
    const placed = await placeCatfishOrder(server.services, shopper.id);
    const response = await refund(placed.orderId);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(REFUND_REFUSED.notPaid);
    expect(stand.refunds.has(placed.reference)).toBe(false);
  });
});

describe('refunding with the demo provider', () => {
  it('records the refund locally at once, and only once', async () => {
    const demo = await startTestServer({ env: { PAGE_CACHE_SECONDS: '0' } });
    try {
      const shopper = await createCheckoutShopper(demo.services);
      const placed = await placeCatfishOrder(demo.services, shopper.id);
      await decideDemoPayment(demo.database.db, placed.reference, 'success');
      await settlePayment(demo.services.checkout, placed.reference);
      const [row] = await demo.database.db
        .select()
        .from(schema.user)
        .where(eq(schema.user.email, ADMIN_EMAIL));
      const demoAdmin = adminActor(row!)!;
      expect(await refundOrder(demo.services.checkout, demoAdmin, placed.orderId)).toBe('processed');
      const [payment] = await demo.database.db
        .select()
        .from(schema.demoPayments)
        .where(eq(schema.demoPayments.reference, placed.reference));
      expect(payment!.refundedKobo).toBe(placed.totalKobo);
      await expect(refundOrder(demo.services.checkout, demoAdmin, placed.orderId)).rejects.toMatchObject({
        status: 409,
        message: REFUND_REFUSED.done,
      });
    } finally {
      await demo.close();
    }
  });
});
