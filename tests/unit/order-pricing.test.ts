import { refusedPart } from '#core/checkout/refusals';
import { SLOT_REFUSED_TITLE } from '#core/delivery/slots';
import { METHOD_REFUSED_TITLE } from '#core/delivery/shelf-life';
import { NOT_ENOUGH_STOCK_TITLE } from '#core/stock/rules';
import { describe, expect, it } from 'vitest';
import {
  findRate,
  freeDeliveryNote,
  payBlockNotes,
  payBlockers,
  priceOrder,
  type RateFacts,
} from '#core/checkout/pricing';
import { formatNaira } from '#core/money';
import { missingProfileFields } from '#core/accounts/profile';

const naira = (n: number) => n * 100;
const rates: RateFacts[] = [
  {
    location: 'Port Harcourt',
    method: 'standard',
    baseRateKobo: naira(2_500),
    pickupLocations: [],
    freeFromKobo: null,
  },
  {
    location: 'Lagos',
    method: 'express',
    baseRateKobo: naira(8_000),
    pickupLocations: [],
    freeFromKobo: null,
  },
];
// 2 × ₦4,800 (1 kg) + 1 × ₦26,500 (15 kg): subtotal ₦36,100, 17 kg
const lines = [
  { priceKobo: naira(4_800), quantity: 2, weightGrams: 1_000 },
  { priceKobo: naira(26_500), quantity: 1, weightGrams: 15_000 },
];

describe('order price (spec §9): total = subtotal + fee − discount, in kobo', () => {
  it('uses the stored rate for the location and method, case-insensitively', () => {
    const price = priceOrder({ lines, rates, location: 'port harcourt', method: 'standard' });
    expect(price).toMatchObject({
      subtotalKobo: naira(36_100),
      totalWeightGrams: 17_000,
      discountKobo: 0,
      usedDefaultRate: false,
    });
    expect(price.deliveryFee.feeKobo).toBe(naira(2_500));
    expect(price.totalKobo).toBe(naira(38_600));
  });

  it('falls back to the default rates when none is stored (express ₦4,000)', () => {
    const price = priceOrder({ lines, rates, location: 'Kano', method: 'express' });
    expect(price.usedDefaultRate).toBe(true);
    expect(price.deliveryFee.feeKobo).toBe(naira(4_000));
  });

  it('charges heavy orders by the 50 kg rule (base ₦2,500 and 120 kg → ₦6,000)', () => {
    const heavy = [{ priceKobo: naira(1_000), quantity: 8, weightGrams: 15_000 }];
    expect(
      priceOrder({ lines: heavy, rates, location: 'Port Harcourt', method: 'standard' }).deliveryFee,
    ).toEqual({
      feeKobo: naira(6_000),
      blocks: 2,
      remainderGrams: 20_000,
    });
  });

  it('percent: subtotal × percent ÷ 100', () => {
    const price = priceOrder({
      lines,
      rates,
      location: 'Port Harcourt',
      method: 'standard',
      discount: { type: 'percent', code: 'X', percent: 10 },
    });
    expect(price.discountKobo).toBe(naira(3_610));
    expect(price.totalKobo).toBe(naira(36_100 + 2_500 - 3_610));
  });

  it('amount: capped at the subtotal', () => {
    const price = priceOrder({
      lines: [{ priceKobo: naira(1_000), quantity: 1, weightGrams: 1_000 }],
      rates,
      location: 'Port Harcourt',
      method: 'standard',
      discount: { type: 'amount', code: 'X', amountKobo: naira(2_000) },
    });
    expect(price.discountKobo).toBe(naira(1_000));
    expect(price.totalKobo).toBe(naira(2_500));
  });

  it('free delivery: the fee becomes 0, the shown discount 0, and the order stores the waived fee', () => {
    const price = priceOrder({
      lines,
      rates,
      location: 'Port Harcourt',
      method: 'standard',
      discount: { type: 'free_delivery', code: 'FREEDELIVERY', minOrderAmountKobo: null },
    });
    expect(price).toMatchObject({
      discountKobo: 0,
      storedDiscountKobo: naira(2_500),
      fullDeliveryFeeKobo: naira(2_500),
      totalKobo: naira(36_100),
    });
    expect(price.deliveryFee.feeKobo).toBe(0);
  });

  it('finds a rate only for the exact method', () => {
    expect(findRate(rates, 'LAGOS', 'express')?.baseRateKobo).toBe(naira(8_000));
    expect(findRate(rates, 'Lagos', 'standard')).toBeUndefined();
  });
});

describe("the owner's free delivery from an amount (decision 045)", () => {
  // Port Harcourt: standard ₦2,500, free from ₦50,000; pickup never has the rule.
  const ph: RateFacts[] = [
    { ...rates[0]!, freeFromKobo: naira(50_000) },
    {
      location: 'Port Harcourt',
      method: 'pickup',
      baseRateKobo: naira(1_000),
      pickupLocations: ['Trans-Amadi'],
      freeFromKobo: null,
    },
  ];
  const goods = (nairaWorth: number) => [{ priceKobo: naira(nairaWorth), quantity: 1, weightGrams: 2_000 }];
  const price = (nairaWorth: number, discount: Parameters<typeof priceOrder>[0]['discount'] = null) =>
    priceOrder({
      lines: goods(nairaWorth),
      rates: ph,
      location: 'Port Harcourt',
      method: 'standard',
      discount,
    });

  it('charges below the amount and says how much more makes it free', () => {
    const below = price(49_999);
    expect(below.deliveryFee.feeKobo).toBe(naira(2_500));
    expect(below.totalKobo).toBe(naira(52_499));
    expect(below.freeDelivery).toEqual({ fromKobo: naira(50_000), reached: false, shortKobo: naira(1) });
    expect(freeDeliveryNote(below, 'Port Harcourt', formatNaira)).toBe(
      'Add ₦1 more for free delivery within Port Harcourt.',
    );
  });

  it('is free from the amount itself ("above ₦50,000" as buyers read it), and nothing is stored as a discount', () => {
    const at = price(50_000);
    expect(at.deliveryFee.feeKobo).toBe(0);
    expect(at.fullDeliveryFeeKobo).toBe(naira(2_500));
    expect(at).toMatchObject({ totalKobo: naira(50_000), discountKobo: 0, storedDiscountKobo: 0 });
    expect(freeDeliveryNote(at, 'Port Harcourt', formatNaira)).toBe(
      'Free delivery within Port Harcourt: your order is ₦50,000 or more.',
    );
  });

  it('counts the goods after a percent or amount discount', () => {
    const afterPercent = price(52_000, { type: 'percent', code: 'TEN', percent: 10 });
    expect(afterPercent.deliveryFee.feeKobo).toBe(naira(2_500));
    expect(afterPercent.totalKobo).toBe(naira(52_000 - 5_200 + 2_500));
    expect(afterPercent.freeDelivery?.shortKobo).toBe(naira(3_200));
    const afterAmount = price(55_000, { type: 'amount', code: 'OFF', amountKobo: naira(5_000) });
    expect(afterAmount.deliveryFee.feeKobo).toBe(0);
    expect(afterAmount.totalKobo).toBe(naira(50_000));
  });

  it('leaves a free-delivery code nothing to waive once the order is free anyway', () => {
    const free = price(60_000, { type: 'free_delivery', code: 'FREEDELIVERY', minOrderAmountKobo: null });
    expect(free).toMatchObject({ totalKobo: naira(60_000), storedDiscountKobo: 0 });
    const coded = price(10_000, { type: 'free_delivery', code: 'FREEDELIVERY', minOrderAmountKobo: null });
    expect(coded).toMatchObject({ totalKobo: naira(10_000), storedDiscountKobo: naira(2_500) });
  });

  it('says nothing of "more for free delivery" when a free-delivery code already makes it free', () => {
    const coded = price(12_500, { type: 'free_delivery', code: 'FREEDELIVERY', minOrderAmountKobo: null });
    expect(coded.deliveryFee.feeKobo).toBe(0);
    expect(freeDeliveryNote(coded, 'Port Harcourt', formatNaira)).toBeNull();
  });

  it('has no rule for pickup, another method or a location without one', () => {
    const big = goods(80_000);
    const pickup = priceOrder({ lines: big, rates: ph, location: 'Port Harcourt', method: 'pickup' });
    expect(pickup.freeDelivery).toBeNull();
    expect(pickup.deliveryFee.feeKobo).toBe(naira(1_000));
    const lagos = priceOrder({ lines: big, rates: ph, location: 'Lagos', method: 'standard' });
    expect(lagos.freeDelivery).toBeNull();
    expect(lagos.deliveryFee.feeKobo).toBeGreaterThan(0);
    expect(freeDeliveryNote(lagos, 'Lagos', formatNaira)).toBeNull();
  });
});

describe('the pay button (spec §4)', () => {
  const ready = {
    placing: false,
    calculating: false,
    profileComplete: true,
    method: 'standard' as const,
    pickupLocation: '',
    pickupPoints: [] as string[],
    totalKobo: 100,
    discount: null,
    subtotalKobo: 100,
  };
  it('is enabled when nothing blocks it', () => expect(payBlockers(ready)).toEqual([]));
  it('is disabled for each of the spec’s reasons', () => {
    expect(payBlockers({ ...ready, placing: true })).toEqual(['placing']);
    expect(payBlockers({ ...ready, calculating: true })).toEqual(['calculating']);
    expect(payBlockers({ ...ready, profileComplete: false })).toEqual(['profile-incomplete']);
    expect(payBlockers({ ...ready, method: 'pickup' })).toEqual(['no-pickup-location']);
    expect(payBlockers({ ...ready, method: 'pickup', pickupLocation: 'Rumuokoro Junction Hub' })).toEqual([]);
    expect(payBlockers({ ...ready, totalKobo: 0 })).toEqual(['total-not-positive']);
    expect(
      payBlockers({ ...ready, discount: { type: 'free_delivery', code: 'F', minOrderAmountKobo: 200 } }),
    ).toEqual(['free-delivery-minimum']);
    // The server refuses a free-delivery code under its minimum (its message says how much): Pay waits.
    expect(payBlockers({ ...ready, discountRefused: 'minimum' })).toEqual(['free-delivery-minimum']);
    expect(payBlockers({ ...ready, discountRefused: 'unknown' })).toEqual([]);
  });

  const NO_PICKUP = 'No pickup option available for your location.';
  const pickup = { ...ready, method: 'pickup' as const };
  const points = ['Trans-Amadi Cold Room, 14 Trans-Amadi Road', 'Rumuokoro Junction Hub'];
  it('says the summary’s pickup words exactly while Pay waits for them (spec §4, §8)', () => {
    // Kano has no pickup points: the summary says so, and Pay waits for a typed pickup location.
    expect(payBlockNotes(payBlockers(pickup))).toEqual([NO_PICKUP]);
    // A pickup location typed: Pay is enabled and the summary no longer says there is none.
    const typed = payBlockers({ ...pickup, pickupLocation: 'Sabon Gari market gate' });
    expect(typed).toEqual([]);
    expect(payBlockNotes(typed)).toEqual([]);
  });

  it('asks for one of the listed pickup points, never saying there is none', () => {
    const notChosen = payBlockers({ ...pickup, pickupPoints: points });
    expect(notChosen).toEqual(['pickup-point-not-chosen']);
    expect(payBlockNotes(notChosen)).toEqual(['Choose a pickup point.']);
    expect(payBlockers({ ...pickup, pickupPoints: points, pickupLocation: points[1]! })).toEqual([]);
    // Blocks with words of their own elsewhere (the profile banner, the code's message) add none here.
    expect(payBlockNotes(payBlockers({ ...ready, profileComplete: false, totalKobo: 0 }))).toEqual([]);
  });
});

describe('profile completeness (spec §5)', () => {
  it('lists what is missing with the spec’s labels, treating blanks as missing', () => {
    expect(
      missingProfileFields({ name: 'Ada', phone: ' ', email: 'ada@example.ng', address: null, location: '' }),
    ).toEqual(['Phone number', 'Delivery address', 'Location']);
    expect(
      missingProfileFields({ name: '', phone: null, email: null, address: null, location: null }),
    ).toEqual(['Full name', 'Phone number', 'Email', 'Delivery address', 'Location']);
    expect(
      missingProfileFields({
        name: 'Ada',
        phone: '0803',
        email: 'a@b.ng',
        address: '1 Road',
        location: 'Lagos',
      }),
    ).toEqual([]);
  });
});

describe('where checkout says a refused order (issue 48)', () => {
  it('puts stock that dropped beside the items and a closed slot beside the slots', () => {
    expect(refusedPart({ title: NOT_ENOUGH_STOCK_TITLE, fieldErrors: {} })).toBe('items');
    expect(refusedPart({ title: 'Out of stock', fieldErrors: {} })).toBe('items');
    expect(refusedPart({ title: SLOT_REFUSED_TITLE, fieldErrors: {} })).toBe('delivery-slot');
    expect(refusedPart({ title: METHOD_REFUSED_TITLE, fieldErrors: { deliveryMethod: 'x' } })).toBe(
      'delivery-method',
    );
    expect(refusedPart({ title: 'Invalid input', fieldErrors: { pickupLocation: 'x' } })).toBe(
      'pickup-point',
    );
    expect(refusedPart({ title: 'Discount Code Expired', fieldErrors: {} })).toBe('discount-code');
  });

  it('keeps a refusal about nothing on the page beside Pay', () => {
    expect(refusedPart({ title: 'Order Processing Error', fieldErrors: {} })).toBeNull();
  });
});
