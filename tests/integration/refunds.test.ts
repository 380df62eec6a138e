import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActor, type AdminActor } from '#core/roles';
import { settlePayment } from '#core/checkout/settle';
import {
  carryOutRefund,
  REFUND_FAILED,
  REFUND_NOT_MADE,
  REFUND_REFUSED,
  REFUND_WAITING,
  refundMessage,
  refundOrder,
  settleRefund,
  type RefundJob,
} from '#core/orders/refunds';
import { getOrderForAdmin } from '#core/orders/management';
import { decideDemoPayment } from '#core/payments/demo';
import { queryRows } from '#db/client';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createCheckoutShopper, placeCatfishOrder, signedInClient } from '../support/factories';
import type { HttpClient } from '../support/http-client';
import { startPaystackShop } from '../support/paystack-shop';
import type { PaystackStandIn } from '../support/paystack-stand-in';
import { startTestServer, type TestServer } from '../support/test-server';
import { until } from '../support/wait';

// A paid order is refunded once, whatever clicks, admins and webhooks race.
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
async function paidOrder(quantity = 1) {
  const shopper = await createCheckoutShopper(server.services);
  const placed = await placeCatfishOrder(server.services, shopper.id, { quantity });
  await stand.complete(placed.reference, 'success', { webhook: false });
  expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
  return { shopper, placed, order: await orderById(placed.orderId) };
}

/** The audit rows about an order (a refund is recorded with the refund, never without it). */
const auditOf = (orderId: string) =>
  server.database.db.select().from(schema.adminActivity).where(eq(schema.adminActivity.subjectId, orderId));
const refund = (orderId: string) =>
  client.postForm('/admin/orders', { intent: 'refund', orderId, reason: 'other' });

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
    expect(stand.refundOf(order.paymentReference)).toMatchObject({
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
    // The receipt's job may run after the refund's: the refund's e-mail is one of the shopper's, not the last.
    expect(server.mailer.sent.filter((m) => m.to === shopper.email && m.text.includes(message))).toHaveLength(
      1,
    );
    expect(await auditOf(order.id)).toEqual([
      expect.objectContaining({
        action: 'refunded',
        adminId: admin.id,
        before: expect.objectContaining({ status: 'pending' }),
        after: expect.objectContaining({ refundStatus: 'requested', refundingKobo: order.totalKobo }),
      }),
    ]);
    // Refunded in full and on its way (Paystack accepted it, and may still fail it): the order can no
    // longer be shipped, and is cancelled once the money has gone.
    expect(await orderById(order.id)).toMatchObject({ status: 'pending', cancelReason: null });
    const ship = await client.postForm('/admin/orders', {
      intent: 'status',
      orderId: order.id,
      status: 'shipped',
    });
    expect(ship.status).toBe(409);
    expect((await orderById(order.id)).status).toBe('pending');

    expect(await stand.finishRefund(order.paymentReference, 'processed')).toBe(200);
    expect(await orderById(order.id)).toMatchObject({
      refundStatus: 'processed',
      status: 'cancelled',
      cancelReason: 'refunded',
    });
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
    // A queue worker may have taken the refund's job first (refundNow then leaves it to the worker, and
    // answers "requested"): the customer is told when that worker has recorded Paystack's answer.
    await server.jobsDone();
    expect(
      [...stand.refunds.values()].flat().filter((r) => r.transactionReference === order.paymentReference),
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
    expect(stand.refundOf(order.paymentReference)).toMatchObject({ amount: order.totalKobo });
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

  it('a refund Paystack accepted and then failed leaves the order as it was: the owner sees it failed and refunds again', async () => {
    const { order } = await paidOrder();
    expect((await refund(order.id)).status).toBe(200);
    expect(await stand.finishRefund(order.paymentReference, 'failed')).toBe(200);
    expect(await orderById(order.id)).toMatchObject({
      status: 'pending',
      cancelReason: null,
      refundStatus: 'failed',
      refundedKobo: 0,
    });
    // The order's details read "Pending · Paid · refund failed", with its Cancel and refund button again.
    const details = await getOrderForAdmin(db(), admin, order.id);
    expect(details.words).toMatchObject({
      status: { label: 'Pending' },
      payment: { label: 'Paid · refund failed' },
    });
    expect(details.choices).toContainEqual({ status: 'cancelled', allowed: true, via: 'refund' });
    expect(details.keptKobo).toBe(order.totalKobo);
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
    await db().delete(schema.orderRefunds).where(eq(schema.orderRefunds.orderId, order.id));
    const again = await refund(order.id);
    expect(again.status).toBe(200);
    expect(await orderById(order.id)).toMatchObject({
      refundStatus: 'pending',
      refundedKobo: order.totalKobo,
      refundFailure: null,
    });
    expect(stand.refundOf(order.paymentReference)).toMatchObject({ amount: order.totalKobo });
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
    await db()
      .update(schema.orderRefunds)
      .set({ status: 'failed', failure: 'Transaction has been fully reversed', providerReference: null })
      .where(eq(schema.orderRefunds.orderId, order.id));
    await db().delete(schema.notifications).where(eq(schema.notifications.message, message));
    await db()
      .delete(schema.orderEvents)
      .where(sql`${schema.orderEvents.orderId} = ${order.id} and ${schema.orderEvents.kind} = 'refunded'`);

    expect(await stand.finishRefund(order.paymentReference, 'processed')).toBe(200);
    expect(await orderById(order.id)).toMatchObject({
      refundStatus: 'processed',
      refundFailure: null,
      refundedKobo: order.totalKobo,
      refundReference: String(stand.refundOf(order.paymentReference)!.id),
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
    const text = await response.text();
    expect(text).toContain(REFUND_REFUSED.notPaid);
    // Nothing was asked of the provider, so nothing "failed" (issue 48, 12).
    expect(text).toContain(REFUND_NOT_MADE);
    expect(text).not.toContain(REFUND_FAILED.title);
    expect(stand.refunds.has(placed.reference)).toBe(false);
  });
});

describe('partial refunds', () => {
  const refundsOf = (orderId: string) =>
    db()
      .select()
      .from(schema.orderRefunds)
      .where(eq(schema.orderRefunds.orderId, orderId))
      .orderBy(schema.orderRefunds.id);

  it('gives back a line, then an amount, each with its reason; the order goes on showing both amounts, and the rest cancels it', async () => {
    const { shopper, order } = await paidOrder(3);
    const [line] = await db().select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.id));
    const oneFish = line!.totalPriceKobo / 3;
    const post = (fields: Record<string, string>) =>
      client.postForm('/admin/orders', { intent: 'refund', orderId: order.id, ...fields });

    // One fish of three spoiled: a refund by line, with a note for the shop.
    const byLine = await post({
      reason: 'spoiled',
      by: 'lines',
      [`line-${line!.id}`]: '1',
      note: 'Soft on arrival',
    });
    expect(byLine.status).toBe(200);
    expect(stand.refundOf(order.paymentReference)).toMatchObject({ amount: oneFish, status: 'pending' });
    expect(await stand.finishRefund(order.paymentReference, 'processed')).toBe(200);
    expect(await orderById(order.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'success',
      refundStatus: 'processed',
      refundedKobo: oneFish,
    });

    // Asking for more than is left of the line is refused in words, and changes nothing.
    const tooMany = await post({ reason: 'spoiled', by: 'lines', [`line-${line!.id}`]: '3' });
    expect(tooMany.status).toBe(409);
    expect(await tooMany.text()).toContain('Only 2 of Live Catfish (Table Size) can still be refunded.');
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(stand.refunds.get(order.paymentReference)).toHaveLength(1);

    // It weighed short: a refund by amount.
    expect((await post({ reason: 'short_weight', by: 'amount', amount: '1,000' })).status).toBe(200);
    expect(await stand.finishRefund(order.paymentReference, 'processed')).toBe(200);
    const partly = await orderById(order.id);
    expect(partly).toMatchObject({ status: 'pending', refundedKobo: oneFish + 100_000 });
    // The shop can still fulfil it.
    expect(
      (await client.postForm('/admin/orders', { intent: 'status', orderId: order.id, status: 'processing' }))
        .status,
    ).toBe(200);

    // Both amounts, and why, on the buyer's page and in the admin's details; the shop's note stays with the shop.
    const buyer = await signedInClient(server, shopper.email);
    const page = await (await buyer.get(`/account/orders/${order.id}`)).text();
    const refunded = `₦${((oneFish + 100_000) / 100).toLocaleString('en-NG')}`;
    expect(page).toContain(`Partly refunded ${refunded}`);
    expect(page).toContain('Spoiled on arrival · 1 × Live Catfish (Table Size) · refunded');
    expect(page).toContain('₦1,000 · Short weight · refunded');
    expect(page).not.toContain('Soft on arrival');
    const details = await (await client.get(`/admin/orders?order=${order.id}`)).text();
    expect(details).toContain('Soft on arrival');
    expect(details).toContain(`Total`);

    // The rest, by the Cancel and refund button: the order is cancelled, refunded in full.
    const kept = order.totalKobo - oneFish - 100_000;
    expect((await post({ reason: 'cancelled' })).status).toBe(200);
    expect(stand.refundOf(order.paymentReference)).toMatchObject({ amount: kept });
    expect(await stand.finishRefund(order.paymentReference, 'processed')).toBe(200);
    expect(await orderById(order.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'refunded',
      refundedKobo: order.totalKobo,
    });
    expect((await refundsOf(order.id)).map((r) => [r.reason, r.amountKobo, r.status])).toEqual([
      ['spoiled', oneFish, 'processed'],
      ['short_weight', 100_000, 'processed'],
      ['cancelled', kept, 'processed'],
    ]);
    expect((await refundsOf(order.id))[0]).toMatchObject({
      lines: [{ itemId: line!.id, quantity: 1 }],
      note: 'Soft on arrival',
      requestedBy: admin.id,
    });
    // Told of each refund, with its amount.
    const told = (await notesOf(shopper.id)).map((n) => n.message).filter((m) => m.includes('refunded'));
    expect(told).toHaveLength(3);
    // Nothing is left to give back.
    expect((await post({ reason: 'other' })).status).toBe(409);
  });

  it('a refund job retried after its refund was settled another way never carries out the next refund', async () => {
    const { order } = await paidOrder(3);
    const [line] = await db().select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.id));
    const oneFish = line!.totalPriceKobo / 3;
    const post = (fields: Record<string, string>) =>
      client.postForm('/admin/orders', { intent: 'refund', orderId: order.id, ...fields });
    const jobsOf = async () =>
      (
        await queryRows<{ data: RefundJob }>(
          db(),
          sql`select data from pgboss.job where name = 'refund' and data->>'orderId' = ${order.id}
              order by created_on`,
        )
      ).map((row) => row.data);
    const checkout = server.services.checkout;

    // One fish back; Paystack's answer is lost (500), so the job is to be retried later…
    stand.refuseRefunds = 500;
    try {
      expect((await post({ reason: 'spoiled', by: 'lines', [`line-${line!.id}`]: '1' })).status).toBe(200);
    } finally {
      stand.refuseRefunds = null;
    }
    const [first] = await jobsOf();
    // …but the refund is made and settled meanwhile (here: the job's own attempt, then Paystack's webhook).
    await carryOutRefund(checkout, first!);
    expect(await stand.finishRefund(order.paymentReference, 'processed')).toBe(200);
    expect(await orderById(order.id)).toMatchObject({ refundStatus: 'processed', refundedKobo: oneFish });

    // The owner asks for ₦1,000 more, and that one waits for Paystack too.
    stand.refuseRefunds = 500;
    try {
      expect((await post({ reason: 'short_weight', by: 'amount', amount: '1,000' })).status).toBe(200);
    } finally {
      stand.refuseRefunds = null;
    }
    // The first job's retry comes now: its refund is settled, so it asks Paystack for nothing.
    await carryOutRefund(checkout, first!);
    expect(stand.refunds.get(order.paymentReference)!.map((r) => r.amount)).toEqual([oneFish]);
    expect(await orderById(order.id)).toMatchObject({ refundStatus: 'requested', refundingKobo: 100_000 });
    // The second job gives back its own ₦1,000.
    const second = (await jobsOf()).at(-1)!;
    expect(second.refundId).not.toBe(first!.refundId);
    await carryOutRefund(checkout, second);
    expect(stand.refunds.get(order.paymentReference)!.map((r) => r.amount)).toEqual([oneFish, 100_000]);
    expect(await stand.finishRefund(order.paymentReference, 'processed')).toBe(200);
    expect(await orderById(order.id)).toMatchObject({ refundedKobo: oneFish + 100_000 });
  });

  it('refuses a refund form without a reason, or with an amount that is not money, and changes nothing', async () => {
    const { order } = await paidOrder();
    const noReason = await client.postForm('/admin/orders', { intent: 'refund', orderId: order.id });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain('Choose why the money goes back.');
    const badAmount = await client.postForm('/admin/orders', {
      intent: 'refund',
      orderId: order.id,
      reason: 'other',
      by: 'amount',
      amount: 'ten naira',
    });
    expect(badAmount.status).toBe(400);
    expect(await badAmount.text()).toContain('Enter the amount to refund in naira, more than ₦0.');
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await orderById(order.id)).toMatchObject({ refundStatus: null, refundedKobo: null });
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
      expect(
        await refundOrder(demo.services.checkout, demoAdmin, placed.orderId, { reason: 'cancelled' }),
      ).toBe('processed');
      const demoRefunds = await demo.database.db
        .select({ amountKobo: schema.demoRefunds.amountKobo })
        .from(schema.demoRefunds)
        .where(eq(schema.demoRefunds.reference, placed.reference));
      expect(demoRefunds).toEqual([{ amountKobo: placed.totalKobo }]);
      await expect(
        refundOrder(demo.services.checkout, demoAdmin, placed.orderId, { reason: 'cancelled' }),
      ).rejects.toMatchObject({
        kind: 'conflict',
        message: REFUND_REFUSED.done,
      });
    } finally {
      await demo.close();
    }
  });
});
