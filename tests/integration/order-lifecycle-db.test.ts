import fc from 'fast-check';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Conflict } from '#core/errors';
import { changeOrder, type AppliedChange } from '#core/orders/lifecycle';
import { keptKobo } from '#core/orders/transitions';
import * as schema from '#db/schema';
import { createCheckoutShopper, placeCatfishOrder } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// Random sequences of changes, several at once, against the database,
// through the one writer. After each batch the order keeps its invariants: money taken is money kept
// plus money refunded, nothing unpaid is fulfilled, one event per change that records one, its refund
// rows agree with its refund state.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: '0' } });
});
afterAll(() => server.close());

const db = () => server.database.db;

const changeArb: fc.Arbitrary<AppliedChange> = fc.oneof(
  fc.constant<AppliedChange>({ kind: 'pay' }),
  fc.constant<AppliedChange>({ kind: 'decline' }),
  fc.constant<AppliedChange>({ kind: 'expire' }),
  fc.constant<AppliedChange>({ kind: 'shopper-cancel' }),
  fc.constant<AppliedChange>({ kind: 'shop-cancel' }),
  fc
    .constantFrom('pending', 'processing', 'shipped', 'delivered' as const)
    .map((status): AppliedChange => ({ kind: 'set-status', status })),
  fc
    .integer({ min: 1, max: 2_000_000 })
    .map((amountKobo): AppliedChange => ({ kind: 'refund-request', amountKobo, reason: 'other' })),
  fc
    .constantFrom('pending', 'processed' as const)
    .map((status): AppliedChange => ({ kind: 'refund-accept', amountKobo: 0, status, reference: null })),
  fc.constant<AppliedChange>({ kind: 'refund-fail', failure: 'refused' }),
  fc.constant<AppliedChange>({ kind: 'refund-processed', amountKobo: null }),
);

async function invariants(orderId: string) {
  const [order] = await db().select().from(schema.orders).where(eq(schema.orders.id, orderId));
  const refunds = await db()
    .select()
    .from(schema.orderRefunds)
    .where(eq(schema.orderRefunds.orderId, orderId));
  const [events] = await db()
    .select({ n: count() })
    .from(schema.orderEvents)
    .where(eq(schema.orderEvents.orderId, orderId));
  const refunded = order!.refundedKobo ?? 0;
  const paid = order!.paymentStatus === 'success';
  const facts = { paymentStatus: order!.paymentStatus, totalKobo: order!.totalKobo, refundedKobo: refunded };
  // Money taken = money kept + money refunded; nothing refunded of what was never taken.
  if (paid) expect(keptKobo(facts) + refunded).toBe(order!.totalKobo);
  else expect(refunded).toBe(0);
  expect(refunded).toBeLessThanOrEqual(order!.totalKobo);
  // Never a fulfilled unpaid order.
  if (['processing', 'shipped', 'delivered'].includes(order!.status)) expect(paid).toBe(true);
  // The refund rows tell the same story as the order: what the provider accepted, and one open at most.
  const accepted = refunds
    .filter((r) => r.status === 'pending' || r.status === 'processed')
    .reduce((sum, r) => sum + r.amountKobo, 0);
  expect(accepted).toBe(refunded);
  const open = refunds.filter((r) => r.status === 'requested' || r.status === 'pending');
  expect(open.length).toBeLessThanOrEqual(1);
  if (order!.refundStatus === 'requested' || order!.refundStatus === 'pending')
    expect(open.map((r) => [r.status, r.amountKobo])).toEqual([[order!.refundStatus, order!.refundingKobo]]);
  else expect(open).toEqual([]);
  return { events: events!.n };
}

describe('the lifecycle against the database', () => {
  it('keeps every invariant under random changes, several at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(changeArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        async (batches) => {
          // A shopper per run: one may hold only three unpaid orders at a time.
          const shopper = await createCheckoutShopper(server.services);
          const placed = await placeCatfishOrder(server.services, shopper.id);
          let { events } = await invariants(placed.orderId);
          for (const batch of batches) {
            const results = await Promise.all(
              batch.map((change) =>
                db()
                  .transaction((tx) =>
                    changeOrder(tx, server.services.checkout, { id: placed.orderId }, change),
                  )
                  .catch((error: unknown) => {
                    if (error instanceof Conflict) return null; // refused by the table: nothing changed
                    throw error;
                  }),
              ),
            );
            const after = await invariants(placed.orderId);
            // One event per change that records one, whatever ran beside it.
            expect(after.events - events).toBe(results.filter((r) => r?.event).length);
            events = after.events;
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);
});
