const naira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** ₦ with the Nigerian locale and no decimals (spec §9). Money is kept in kobo everywhere else. */
export function formatNaira(kobo: number): string {
  return naira.format(Math.round(kobo / 100));
}

/** 1000 → "1 kg", 500 → "500 g", 15000 → "15 kg", 1250 → "1.25 kg". */
export function formatWeight(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${Number((grams / 1000).toFixed(2))} kg`;
}

/** "per kg", "per 500 g", "per 15 kg": the unit a price is for. */
export function perWeightLabel(grams: number): string {
  return grams === 1000 ? 'per kg' : `per ${formatWeight(grams)}`;
}
