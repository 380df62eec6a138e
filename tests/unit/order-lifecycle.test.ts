import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decide,
  keptKobo,
  LIFECYCLE_REFUSALS,
  refundedInFull,
  type OrderChange,
  type OrderFacts,
} from '#core/orders/transitions';

const PLACED_AT = new Date('2026-11-29T10:00:00Z');
const minutesAfter = (minutes: number) => new Date(PLACED_AT.getTime() + minutes * 60_000);

/** A new order: placed, awaiting its payment, holding a use of its code. */
const placed = (totalKobo = 3_390_000, withCode = true): OrderFacts => ({
  status: 'pending',
  paymentStatus: 'pending',
  cancelReason: null,
  refundStatus: null,
  refundedKobo: 0,
  refundingKobo: 0,
  totalKobo,
  holdsCodeUse: withCode,
  hasCode: withCode,
  holds: 'held',
  claimStatus: null,
  placedAt: PLACED_AT,
  paymentRemindedAt: null,
});

/** Applies a change as core/orders/lifecycle.ts does, with the code use it decides. */
function apply(order: OrderFacts, change: OrderChange): OrderFacts {
  const decision = decide(order, change);
  if (decision.outcome !== 'changed') return order;
  const holdsCodeUse =
    decision.codeUse === 'release' ? false : decision.codeUse === 'count-again' ? true : order.holdsCodeUse;
  const holds = decision.holds === 'release' ? 'released' : decision.holds === null ? order.holds : 'kept';
  return { ...order, ...decision.to, holdsCodeUse, holds };
}

const run = (changes: OrderChange[], start = placed()) => changes.reduce(apply, start);

describe('the order lifecycle (transition table)', () => {
  it('a paid order refunded in full is cancelled, refunded, and can no longer be shipped', () => {
    const paid = run([{ kind: 'pay' }]);
    expect(paid).toMatchObject({ status: 'pending', paymentStatus: 'success' });
    const asked = run([{ kind: 'refund-request', amountKobo: 3_390_000 }], paid);
    // Asked for: it cannot be shipped meanwhile; it is cancelled once the provider accepts.
    expect(asked).toMatchObject({ status: 'pending', cancelReason: null, refundStatus: 'requested' });
    expect(decide(asked, { kind: 'set-status', status: 'shipped' })).toEqual({
      outcome: 'refused',
      message: LIFECYCLE_REFUSALS.refundedInFull,
    });
    // Refused by the provider: nothing was given back, and the order can be fulfilled after all.
    const refused = run([{ kind: 'refund-fail', failure: 'no' }], asked);
    expect(refused).toMatchObject({ status: 'pending', refundStatus: 'failed', refundedKobo: 0 });
    expect(decide(refused, { kind: 'set-status', status: 'shipped' })).toMatchObject({ outcome: 'changed' });
    const refunded = run([{ kind: 'refund-accept', amountKobo: 3_390_000, status: 'processed' }], asked);
    expect(refunded).toMatchObject({
      status: 'cancelled',
      cancelReason: 'refunded',
      refundStatus: 'processed',
      refundedKobo: 3_390_000,
    });
    expect(keptKobo(refunded)).toBe(0);
    expect(decide(refunded, { kind: 'set-status', status: 'shipped' })).toEqual({
      outcome: 'refused',
      message: LIFECYCLE_REFUSALS.cancelled,
    });
    expect(decide(refunded, { kind: 'refund-request', amountKobo: 1 })).toEqual({
      outcome: 'refused',
      message: 'This order has already been refunded.',
    });
  });

  it('nothing unpaid is processed, shipped or delivered', () => {
    for (const status of ['processing', 'shipped', 'delivered'] as const)
      expect(decide(placed(), { kind: 'set-status', status })).toEqual({
        outcome: 'refused',
        message: `This order has not been paid, so it cannot be ${status}.`,
      });
  });

  it('an order the shopper cancels, one declined and one not paid in time each say why', () => {
    expect(run([{ kind: 'shopper-cancel' }])).toMatchObject({ status: 'cancelled', cancelReason: 'shopper' });
    expect(run([{ kind: 'decline' }])).toMatchObject({
      status: 'cancelled',
      cancelReason: 'declined',
      paymentStatus: 'failed',
    });
    expect(run([{ kind: 'expire' }])).toMatchObject({ status: 'cancelled', cancelReason: 'unpaid' });
    // Each gives back the code use it held.
    expect(decide(placed(), { kind: 'expire' })).toMatchObject({ codeUse: 'release', event: 'expired' });
  });

  it('the shop cancels an unpaid order directly, a paid one only by refunding it', () => {
    expect(run([{ kind: 'shop-cancel' }])).toMatchObject({ status: 'cancelled', cancelReason: 'shop' });
    expect(decide(run([{ kind: 'pay' }]), { kind: 'shop-cancel' })).toEqual({
      outcome: 'refused',
      message: LIFECYCLE_REFUSALS.paidCancel,
    });
  });

  it('a refund in full accepted, then failed at the provider, leaves the order as it was, to refund again', () => {
    const processing = run([{ kind: 'pay' }, { kind: 'set-status', status: 'processing' }]);
    const onItsWay = run(
      [
        { kind: 'refund-request', amountKobo: 3_390_000 },
        { kind: 'refund-accept', amountKobo: 3_390_000, status: 'pending' },
      ],
      processing,
    );
    // On its way (Paystack's "pending" can still fail): not cancelled yet, and not fulfilled meanwhile.
    expect(onItsWay).toMatchObject({ status: 'processing', cancelReason: null, refundStatus: 'pending' });
    expect(decide(onItsWay, { kind: 'set-status', status: 'shipped' })).toMatchObject({ outcome: 'refused' });
    const failed = run([{ kind: 'refund-fail', failure: 'Refund failed at the bank' }], onItsWay);
    expect(failed).toMatchObject({
      status: 'processing',
      cancelReason: null,
      refundStatus: 'failed',
      refundedKobo: 0,
      holds: 'kept',
    });
    expect(decide(failed, { kind: 'refund-request', amountKobo: 3_390_000 })).toMatchObject({
      outcome: 'changed',
    });
    // The money arrived: now it is cancelled, and its goods go back to the shop.
    const arrived = run([{ kind: 'refund-processed', amountKobo: 3_390_000 }], onItsWay);
    expect(arrived).toMatchObject({ status: 'cancelled', cancelReason: 'refunded', holds: 'released' });
  });

  it('a delivered order can be refunded (spoiled fish) but not un-delivered', () => {
    const delivered = run([{ kind: 'pay' }, { kind: 'set-status', status: 'delivered' }]);
    expect(decide(delivered, { kind: 'set-status', status: 'shipped' })).toEqual({
      outcome: 'refused',
      message: 'This order has been delivered: it cannot go back to shipped.',
    });
    const refunded = run(
      [
        { kind: 'refund-request', amountKobo: 3_390_000 },
        { kind: 'refund-accept', amountKobo: 3_390_000, status: 'pending' },
      ],
      delivered,
    );
    expect(refunded).toMatchObject({ status: 'delivered', refundStatus: 'pending', refundedKobo: 3_390_000 });
  });

  it('a partial refund keeps the order going; no refund passes what is kept', () => {
    const paid = run([{ kind: 'pay' }]);
    const part = run(
      [
        { kind: 'refund-request', amountKobo: 900_000 },
        { kind: 'refund-accept', amountKobo: 900_000, status: 'processed' },
      ],
      paid,
    );
    expect(part).toMatchObject({ status: 'pending', refundedKobo: 900_000 });
    expect(decide(part, { kind: 'set-status', status: 'shipped' })).toMatchObject({ outcome: 'changed' });
    expect(decide(part, { kind: 'refund-request', amountKobo: 2_500_000 })).toEqual({
      outcome: 'refused',
      message: 'A refund of this order can be at most ₦24,900.',
    });
  });

  it('a late payment revives an order that ended unpaid and counts its code use again', () => {
    const expired = run([{ kind: 'expire' }]);
    expect(decide(expired, { kind: 'pay' })).toMatchObject({ outcome: 'changed', codeUse: 'count-again' });
    expect(run([{ kind: 'pay' }], expired)).toMatchObject({
      status: 'pending',
      paymentStatus: 'success',
      cancelReason: null,
    });
  });

  it('repeats change nothing: a second payment, a late decline, a webhook after the job', () => {
    const paid = run([{ kind: 'pay' }]);
    expect(decide(paid, { kind: 'pay' })).toEqual({ outcome: 'unchanged' });
    expect(decide(paid, { kind: 'decline' })).toEqual({ outcome: 'unchanged' });
    const processed = run(
      [
        { kind: 'refund-request', amountKobo: 3_390_000 },
        { kind: 'refund-accept', amountKobo: 3_390_000, status: 'processed' },
      ],
      paid,
    );
    expect(decide(processed, { kind: 'refund-processed', amountKobo: 3_390_000 })).toEqual({
      outcome: 'unchanged',
    });
  });

  it('a refund the provider processed that was never recorded is recorded once, and the customer told', () => {
    const failed = run([
      { kind: 'pay' },
      { kind: 'refund-request', amountKobo: 3_390_000 },
      { kind: 'refund-fail', failure: 'x' },
    ]);
    const decision = decide(failed, { kind: 'refund-processed', amountKobo: null });
    expect(decision).toMatchObject({
      outcome: 'changed',
      event: 'refunded',
      notice: { kind: 'refunded', amountKobo: 3_390_000 },
    });
    const found = run([{ kind: 'refund-processed', amountKobo: null }], failed);
    expect(decide(found, { kind: 'refund-processed', amountKobo: null })).toEqual({ outcome: 'unchanged' });
  });
});

const change: fc.Arbitrary<OrderChange> = fc.oneof(
  fc.constant({ kind: 'pay' as const }),
  fc.constant({ kind: 'decline' as const }),
  fc.constant({ kind: 'expire' as const }),
  fc.constant({ kind: 'replace' as const }),
  fc.constant({ kind: 'shopper-cancel' as const }),
  fc.constant({ kind: 'shop-cancel' as const }),
  fc.constantFrom('pending', 'processing', 'shipped', 'delivered').map((status) => ({
    kind: 'set-status' as const,
    status: status as 'pending' | 'processing' | 'shipped' | 'delivered',
  })),
  fc
    .integer({ min: -100, max: 4_000_000 })
    .map((amountKobo) => ({ kind: 'refund-request' as const, amountKobo })),
  fc
    .tuple(fc.integer({ min: 1, max: 4_000_000 }), fc.constantFrom('pending', 'processed'))
    .map(([amountKobo, status]) => ({
      kind: 'refund-accept' as const,
      amountKobo,
      status: status as 'pending' | 'processed',
    })),
  fc.constant({ kind: 'refund-fail' as const, failure: null }),
  fc.option(fc.integer({ min: 1, max: 4_000_000 })).map((amountKobo) => ({
    kind: 'refund-processed' as const,
    amountKobo,
  })),
);

describe('what an order holds of the stock (transitions `holds`)', () => {
  it('paying keeps the hold; ending unpaid in any way releases it', () => {
    expect(decide(placed(), { kind: 'pay' })).toMatchObject({ holds: 'keep' });
    for (const kind of ['decline', 'expire', 'replace', 'shopper-cancel', 'shop-cancel'] as const)
      expect(run([{ kind }])).toMatchObject({ status: 'cancelled', holds: 'released' });
    // An order counting no stock has nothing to keep or release.
    expect(decide({ ...placed(), holds: 'none' }, { kind: 'expire' })).toMatchObject({ holds: null });
  });

  it('a full refund before the order leaves the shop releases the stock; after shipping it does not', () => {
    const total = 3_390_000;
    const refundInFull: OrderChange[] = [
      { kind: 'refund-request', amountKobo: total },
      { kind: 'refund-accept', amountKobo: total, status: 'processed' },
    ];
    const processing = run([{ kind: 'pay' }, { kind: 'set-status', status: 'processing' }]);
    expect(run(refundInFull, processing)).toMatchObject({ status: 'cancelled', holds: 'released' });
    const shipped = run([{ kind: 'set-status', status: 'shipped' }], processing);
    expect(run(refundInFull, shipped)).toMatchObject({ status: 'cancelled', holds: 'kept' });
    // A partial refund keeps the sale.
    const partly: OrderChange[] = [
      { kind: 'refund-request', amountKobo: 1_000_000 },
      { kind: 'refund-accept', amountKobo: 1_000_000, status: 'processed' },
    ];
    expect(run(partly, processing)).toMatchObject({ status: 'processing', holds: 'kept' });
  });

  it('a late payment of an order that released its stock takes it again', () => {
    const expired = run([{ kind: 'expire' }]);
    expect(decide(expired, { kind: 'pay' })).toMatchObject({ holds: 'take-again' });
    expect(run([{ kind: 'pay' }], expired)).toMatchObject({ paymentStatus: 'success', holds: 'kept' });
  });
});

describe('the lifecycle’s invariants hold after any sequence of changes (fast-check)', () => {
  it('never a fulfilled unpaid order; money taken = kept + refunded; one event per change', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3_000_000 }),
        fc.array(change, { maxLength: 30 }),
        (total, changes) => {
          let order = placed(total);
          let events = 0;
          let delivered = false;
          for (const next of changes) {
            // What the provider accepts is what was asked (the job sends the amount the claim recorded).
            const asked =
              next.kind === 'refund-accept'
                ? { ...next, amountKobo: order.refundingKobo || next.amountKobo }
                : next;
            const decision = decide(order, asked);
            if (decision.outcome === 'changed' && decision.event) events++;
            order = apply(order, asked);
            const paid = order.paymentStatus === 'success';
            if (['processing', 'shipped', 'delivered'].includes(order.status)) expect(paid).toBe(true);
            expect(order.refundedKobo).toBeGreaterThanOrEqual(0);
            expect(order.refundedKobo).toBeLessThanOrEqual(order.totalKobo);
            if (paid) expect(keptKobo(order) + order.refundedKobo).toBe(order.totalKobo);
            else expect(order.refundedKobo).toBe(0);
            expect(order.cancelReason === null).toBe(order.status !== 'cancelled');
            // Refunded in full (the money gone): cancelled, or delivered; asked for or on its way in full:
            // not fulfilled further.
            if (paid && order.refundedKobo >= order.totalKobo && order.refundStatus !== 'pending')
              expect(['cancelled', 'delivered']).toContain(order.status);
            if (refundedInFull(order))
              expect(decide(order, { kind: 'set-status', status: 'shipped' }).outcome).not.toBe('changed');
            if (delivered && paid) expect(order.status).toBe('delivered');
            // Stock: held while the money is awaited, sold once paid, given back only by a cancelled order.
            if (order.paymentStatus === 'pending') expect(order.holds).toBe('held');
            if (order.holds === 'kept') expect(paid).toBe(true);
            if (order.holds === 'released') expect(order.status).toBe('cancelled');
            delivered ||= order.status === 'delivered';
          }
          expect(events).toBeLessThanOrEqual(changes.length);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the payment reminder (issue 35), decided by the table', () => {
  const remind = (order: OrderFacts, minutes: number) =>
    decide(order, { kind: 'remind', now: minutesAfter(minutes) });

  it('is due from 10 minutes after the order was placed, once, until 5 minutes before it expires', () => {
    expect(remind(placed(), 9.99)).toEqual({ outcome: 'unchanged' });
    expect(remind(placed(), 10)).toEqual({
      outcome: 'changed',
      to: { paymentRemindedAt: minutesAfter(10) },
      event: 'payment_reminder',
      notice: { kind: 'payment-reminder', payableUntil: minutesAfter(30) },
      codeUse: null,
      holds: null,
    });
    expect(remind(placed(), 25)).toMatchObject({ outcome: 'changed' });
    expect(remind(placed(), 25.01)).toEqual({ outcome: 'unchanged' });
    // Never a second.
    const reminded = run([{ kind: 'remind', now: minutesAfter(11) }]);
    expect(reminded.paymentRemindedAt).toEqual(minutesAfter(11));
    expect(remind(reminded, 12)).toEqual({ outcome: 'unchanged' });
  });

  it('never reminds an order paid, declined, cancelled or expired, whatever came first', () => {
    for (const ended of [
      [{ kind: 'pay' }],
      [{ kind: 'decline' }],
      [{ kind: 'shopper-cancel' }],
      [{ kind: 'expire' }],
      [{ kind: 'replace' }],
      [{ kind: 'shop-cancel' }],
    ] satisfies OrderChange[][])
      expect(remind(run(ended), 12), ended[0]!.kind).toEqual({ outcome: 'unchanged' });
  });

  it('a reminder changes nothing else: the order can still be paid, expire, or be cancelled', () => {
    const reminded = run([{ kind: 'remind', now: minutesAfter(10) }]);
    expect(reminded).toEqual({ ...placed(), paymentRemindedAt: minutesAfter(10) });
    expect(run([{ kind: 'pay' }], reminded)).toMatchObject({ paymentStatus: 'success' });
    expect(run([{ kind: 'expire' }], reminded)).toMatchObject({ paymentStatus: 'expired' });
  });
});
