/**
 * The fish a farm book knows and the ponds it keeps them in (issue 50). The labels are what a farmer reads;
 * the keys are what the database stores, so a key never changes once a cycle has used it.
 */
import { FARM_SPECIES, POND_KINDS, type FarmSpecies, type PondKind } from '../../db/schema/enums';

/** The schema owns the keys (db/schema/enums.ts); here they meet their labels. */
export const SPECIES = FARM_SPECIES;
export type Species = FarmSpecies;
export { POND_KINDS, type PondKind };

export const SPECIES_LABEL: Record<Species, string> = {
  african_catfish: 'African catfish',
  hybrid_catfish: 'Hybrid catfish',
  nile_tilapia: 'Nile tilapia',
};

/** The word a warning uses for the fish: the two catfish share their feeding and their water. */
export const SPECIES_SHORT: Record<Species, string> = {
  african_catfish: 'catfish',
  hybrid_catfish: 'catfish',
  nile_tilapia: 'tilapia',
};

export const POND_KIND_LABEL: Record<PondKind, string> = {
  earthen_pond: 'Earthen pond',
  concrete_tank: 'Concrete tank',
  tarpaulin_tank: 'Tarpaulin or plastic tank',
  cage: 'Cage',
};

export function isSpecies(value: unknown): value is Species {
  return typeof value === 'string' && (SPECIES as readonly string[]).includes(value);
}

export function isPondKind(value: unknown): value is PondKind {
  return typeof value === 'string' && (POND_KINDS as readonly string[]).includes(value);
}
