import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { preparedPerDb } from '../../db/prepared';
import { deliveryRates } from '../../db/schema';
import type { AdminActor } from '../roles';
import { recordRowChange } from '../audit/log';
import { Conflict, NotFound } from '../errors';
import { DELIVERY_METHOD_LABELS, locationSuggestions } from './methods';
import { distinctPlaces, matchPlace, placeName } from './places';
import { DELIVERY_RATE_CLASH, DELIVERY_RATE_NOT_FOUND, freeFromFor, pickupLocationsFor } from './rates';
import type { DeliveryRateFormInput } from './schemas';

/**
 * The admin's delivery rates (spec §2 "Delivery Rates", §5): one rate per location and method. Checkout
 * reads the table on every quote (core/checkout/quote.ts), so a change is used by the very next one.
 */

export type AdminDeliveryRate = typeof deliveryRates.$inferSelect;

/** Every stored delivery rate, as the pricing rules take them (core/checkout/pricing.ts RateFacts). */
export async function loadRates(db: Db | Tx) {
  return allRates(db).execute();
}

const allRates = preparedPerDb((db) =>
  db
    .select({
      location: deliveryRates.location,
      method: deliveryRates.method,
      baseRateKobo: deliveryRates.baseRateKobo,
      pickupLocations: deliveryRates.pickupLocations,
      freeFromKobo: deliveryRates.freeFromKobo,
    })
    .from(deliveryRates)
    // The first rate saved for a place gives the list its spelling (places.ts distinctPlaces).
    .orderBy(asc(deliveryRates.id)),
);

/**
 * The places the shop delivers to (spec §9's suggestions, then the rates' locations): the list buyers
 * choose from, and that a place typed by hand is matched against (core/delivery/places.ts).
 */
export async function deliveryPlaces(db: Db | Tx): Promise<string[]> {
  return locationSuggestions((await loadRates(db)).map((r) => r.location));
}

/** The rates' locations, each once: where a delivery slot may be set (slots need a rate). */
export async function ratedPlaces(db: Db | Tx): Promise<string[]> {
  const places = distinctPlaces((await loadRates(db)).map((r) => r.location));
  return places.sort((a, b) => a.localeCompare(b, 'en'));
}

/** Sorted by location (whatever its case), then in the order the methods are offered. */
export async function listDeliveryRatesForAdmin(db: Db, _admin: AdminActor): Promise<AdminDeliveryRate[]> {
  return db
    .select()
    .from(deliveryRates)
    .orderBy(
      asc(sql`lower(${deliveryRates.location})`),
      asc(sql`array_position(enum_range(null::delivery_method), ${deliveryRates.method})`),
    );
}

export async function getDeliveryRateForAdmin(
  db: Db,
  _admin: AdminActor,
  id: number,
): Promise<AdminDeliveryRate> {
  const [row] = await db.select().from(deliveryRates).where(eq(deliveryRates.id, id));
  if (!row) throw new NotFound(DELIVERY_RATE_NOT_FOUND);
  return row;
}

/**
 * A rate's location as typed, matched to the places already on the list (the suggestions and the other
 * rates): "port harcourt" is saved as Port Harcourt, so one place has one spelling. A new place is kept
 * as typed, trimmed.
 */
async function listedLocation(tx: Tx, input: DeliveryRateFormInput, exceptId?: number) {
  const others = await tx
    .select({ location: deliveryRates.location })
    .from(deliveryRates)
    .where(exceptId === undefined ? undefined : ne(deliveryRates.id, exceptId))
    .orderBy(asc(deliveryRates.id));
  const list = locationSuggestions(others.map((r) => r.location));
  return { ...input, location: matchPlace(placeName(input.location), list).place };
}

function columns(input: DeliveryRateFormInput) {
  return {
    location: input.location,
    method: input.method,
    baseRateKobo: input.baseRate,
    pickupLocations: pickupLocationsFor(input.method, input.pickupLocations),
    freeFromKobo: freeFromFor(input.method, input.freeFrom),
  };
}

function clash(input: DeliveryRateFormInput): Conflict {
  return new Conflict(
    DELIVERY_RATE_CLASH(input.location, DELIVERY_METHOD_LABELS[input.method].toLowerCase()),
    'Rate already exists',
  );
}

/** One rate per location and method ("Lagos" and "lagos" are one place): a clash is a clear 409. */
async function refuseClash(tx: Tx, input: DeliveryRateFormInput, exceptId?: number): Promise<void> {
  const [other] = await tx
    .select({ id: deliveryRates.id })
    .from(deliveryRates)
    .where(
      and(
        eq(sql`lower(${deliveryRates.location})`, input.location.toLowerCase()),
        eq(deliveryRates.method, input.method),
        exceptId === undefined ? undefined : ne(deliveryRates.id, exceptId),
      ),
    );
  if (other) throw clash(input);
}

/** Runs a write, answering the unique index's refusal (two admins saving the same rate at once) as a clash. */
async function guarded<T>(input: DeliveryRateFormInput, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'delivery_rates_location_method_unique')) throw clash(input);
    throw error;
  }
}

const labelOf = (rate: { location: string; method: keyof typeof DELIVERY_METHOD_LABELS }) =>
  `${rate.location} — ${DELIVERY_METHOD_LABELS[rate.method]}`;

export async function createDeliveryRate(
  db: Db,
  admin: AdminActor,
  typed: DeliveryRateFormInput,
): Promise<AdminDeliveryRate> {
  return guarded(typed, () =>
    db.transaction(async (tx) => {
      const input = await listedLocation(tx, typed);
      await refuseClash(tx, input);
      const [created] = await tx.insert(deliveryRates).values(columns(input)).returning();
      await recordRowChange(tx, admin, 'delivery_rate', labelOf, { created: created! });
      return created!;
    }),
  );
}

export async function updateDeliveryRate(
  db: Db,
  admin: AdminActor,
  id: number,
  typed: DeliveryRateFormInput,
): Promise<AdminDeliveryRate> {
  return guarded(typed, () =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(deliveryRates).where(eq(deliveryRates.id, id)).for('update');
      if (!before) throw new NotFound(DELIVERY_RATE_NOT_FOUND);
      const input = await listedLocation(tx, typed, id);
      await refuseClash(tx, input, id);
      const [updated] = await tx
        .update(deliveryRates)
        .set(columns(input))
        .where(eq(deliveryRates.id, id))
        .returning();
      await recordRowChange(tx, admin, 'delivery_rate', labelOf, { before, updated: updated! });
      return updated!;
    }),
  );
}

export async function deleteDeliveryRate(db: Db, admin: AdminActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(deliveryRates).where(eq(deliveryRates.id, id)).returning();
    if (!deleted) throw new NotFound(DELIVERY_RATE_NOT_FOUND);
    await recordRowChange(tx, admin, 'delivery_rate', labelOf, { deleted });
  });
}
