import { SPECIES_SHORT, type Species } from './species';

/**
 * Water readings against the species' safe bands (issue 50). A reading outside its band gets one plain
 * sentence saying what to do today; a reading not taken says nothing.
 */
export interface WaterReading {
  temperatureC?: number | null;
  dissolvedOxygenMgL?: number | null;
  ph?: number | null;
  ammoniaMgL?: number | null;
}

type Band = { min?: number; max?: number; source: string };

const CATFISH: Record<keyof WaterReading, Band> = {
  temperatureC: {
    min: 22,
    max: 32,
    source:
      'The feeding table is for 26–28 °C and catfish die above about 35 °C; the band warns 3 °C before that. ' +
      'The lower bound (growth and feeding fall in cool water) is FreshCatch’s assumption.',
  },
  dissolvedOxygenMgL: {
    min: 1,
    source:
      'Catfish breathe air (80–90 % of their oxygen can come from it), so oxygen matters less than for ' +
      'tilapia; 1 mg/L is FreshCatch’s assumption for a pond in trouble, fingerlings first.',
  },
  ph: {
    min: 6,
    max: 9,
    source: 'No catfish figure in FreshCatch’s sources: the tilapia band (pH 6–9, Kenyan extension) is used.',
  },
  ammoniaMgL: {
    max: 0.34,
    source: 'Un-ionised ammonia at most 0.34 mg NH₃-N/L; growth and feeding fall sharply above about 1.3.',
  },
};

const TILAPIA: Record<keyof WaterReading, Band> = {
  temperatureC: {
    min: 20,
    max: 30,
    source: 'Kenyan extension: 20–30 °C is normal, growth is poor below 16 °C and fish die below 12 °C.',
  },
  dissolvedOxygenMgL: {
    min: 4,
    source: 'Kenyan extension: the optimum is 4 mg/L, and it must never fall below 2.3 mg/L.',
  },
  ph: { min: 6, max: 9, source: 'Kenyan extension: pH 6–9.' },
  ammoniaMgL: {
    max: 1,
    source: 'Un-ionised ammonia above 1 mg/L kills tilapia over weeks, above 2 mg/L quickly.',
  },
};

export const SAFE_BANDS: Record<Species, Record<keyof WaterReading, Band>> = {
  african_catfish: CATFISH,
  hybrid_catfish: CATFISH,
  nile_tilapia: TILAPIA,
};

const FIELDS = ['temperatureC', 'dissolvedOxygenMgL', 'ph', 'ammoniaMgL'] as const;

const READING: Record<keyof WaterReading, (value: number) => string> = {
  temperatureC: (value) => `Water at ${value} °C`,
  dissolvedOxygenMgL: (value) => `Oxygen ${value} mg/L`,
  ph: (value) => `pH ${value}`,
  ammoniaMgL: (value) => `Ammonia ${value} mg/L`,
};

const UNIT: Record<keyof WaterReading, string> = {
  temperatureC: ' °C',
  dissolvedOxygenMgL: ' mg/L',
  ph: '',
  ammoniaMgL: ' mg/L',
};

/** What to do today, by reading and side. */
const ADVICE: Record<keyof WaterReading, { low: string; high: string }> = {
  temperatureC: {
    low: 'feed less until the water warms',
    high: 'shade the pond, add cooler water and feed less today',
  },
  dissolvedOxygenMgL: {
    low: 'stop feeding and add fresh water or aerate now',
    high: 'change some water and feed less today',
  },
  ph: {
    low: 'change some water and ask about liming the pond',
    high: 'change some water and feed less today',
  },
  ammoniaMgL: {
    low: 'change some water and feed less today',
    high: 'change some water and feed less today',
  },
};

/** One plain sentence per reading outside the species' safe band, e.g. "Ammonia 0.8 mg/L is above the safe 0.34 mg/L for catfish: change some water and feed less today." */
export function waterWarnings(
  species: Species,
  reading: WaterReading,
): { field: keyof WaterReading; message: string }[] {
  const bands = SAFE_BANDS[species];
  const fish = SPECIES_SHORT[species];
  const warnings: { field: keyof WaterReading; message: string }[] = [];
  for (const field of FIELDS) {
    const value = reading[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const band = bands[field];
    const side =
      band.min !== undefined && value < band.min
        ? { word: 'below', limit: band.min, advice: ADVICE[field].low }
        : band.max !== undefined && value > band.max
          ? { word: 'above', limit: band.max, advice: ADVICE[field].high }
          : null;
    if (!side) continue;
    warnings.push({
      field,
      message: `${READING[field](value)} is ${side.word} the safe ${side.limit}${UNIT[field]} for ${fish}: ${side.advice}.`,
    });
  }
  return warnings;
}
