import { groupThousands } from '../money';
import { POND_KIND_LABEL, type PondKind } from './species';

/**
 * How many fish a pond usually holds (issue 50). Above it is a warning, never a refusal: Nigerian farms with
 * water exchange run far denser than the textbooks, and the farmer knows their water.
 */
export const USUAL_DENSITY: Record<PondKind, { max: number; per: 'm2' | 'm3'; source: string }> = {
  earthen_pond: {
    max: 10,
    per: 'm2',
    source: 'FAO: static (still-water) earthen ponds hold 2–10 catfish per m²; tilapia ponds 2–3 per m².',
  },
  concrete_tank: {
    max: 200,
    per: 'm3',
    source:
      'Nigerian tank farms with water exchange, e.g. 10,000 fish in an 8 × 6 m pond: about 200 fish per m³ ' +
      'at 1 m of water. FreshCatch’s reading of that example, not a published limit.',
  },
  tarpaulin_tank: {
    max: 200,
    per: 'm3',
    source: 'As for concrete tanks (about 200 fish per m³ with water exchange); FreshCatch’s reading.',
  },
  cage: {
    max: 200,
    per: 'm3',
    source:
      'No figure of its own in FreshCatch’s sources: the tank figure (about 200 fish per m³) is used, as a ' +
      'cage’s water is always changing.',
  },
};

export interface PondSize {
  kind: PondKind;
  areaM2?: number | null;
  depthM?: number | null;
  volumeM3?: number | null;
}

function positive(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** The water a pond holds: its m³ when given, else m² × depth; null when neither is known. */
export function pondVolumeM3(pond: PondSize): number | null {
  if (positive(pond.volumeM3)) return pond.volumeM3;
  if (positive(pond.areaM2) && positive(pond.depthM)) return pond.areaM2 * pond.depthM;
  return null;
}

/** The pond's surface: its m² when given, else m³ ÷ depth; null when neither is known. */
export function pondAreaM2(pond: PondSize): number | null {
  if (positive(pond.areaM2)) return pond.areaM2;
  if (positive(pond.volumeM3) && positive(pond.depthM)) return pond.volumeM3 / pond.depthM;
  return null;
}

function figure(value: number): string {
  return value >= 100 ? groupThousands(value) : String(Math.round(value * 10) / 10);
}

/** A plain warning when stocking `count` fish is above the usual range for the pond; null otherwise. */
export function densityWarning(pond: PondSize, count: number): string | null {
  if (!(count > 0)) return null;
  const usual = USUAL_DENSITY[pond.kind];
  const size = usual.per === 'm2' ? pondAreaM2(pond) : pondVolumeM3(pond);
  if (size === null) return null;
  const density = count / size;
  if (density <= usual.max) return null;
  const unit = usual.per === 'm2' ? 'm²' : 'm³';
  const kind = POND_KIND_LABEL[pond.kind].toLowerCase();
  return (
    `${groupThousands(count)} fish in ${figure(size)} ${unit} is ${figure(density)} fish per ${unit}, above the usual ` +
    `${usual.max} per ${unit} for ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}: stock fewer, or change the water often ` +
    `and watch the oxygen.`
  );
}
