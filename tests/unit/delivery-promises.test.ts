import { describe, expect, it } from 'vitest';
import { deliveryPromises } from '#core/delivery/promises';
import { formatNaira } from '#core/money';

const naira = (n: number) => n * 100;
const texts = (...args: Parameters<typeof deliveryPromises>) => deliveryPromises(...args).map((p) => p.text);

describe("the product page's delivery notes, said from the owner's rules (decision 045)", () => {
  const seededRates = [
    { location: 'Lagos', method: 'standard' as const, freeFromKobo: null },
    { location: 'Port Harcourt', method: 'standard' as const, freeFromKobo: naira(50_000) },
    { location: 'Port Harcourt', method: 'express' as const, freeFromKobo: naira(50_000) },
    { location: 'Port Harcourt', method: 'joint' as const, freeFromKobo: naira(50_000) },
    { location: 'Port Harcourt', method: 'pickup' as const, freeFromKobo: null },
  ];
  const seededSlots = [
    { location: 'Port Harcourt', cutoffDaysBefore: 1, cutoffMinute: 18 * 60 },
    { location: 'Port Harcourt', cutoffDaysBefore: 0, cutoffMinute: 12 * 60 },
  ];

  it('with the seeded rules, says the spec’s two notes word for word', () => {
    expect(texts(seededRates, seededSlots, formatNaira)).toEqual([
      'Free delivery within Port Harcourt for orders above ₦50,000',
      'Same-day delivery for orders before 12pm',
    ]);
  });

  it('follows the owner: a new amount, a later cut-off, another city', () => {
    const rates = [
      ...seededRates.map((r) => (r.freeFromKobo ? { ...r, freeFromKobo: naira(75_000) } : r)),
      { location: 'Abuja', method: 'express' as const, freeFromKobo: naira(100_000) },
      { location: 'Abuja', method: 'standard' as const, freeFromKobo: null },
    ];
    const slots = [
      ...seededSlots,
      { location: 'Port Harcourt', cutoffDaysBefore: 0, cutoffMinute: 13 * 60 + 30 },
      { location: 'Abuja', cutoffDaysBefore: 0, cutoffMinute: 10 * 60 },
    ];
    expect(texts(rates, slots, formatNaira)).toEqual([
      'Free delivery within Port Harcourt for orders above ₦75,000',
      'Free express delivery within Abuja for orders above ₦100,000',
      'Same-day delivery for orders before 1:30pm',
      'Same-day delivery within Abuja for orders before 10am',
    ]);
  });

  it('promises nothing the rules do not give', () => {
    const none = seededRates.map((r) => ({ ...r, freeFromKobo: null }));
    expect(
      texts(none, [{ location: 'Port Harcourt', cutoffDaysBefore: 1, cutoffMinute: 18 * 60 }], formatNaira),
    ).toEqual([]);
  });
});
