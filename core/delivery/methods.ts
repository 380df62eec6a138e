import type { DeliveryMethod } from '../../db/schema/enums';
import { distinctPlaces } from './places';

/** The methods are the schema's (db/schema/enums.ts); their names are here. */
export { DELIVERY_METHODS, type DeliveryMethod } from '../../db/schema/enums';

export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  standard: 'Standard Delivery',
  express: 'Express Delivery',
  joint: 'Joint Delivery',
  pickup: 'Pickup',
};

/** Where the shop is based and the default delivery location (spec §9). */
export const HOME_LOCATION = 'Port Harcourt';
/** Always offered as suggestions, plus the locations already in use (spec §9). */
export const SUGGESTED_LOCATIONS = ['Port Harcourt', 'Lagos', 'Abuja'] as const;

/**
 * Location suggestions (spec §9): Port Harcourt, Lagos and Abuja always, then the locations already in
 * use (delivery rates), each once whatever its case or spacing (core/delivery/places.ts). This is the
 * list of places the shop delivers to.
 */
export function locationSuggestions(inUse: readonly string[]): string[] {
  return distinctPlaces([...SUGGESTED_LOCATIONS, ...inUse]);
}
