/**
 * ₦ and whole naira grouped in thousands, exactly as Intl's en-NG NGN currency format writes them
 * ("₦4,800", "-₦4,800"; spec §9) — written out rather than asked of Intl because a page's first Intl
 * formatter loads the browser's locale data: 20–30 ms on this machine, ~100 ms on a phone 4× slower,
 * on every storefront page (tests/unit/env-and-format.test.ts checks it against Intl).
 * Money is kept in kobo everywhere else.
 */
export function formatNaira(kobo: number): string {
  const naira = Math.round(kobo / KOBO_PER_NAIRA);
  return `${naira < 0 ? '-' : ''}₦${groupThousands(Math.abs(naira))}`;
}

/**
 * A whole number grouped as en-NG writes it: 10000 → "10,000". Written out rather than asked of Intl,
 * whose locale data costs a phone's first page dearly (docs/decisions/022).
 */
export function groupThousands(whole: number): string {
  const digits = String(Math.abs(Math.round(whole))).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${whole < 0 ? '-' : ''}${digits}`;
}

/** 1000 → "1 kg", 500 → "500 g", 15000 → "15 kg", 1250 → "1.25 kg". */
export function formatWeight(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${Number((grams / 1000).toFixed(2))} kg`;
}

/**
 * A farm's weight as a farmer reads it (the farm book's fish, feed and harvests): "0.4 g", "90 g",
 * "3.64 kg", "1,012 kg" (whole kilos from 100 kg). Grams may be fractional (an average per fish).
 */
export function formatKg(grams: number): string {
  if (grams >= 100_000) return `${groupThousands(Math.round(grams / 1000))} kg`;
  if (grams >= 1000) return formatWeight(Math.round(grams));
  return `${Number(grams.toFixed(grams < 10 ? 1 : 0))} g`;
}

/** "per kg", "per 500 g", "per 15 kg": the unit a price is for. */
export function perWeightLabel(grams: number): string {
  return grams === 1000 ? 'per kg' : `per ${formatWeight(grams)}`;
}

/** Money is kept in kobo and weights in grams (docs/decisions/002); these are the only conversions. */
export const KOBO_PER_NAIRA = 100;
export const GRAMS_PER_KG = 1000;

export function nairaToKobo(naira: number): number {
  return Math.round(naira * KOBO_PER_NAIRA);
}

export function koboToNaira(kobo: number): number {
  return kobo / KOBO_PER_NAIRA;
}

/** Kobo as a plain naira figure with two decimals ("4200.00"), for forms, feeds and spreadsheets. */
export function nairaFigure(kobo: number): string {
  return koboToNaira(kobo).toFixed(2);
}

export function kgToGrams(kg: number): number {
  return Math.round(kg * GRAMS_PER_KG);
}

export function gramsToKg(grams: number): number {
  return grams / GRAMS_PER_KG;
}

const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * What an admin typed in a naira field ("4200", "4,200.50", " 4200.5 ") as kobo, or null when it is not
 * a non-negative amount with at most two decimals. Read as text, so 0.1 + 0.2 never comes into it.
 */
export function parseNaira(text: string): number | null {
  const plain = text.trim().replace(/,/g, '');
  if (!DECIMAL.test(plain)) return null;
  const [whole, fraction = ''] = plain.split('.');
  return Number(whole) * KOBO_PER_NAIRA + Number(fraction.padEnd(2, '0'));
}

/** A weight typed in kg ("1", "0.25", "1.5") as grams, or null; kilograms with at most two decimals. */
export function parseKg(text: string): number | null {
  const plain = text.trim();
  if (!DECIMAL.test(plain)) return null;
  const [whole, fraction = ''] = plain.split('.');
  return Number(whole) * GRAMS_PER_KG + Number(fraction.padEnd(2, '0')) * 10;
}
