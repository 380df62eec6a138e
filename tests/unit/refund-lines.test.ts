import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineRefund, REFUND_LINE_REFUSALS, refundedQuantities } from '#core/orders/refund-lines';
import { OrderActionSchema, REFUND_FORM_MESSAGES } from '#core/orders/schemas';
import { safeParse } from 'zod/mini';

// A partial refund by line gives back what was paid for those lines.
const lines = [
  { id: 11, productName: 'Live Catfish (Table Size)', quantity: 3, totalPriceKobo: 2_190_000 },
  { id: 12, productName: 'Smoked Mackerel', quantity: 2, totalPriceKobo: 900_000 },
];
const noDiscount = { subtotalKobo: 3_090_000, discountKobo: 0, discountType: null };
const none = new Map<number, number>();

describe('a refund by line', () => {
  it('gives back the lines’ price, share by share', () => {
    expect(lineRefund(noDiscount, lines, [{ itemId: 11, quantity: 2 }], none)).toEqual({
      amountKobo: 1_460_000,
      lines: [{ itemId: 11, quantity: 2 }],
    });
    expect(
      lineRefund(
        noDiscount,
        lines,
        [
          { itemId: 11, quantity: 3 },
          { itemId: 12, quantity: 0 },
        ],
        none,
      ),
    ).toEqual({ amountKobo: 2_190_000, lines: [{ itemId: 11, quantity: 3 }] });
  });

  it('takes off the product discount the buyer had, but not a free delivery', () => {
    const tenPercent = { subtotalKobo: 3_090_000, discountKobo: 309_000, discountType: 'percent' as const };
    expect(lineRefund(tenPercent, lines, [{ itemId: 12, quantity: 1 }], none)).toMatchObject({
      amountKobo: 405_000,
    });
    const freeDelivery = {
      subtotalKobo: 3_090_000,
      discountKobo: 250_000,
      discountType: 'free_delivery' as const,
    };
    expect(lineRefund(freeDelivery, lines, [{ itemId: 12, quantity: 1 }], none)).toMatchObject({
      amountKobo: 450_000,
    });
  });

  it('refuses more than is left of a line, a line of another order, and nothing at all', () => {
    const given = refundedQuantities([
      { lines: [{ itemId: 11, quantity: 2 }] },
      { lines: [{ itemId: 11, quantity: 1 }] },
    ]);
    expect(lineRefund(noDiscount, lines, [{ itemId: 11, quantity: 1 }], given)).toEqual({
      refused: 'Live Catfish (Table Size) has been refunded already.',
    });
    expect(
      lineRefund(
        noDiscount,
        lines,
        [{ itemId: 12, quantity: 2 }],
        refundedQuantities([{ lines: [{ itemId: 12, quantity: 1 }] }]),
      ),
    ).toEqual({ refused: REFUND_LINE_REFUSALS.tooMany('Smoked Mackerel', 1) });
    expect(lineRefund(noDiscount, lines, [{ itemId: 99, quantity: 1 }], none)).toEqual({
      refused: REFUND_LINE_REFUSALS.unknownLine,
    });
    expect(lineRefund(noDiscount, lines, [{ itemId: 11, quantity: 0 }], none)).toEqual({
      refused: REFUND_LINE_REFUSALS.noLines,
    });
  });

  it('never gives back more than was paid for the goods, however the lines are cut', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 20 }),
            unit: fc.integer({ min: 1, max: 5_000_000 }),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
        (bought, percent, cuts) => {
          const order = bought.map((b, i) => ({
            id: i + 1,
            productName: `Line ${i + 1}`,
            quantity: b.quantity,
            totalPriceKobo: b.quantity * b.unit,
          }));
          const subtotalKobo = order.reduce((sum, line) => sum + line.totalPriceKobo, 0);
          const goods = {
            subtotalKobo,
            discountKobo: Math.floor((subtotalKobo * percent) / 100),
            discountType: 'percent' as const,
          };
          // Every line refunded, in two refunds cut anywhere: together never more than was paid for the goods.
          const first = order.map((line, i) => ({
            itemId: line.id,
            quantity: cuts[i]! % (line.quantity + 1),
          }));
          const given = refundedQuantities([{ lines: first }]);
          const rest = order.map((line) => ({
            itemId: line.id,
            quantity: line.quantity - (given.get(line.id) ?? 0),
          }));
          const amounts = [first, rest].map((chosen) => {
            const result = lineRefund(goods, order, chosen, chosen === rest ? given : none);
            return 'amountKobo' in result ? result.amountKobo : 0;
          });
          const total = amounts[0]! + amounts[1]!;
          expect(total).toBeLessThanOrEqual(subtotalKobo - goods.discountKobo);
          // Rounding down loses at most a kobo per line and refund.
          expect(total).toBeGreaterThanOrEqual(subtotalKobo - goods.discountKobo - 2 * order.length);
        },
      ),
    );
  });
});

describe('the refund form', () => {
  const orderId = '7ef7b748-0000-4000-8000-000000000001';
  const parse = (fields: Record<string, string>) =>
    safeParse(OrderActionSchema, { intent: 'refund', orderId, ...fields });

  it('reads lines, an amount, or all that is kept, with the reason and a note', () => {
    expect(
      parse({ reason: 'spoiled', by: 'lines', 'line-11': '2', 'line-12': '', note: ' two soft ' }).data,
    ).toEqual({
      intent: 'refund',
      orderId,
      request: {
        reason: 'spoiled',
        note: 'two soft',
        lines: [
          { itemId: 11, quantity: 2 },
          { itemId: 12, quantity: 0 },
        ],
      },
    });
    expect(parse({ reason: 'short_weight', by: 'amount', amount: '1,250.50' }).data).toMatchObject({
      request: { reason: 'short_weight', amountKobo: 125_050 },
    });
    expect(parse({ reason: 'cancelled' }).data).toEqual({
      intent: 'refund',
      orderId,
      request: { reason: 'cancelled', note: null },
    });
  });

  it('names the field that is wrong, in words', () => {
    const issue = (fields: Record<string, string>) => parse(fields).error?.issues[0];
    expect(issue({ by: 'all' })).toMatchObject({ path: ['reason'], message: REFUND_FORM_MESSAGES.reason });
    expect(issue({ reason: 'provider' })).toMatchObject({ path: ['reason'] });
    expect(issue({ reason: 'other', by: 'amount', amount: '0' })).toMatchObject({
      path: ['amount'],
      message: REFUND_FORM_MESSAGES.amount,
    });
    expect(issue({ reason: 'other', by: 'lines', 'line-11': '-1' })).toMatchObject({
      path: ['line-11'],
      message: REFUND_FORM_MESSAGES.lines,
    });
    expect(issue({ reason: 'other', note: 'x'.repeat(501) })).toMatchObject({ path: ['note'] });
  });
});
