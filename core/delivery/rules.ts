import type { DeliveryMethod } from './methods';

/** Base rates used when no rate is stored, while loading, or on error (spec §9), in kobo. */
export const DEFAULT_BASE_RATES_KOBO: Record<DeliveryMethod, number> = {
  standard: 250_000,
  express: 400_000,
  joint: 200_000,
  pickup: 100_000,
};
/** Unknown method, or no method/location (spec §9). */
export const FALLBACK_BASE_RATE_KOBO = 250_000;

export function defaultBaseRateKobo(method: string | null | undefined): number {
  return method && method in DEFAULT_BASE_RATES_KOBO
    ? DEFAULT_BASE_RATES_KOBO[method as DeliveryMethod]
    : FALLBACK_BASE_RATE_KOBO;
}

const BLOCK_GRAMS = 50_000;

export interface DeliveryFee {
  feeKobo: number;
  /** Full 50 kg blocks charged at the base rate (0 when the weight is 50 kg or less). */
  blocks: number;
  /** Weight above the full blocks, charged at base/50 per kg. */
  remainderGrams: number;
}

/**
 * Delivery fee (spec §9): up to 50 kg costs the base rate; above that each full 50 kg block costs the
 * base rate and the remaining weight is charged at base ÷ 50 per kg. Base ₦2,500 and 120 kg → ₦6,000.
 * Rounded to the nearest kobo.
 */
export function computeDeliveryFee(baseRateKobo: number, totalWeightGrams: number): DeliveryFee {
  if (!Number.isInteger(baseRateKobo) || baseRateKobo < 0)
    throw new RangeError('base rate must be whole kobo ≥ 0');
  if (!Number.isFinite(totalWeightGrams) || totalWeightGrams < 0) throw new RangeError('weight must be ≥ 0');
  const { blocks, remainderGrams } = deliveryBlocks(totalWeightGrams);
  if (blocks === 0) return { feeKobo: baseRateKobo, blocks, remainderGrams };
  const feeKobo = blocks * baseRateKobo + Math.round((remainderGrams * baseRateKobo) / BLOCK_GRAMS);
  return { feeKobo, blocks, remainderGrams };
}

/** The 50 kg blocks of a weight and what is left over (none up to 50 kg, spec §9). */
export function deliveryBlocks(totalWeightGrams: number): { blocks: number; remainderGrams: number } {
  if (totalWeightGrams <= BLOCK_GRAMS) return { blocks: 0, remainderGrams: 0 };
  const blocks = Math.floor(totalWeightGrams / BLOCK_GRAMS);
  return { blocks, remainderGrams: totalWeightGrams - blocks * BLOCK_GRAMS };
}
