import { describe, expect, it } from 'vitest';
import {
  checkClaimLines,
  CLAIM_REFUSALS,
  CLAIM_WINDOW_HOURS,
  claimableUntil,
  openClaimLines,
  type ClaimableLine,
} from '#core/orders/claim-window';
import { decide, type OrderChange, type OrderFacts } from '#core/orders/transitions';

const HOUR = 60 * 60 * 1000;
const delivered = new Date('2026-11-27T10:00:00Z');
const at = (hours: number) => new Date(delivered.getTime() + hours * HOUR);
const words = (date: Date) => date.toISOString();

const lines: ClaimableLine[] = [
  { id: 1, productName: 'Live Catfish', quantity: 3, category: 'fresh' },
  { id: 2, productName: 'Smoked Mackerel', quantity: 2, category: 'smoked' },
  { id: 3, productName: 'A deleted product', quantity: 1, category: null },
];

/** A paid order that has been delivered, with nothing refunded and no claim. */
const deliveredOrder = (facts: Partial<OrderFacts> = {}): OrderFacts => ({
  placedAt: new Date('2026-11-20T10:00:00Z'),
  paymentRemindedAt: null,
  status: 'delivered',
  paymentStatus: 'success',
  cancelReason: null,
  refundStatus: null,
  refundedKobo: 0,
  refundingKobo: 0,
  totalKobo: 3_000_000,
  holdsCodeUse: false,
  hasCode: false,
  claimStatus: null,
  holds: 'kept',
  ...facts,
});

describe('the claim window (per category, from "delivered")', () => {
  it('fresh fish and shellfish: 6 hours; smoked 2 days; dried and feeds 3 days; equipment a week', () => {
    expect(CLAIM_WINDOW_HOURS).toEqual({
      fresh: 6,
      shellfish: 6,
      smoked: 48,
      dried: 72,
      feeds: 72,
      equipment: 168,
    });
    expect(claimableUntil(delivered, 'fresh')).toEqual(at(6));
    expect(claimableUntil(delivered, 'smoked')).toEqual(at(48));
    // A line whose product was deleted gets the shortest window.
    expect(claimableUntil(delivered, null)).toEqual(at(6));
  });

  it('offers the lines still open: all within 6 hours, only the smoked fish after', () => {
    expect(openClaimLines(lines, delivered, at(5.9)).map((l) => l.id)).toEqual([1, 2, 3]);
    expect(openClaimLines(lines, delivered, at(6)).map((l) => l.id)).toEqual([2]);
    expect(openClaimLines(lines, delivered, at(48))).toEqual([]);
    // Never delivered: nothing to claim.
    expect(openClaimLines(lines, null, at(1))).toEqual([]);
    // A line refunded in full already (its quantity left is 0) is not offered.
    expect(
      openClaimLines([{ ...lines[0]!, quantity: 0 }, lines[1]!], delivered, at(1)).map((l) => l.id),
    ).toEqual([2]);
  });

  it('checks the chosen lines: the order’s own, at most what was bought, each within its window', () => {
    expect(checkClaimLines(lines, [{ itemId: 1, quantity: 2 }], delivered, at(1), words)).toEqual({
      lines: [{ itemId: 1, quantity: 2 }],
      closesAt: at(6),
    });
    // Lines left at 0 are not claimed; the claim closes with its earliest line.
    expect(
      checkClaimLines(
        lines,
        [
          { itemId: 1, quantity: 1 },
          { itemId: 2, quantity: 2 },
          { itemId: 3, quantity: 0 },
        ],
        delivered,
        at(1),
        words,
      ),
    ).toEqual({
      lines: [
        { itemId: 1, quantity: 1 },
        { itemId: 2, quantity: 2 },
      ],
      closesAt: at(6),
    });
    expect(checkClaimLines(lines, [{ itemId: 1, quantity: 0 }], delivered, at(1), words)).toEqual({
      refused: CLAIM_REFUSALS.noLines,
    });
    expect(
      checkClaimLines([{ ...lines[0]!, quantity: 0 }], [{ itemId: 1, quantity: 1 }], delivered, at(1), words),
    ).toEqual({ refused: 'Live Catfish has been refunded already.' });
    expect(checkClaimLines(lines, [{ itemId: 99, quantity: 1 }], delivered, at(1), words)).toEqual({
      refused: CLAIM_REFUSALS.unknownLine,
    });
    expect(checkClaimLines(lines, [{ itemId: 1, quantity: 4 }], delivered, at(1), words)).toEqual({
      refused: CLAIM_REFUSALS.tooMany('Live Catfish', 3),
    });
    // Seven hours on: the catfish's window closed, the smoked mackerel's is open.
    expect(checkClaimLines(lines, [{ itemId: 1, quantity: 1 }], delivered, at(7), words)).toEqual({
      refused: CLAIM_REFUSALS.lineClosed('Live Catfish', at(6).toISOString()),
    });
    expect(checkClaimLines(lines, [{ itemId: 2, quantity: 1 }], delivered, at(7), words)).toMatchObject({
      closesAt: at(48),
    });
    expect(checkClaimLines(lines, [{ itemId: 1, quantity: 1 }], null, at(1), words)).toEqual({
      refused: CLAIM_REFUSALS.notDelivered,
    });
  });
});

describe('claims in the order lifecycle (transition table)', () => {
  const file: Extract<OrderChange, { kind: 'claim-file' }> = {
    kind: 'claim-file',
    now: at(1),
    closesAt: at(6),
  };

  it('a delivered, paid order takes a claim: it is open, in the history, and the buyer is not messaged', () => {
    expect(decide(deliveredOrder(), file)).toEqual({
      outcome: 'changed',
      to: { claimStatus: 'open' },
      event: 'claim_filed',
      notice: null,
      codeUse: null,
      holds: null,
    });
  });

  it('refuses a claim on an order that is not delivered and paid, past its window, or with one open', () => {
    const refusal = (facts: Partial<OrderFacts>, change = file) => {
      const decision = decide(deliveredOrder(facts), change);
      return decision.outcome === 'refused' ? decision.message : decision.outcome;
    };
    expect(refusal({ status: 'shipped' })).toBe(CLAIM_REFUSALS.notDelivered);
    expect(refusal({ paymentStatus: 'pending', status: 'pending' })).toBe(CLAIM_REFUSALS.notPaid);
    expect(refusal({ claimStatus: 'open' })).toBe(CLAIM_REFUSALS.open);
    expect(refusal({ refundedKobo: 3_000_000, refundStatus: 'processed' })).toBe(
      CLAIM_REFUSALS.refundedInFull,
    );
    expect(refusal({}, { ...file, now: at(6) })).toBe(CLAIM_REFUSALS.windowClosed);
    expect(refusal({}, { ...file, closesAt: null })).toBe(CLAIM_REFUSALS.windowClosed);
    // A claim decided before does not stop a new one (another line spoiled).
    expect(refusal({ claimStatus: 'declined' })).toBe('changed');
    expect(refusal({ claimStatus: 'approved', refundedKobo: 1_000_000, refundStatus: 'processed' })).toBe(
      'changed',
    );
  });

  it('decides only an open claim, and tells the buyer either way', () => {
    const open = deliveredOrder({ claimStatus: 'open' });
    expect(decide(open, { kind: 'claim-decide', outcome: 'approved', note: null })).toEqual({
      outcome: 'changed',
      to: { claimStatus: 'approved' },
      event: 'claim_approved',
      notice: { kind: 'claim', outcome: 'approved', note: null },
      codeUse: null,
      holds: null,
    });
    expect(
      decide(open, { kind: 'claim-decide', outcome: 'declined', note: 'The photo shows fresh fish.' }),
    ).toEqual({
      outcome: 'changed',
      to: { claimStatus: 'declined' },
      event: 'claim_declined',
      notice: { kind: 'claim', outcome: 'declined', note: 'The photo shows fresh fish.' },
      codeUse: null,
      holds: null,
    });
    for (const claimStatus of [null, 'approved', 'declined'] as const)
      expect(
        decide(deliveredOrder({ claimStatus }), { kind: 'claim-decide', outcome: 'declined', note: 'x' }),
      ).toEqual({ outcome: 'refused', message: CLAIM_REFUSALS.notOpen });
  });
});
