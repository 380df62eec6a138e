import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { farmCycles, ponds } from '../../db/schema';
import { daysBetween } from '../calendar';
import { Invalid, NotFound } from '../errors';
import type { FarmAccess } from './farms';
import { requireOwner } from './farms';
import { feedingTableFor } from './feeding-tables';
import { densityWarning } from './ponds';
import type { PondForm, StockForm } from './schemas';

/** Ponds and their stockings (issue 50 §1–2): the owner's to make; the book's lines hang on a cycle. */

export const POND_MESSAGES = {
  nameTaken: 'The farm has a pond of this name already',
  notFound: 'This pond is not on the farm.',
  occupied: 'This pond has fish in it already: harvest its cycle before stocking it again',
  future: "The stocking date can't be in the future",
  tooOld: 'The stocking date is more than five years ago: check the year',
} as const;

/** How far back a stocking may be entered: a farmer writing up an old cycle, not a typo of the year. */
const OLDEST_STOCKING_DAYS = 5 * 366;

export async function addPond(db: Db, access: FarmAccess, form: PondForm): Promise<{ id: number }> {
  requireOwner(access);
  try {
    const [pond] = await db
      .insert(ponds)
      .values({ farmId: access.farmId, ...form })
      .returning({ id: ponds.id });
    return pond!;
  } catch (error) {
    if (isUniqueViolation(error, 'ponds_name_unique'))
      throw new Invalid(POND_MESSAGES.nameTaken, { name: [POND_MESSAGES.nameTaken] });
    throw error;
  }
}

export interface PondRow {
  id: number;
  name: string;
  kind: (typeof ponds.$inferSelect)['kind'];
  areaM2: number | null;
  depthM: number | null;
  volumeM3: number | null;
  cycleId: number | null;
}

/** The farm's ponds, each with its open cycle's id (or null: empty). */
export async function pondsOf(db: Db, access: FarmAccess): Promise<PondRow[]> {
  return db
    .select({
      id: ponds.id,
      name: ponds.name,
      kind: ponds.kind,
      areaM2: ponds.areaM2,
      depthM: ponds.depthM,
      volumeM3: ponds.volumeM3,
      cycleId: farmCycles.id,
    })
    .from(ponds)
    .leftJoin(farmCycles, and(eq(farmCycles.pondId, ponds.id), isNull(farmCycles.closedOn)))
    .where(eq(ponds.farmId, access.farmId))
    .orderBy(asc(ponds.name));
}

/**
 * Stocks an empty pond: a new cycle. A density above the usual range for the pond's kind is a
 * warning the owner is shown, not a refusal (Nigerian tank farms run far denser than FAO's ponds).
 */
export async function stockPond(
  db: Db,
  access: FarmAccess,
  form: StockForm,
  today: string,
): Promise<{ cycleId: number; warning: string | null }> {
  requireOwner(access);
  if (form.stockedOn > today) throw new Invalid(POND_MESSAGES.future, { stockedOn: [POND_MESSAGES.future] });
  if (daysBetween(form.stockedOn, today) > OLDEST_STOCKING_DAYS)
    throw new Invalid(POND_MESSAGES.tooOld, { stockedOn: [POND_MESSAGES.tooOld] });
  const [pond] = await db
    .select()
    .from(ponds)
    .where(and(eq(ponds.id, form.pondId), eq(ponds.farmId, access.farmId)));
  if (!pond) throw new NotFound(POND_MESSAGES.notFound);
  try {
    const cycle = await openCycle(db, {
      farmId: access.farmId,
      pondId: pond.id,
      species: form.species,
      stockedOn: form.stockedOn,
      stockedCount: form.count,
      stockedAvgMg: Math.round(form.averageG * 1000),
      source: form.source,
      stockCostKobo: form.cost,
      targetG: form.targetG,
      feedingTable: feedingTableFor(form.species).id,
    });
    return { cycleId: cycle.id, warning: densityWarning(pond, form.count) };
  } catch (error) {
    if (isUniqueViolation(error, 'farm_cycles_one_open_per_pond'))
      throw new Invalid(POND_MESSAGES.occupied, { pondId: [POND_MESSAGES.occupied] });
    throw error;
  }
}

/**
 * A new cycle in an empty pond: this module writes farm_cycles, and the others (a move into an empty
 * pond) call it. The pond's one open cycle is the database's to keep (farm_cycles_one_open_per_pond).
 */
export async function openCycle(db: Db, values: typeof farmCycles.$inferInsert): Promise<{ id: number }> {
  const [cycle] = await db.insert(farmCycles).values(values).returning({ id: farmCycles.id });
  return cycle!;
}

/** A cycle ends on `on`: its last harvest, or the move that took its last fish. */
export async function closeCycle(db: Db, cycleId: number, on: string): Promise<void> {
  await db.update(farmCycles).set({ closedOn: on }).where(eq(farmCycles.id, cycleId));
}

/** The owner sets their own feeding rate for a cycle (null: back to the feeding table's). */
export async function setCycleRate(
  db: Db,
  access: FarmAccess,
  cycleId: number,
  ratePercent: number | null,
): Promise<void> {
  requireOwner(access);
  const changed = await db
    .update(farmCycles)
    .set({ ratePercent })
    .where(and(eq(farmCycles.id, cycleId), eq(farmCycles.farmId, access.farmId), isNull(farmCycles.closedOn)))
    .returning({ id: farmCycles.id });
  if (changed.length === 0) throw new NotFound('This cycle is not open on the farm.');
}
