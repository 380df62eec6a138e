import { describe, expect, it } from 'vitest';
import { cartSubtotalKobo, parseStoredCart, reconcileCart, type CartItem } from '#core/cart/rules';
import {
  nextPriceTier,
  PRICE_TIER_MESSAGES,
  priceTierLabel,
  readPriceTiers,
  unitPriceKobo,
} from '#core/catalog/price-tiers';

// Floating Fish Feed 4 mm (15 kg): ₦25,000 a bag, ₦24,000 from 10 bags, ₦23,000 from 50.
const BAG = 2_500_000;
const TIERS = [
  { minQuantity: 10, priceKobo: 2_400_000 },
  { minQuantity: 50, priceKobo: 2_300_000 },
];

describe('the quantity price of a line (issue 50 §6)', () => {
  it('9 bags at the bag price, 10 at the first tier, 25 still the first, 50 and 60 at the second', () => {
    expect(unitPriceKobo(BAG, TIERS, 9)).toBe(2_500_000);
    expect(unitPriceKobo(BAG, TIERS, 10)).toBe(2_400_000);
    expect(unitPriceKobo(BAG, TIERS, 25)).toBe(2_400_000);
    expect(unitPriceKobo(BAG, TIERS, 50)).toBe(2_300_000);
    expect(unitPriceKobo(BAG, TIERS, 60)).toBe(2_300_000);
  });

  it('stored in any order, the tier with the largest quantity reached wins', () => {
    expect(unitPriceKobo(BAG, [...TIERS].reverse(), 55)).toBe(2_300_000);
  });

  it('never charges more than the price: a tier left above a price since cut is not used', () => {
    expect(unitPriceKobo(2_200_000, TIERS, 12)).toBe(2_200_000);
    expect(unitPriceKobo(BAG, [], 12)).toBe(BAG);
    expect(unitPriceKobo(BAG, undefined, 12)).toBe(BAG);
  });

  it('says how many more reach the next tier, and nothing past the last', () => {
    expect(nextPriceTier(BAG, TIERS, 8)).toEqual({ more: 2, priceKobo: 2_400_000 });
    expect(nextPriceTier(BAG, TIERS, 10)).toEqual({ more: 40, priceKobo: 2_300_000 });
    expect(nextPriceTier(BAG, TIERS, 50)).toBeNull();
    expect(priceTierLabel(TIERS[0]!)).toBe('10+: ₦24,000 each');
  });

  it('a cart of 12 bags costs 12 × ₦24,000, and its lines keep the tiers the server gave', () => {
    const line: CartItem = {
      id: 7,
      name: 'Floating Fish Feed 4 mm (15 kg)',
      priceKobo: BAG,
      currency: 'NGN',
      image: null,
      quantity: 12,
      weightGrams: 15_000,
    };
    expect(cartSubtotalKobo([line])).toBe(12 * BAG);
    const { items, changes } = reconcileCart(
      [line],
      [
        {
          id: 7,
          name: line.name,
          priceKobo: BAG,
          imageUrl: null,
          weightGrams: 15_000,
          inStock: true,
          stockUnit: null,
          stockAvailable: 0,
          priceTiers: TIERS,
        },
      ],
    );
    // The bag price did not change: no "price changed" for a tier that applies.
    expect(changes).toEqual([]);
    expect(cartSubtotalKobo(items)).toBe(12 * 2_400_000);
    // Kept in the browser and read back, tiers that are not tiers are dropped.
    expect(cartSubtotalKobo(parseStoredCart(JSON.stringify(items)))).toBe(12 * 2_400_000);
    const forged = [{ ...items[0], priceTiers: [{ minQuantity: 1, priceKobo: 1 }] }];
    expect(cartSubtotalKobo(parseStoredCart(JSON.stringify(forged)))).toBe(12 * BAG);
  });
});

describe("the admin form's quantity prices", () => {
  const rows = (...pairs: [string, string][]) => pairs.map(([from, price]) => ({ from, price }));

  it('reads rows in naira into kobo, leaving empty rows out', () => {
    expect(readPriceTiers(rows(['10', '24000'], ['', ''], ['50', '23,000']), BAG)).toEqual({
      ok: true,
      tiers: TIERS,
    });
  });

  it('refuses each bad row with its field message', () => {
    const refused = (pairs: [string, string][], base = BAG) => {
      const read = readPriceTiers(rows(...pairs), base);
      return read.ok ? null : read.fieldErrors;
    };
    expect(refused([['1', '24000']])).toEqual({ tier1From: PRICE_TIER_MESSAGES.from });
    expect(refused([['2.5', '24000']])).toEqual({ tier1From: PRICE_TIER_MESSAGES.from });
    expect(refused([['10', '0']])).toEqual({ tier1Price: PRICE_TIER_MESSAGES.price });
    expect(refused([['10', '-5']])).toEqual({ tier1Price: PRICE_TIER_MESSAGES.price });
    expect(refused([['10', '25000']])).toEqual({ tier1Price: PRICE_TIER_MESSAGES.priceBelow });
    expect(refused([['10', '']])).toEqual({ tier1Price: PRICE_TIER_MESSAGES.both });
    expect(
      refused([
        ['10', '24000'],
        ['5', '23000'],
      ]),
    ).toEqual({ tier2From: PRICE_TIER_MESSAGES.fromOrder });
    expect(
      refused([
        ['10', '24000'],
        ['50', '24500'],
      ]),
    ).toEqual({ tier2Price: PRICE_TIER_MESSAGES.priceBelow });
  });
});
