import { describe, expect, it } from 'vitest';
import { computeDeliveryFee, defaultBaseRateKobo } from '#core/delivery/rules';
import { locationSuggestions } from '#core/delivery/methods';

const kg = (n: number) => Math.round(n * 1000);
const naira = (n: number) => n * 100;

describe('delivery fee (spec §9): ≤ 50 kg costs the base rate; above, full 50 kg blocks at base and the rest at base/50 per kg', () => {
  it.each([
    [0, 2_500, 0, 0],
    [50, 2_500, 0, 0],
    [50.5, 2_525, 1, 500],
    [100, 5_000, 2, 0],
    [120, 6_000, 2, 20_000],
    [250, 12_500, 5, 0],
  ])('base ₦2,500 and %s kg → ₦%s', (weightKg, feeNaira, blocks, remainderGrams) => {
    expect(computeDeliveryFee(naira(2_500), kg(weightKg))).toEqual({
      feeKobo: naira(feeNaira),
      blocks,
      remainderGrams,
    });
  });

  it('charges a remainder in kobo, rounded', () => {
    // base ₦1,000 → ₦20 per kg; 50.333 kg → ₦1,000 + 0.333 × ₦20 = ₦1,006.66
    expect(computeDeliveryFee(naira(1_000), 50_333).feeKobo).toBe(100_666);
  });

  it('refuses a negative weight or a fractional base', () => {
    expect(() => computeDeliveryFee(naira(2_500), -1)).toThrow(RangeError);
    expect(() => computeDeliveryFee(2.5, 1000)).toThrow(RangeError);
  });
});

describe('default base rates (spec §9)', () => {
  it('standard 2500, express 4000, joint 2000, pickup 1000, anything else 2500', () => {
    expect(defaultBaseRateKobo('standard')).toBe(naira(2_500));
    expect(defaultBaseRateKobo('express')).toBe(naira(4_000));
    expect(defaultBaseRateKobo('joint')).toBe(naira(2_000));
    expect(defaultBaseRateKobo('pickup')).toBe(naira(1_000));
    expect(defaultBaseRateKobo('drone')).toBe(naira(2_500));
    expect(defaultBaseRateKobo(undefined)).toBe(naira(2_500));
  });
});

describe('location suggestions (spec §9)', () => {
  it('always start with Port Harcourt, Lagos and Abuja, then the locations in use, each once', () => {
    expect(locationSuggestions([])).toEqual(['Port Harcourt', 'Lagos', 'Abuja']);
    expect(locationSuggestions(['lagos', 'Warri ', 'Abuja', 'warri', ' '])).toEqual([
      'Port Harcourt',
      'Lagos',
      'Abuja',
      'Warri',
    ]);
  });
});
