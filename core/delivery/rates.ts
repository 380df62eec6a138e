import type { DeliveryMethod } from './methods';

/** Delivery rate rules (spec §5 "Delivery rate form", §9): pure, used by the form and the service. */

/** Base rates go in steps of ₦100. */
export const BASE_RATE_STEP_KOBO = 100 * 100;
export const MAX_PICKUP_LOCATIONS = 30;
export const MAX_PICKUP_LOCATION_LENGTH = 120;

export const DELIVERY_RATE_CLASH = (location: string, method: string) =>
  `There is already a ${method} rate for ${location}. Edit that one instead.`;
export const DELIVERY_RATE_NOT_FOUND = 'This delivery rate no longer exists.';

/**
 * The chip editor's rule: a pickup location is added only if it is not empty after trimming and not
 * already listed (whatever its case).
 */
export function addPickupLocation(list: readonly string[], typed: string): string[] {
  const name = typed.trim().replace(/\s+/g, ' ');
  if (!name || name.length > MAX_PICKUP_LOCATION_LENGTH) return [...list];
  if (list.some((existing) => existing.toLowerCase() === name.toLowerCase())) return [...list];
  return [...list, name];
}

/** The free-delivery amount saved: none for pickup, which has no delivery to waive (decision 045). */
export function freeFromFor(method: DeliveryMethod, freeFromKobo: number | null | undefined): number | null {
  return method === 'pickup' ? null : (freeFromKobo ?? null);
}

/** What is saved: the cleaned list for pickup (at most 30), an empty list for any other method. */
export function pickupLocationsFor(method: DeliveryMethod, typed: readonly string[]): string[] {
  if (method !== 'pickup') return [];
  return typed.reduce<string[]>(addPickupLocation, []).slice(0, MAX_PICKUP_LOCATIONS);
}
