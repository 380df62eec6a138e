import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { farmEntries, user } from '../../db/schema';
import { dayMonth, shopDay } from '../calendar';
import { Forbidden, Invalid, NotFound } from '../errors';
import { formatKg, groupThousands } from '../money';
import { cycleBook, sampleAverageG } from './book';
import { closeCycle } from './cycles';
import { cyclesWithFacts, type CycleWithFacts } from './facts';
import { feedCostKobo } from './feed-rules';
import { feedPrices } from './feed-store';
import { FARM_REFUSALS, type FarmAccess } from './farms';
import { projectedWeightG } from './plan';
import { ENTRY_MESSAGES, MAX_AVERAGE_G, type EntryInput } from './schemas';
import { waterWarnings } from './water';

/**
 * Writing the book's lines (issue 50 §3–5, §8). Lines come from the day page's forms or, queued on a
 * phone without signal, many at once when it comes back. Each carries the id made where it was
 * written: a line sent again is 'already' and never counts twice; two workers' lines on one pond both
 * count. Every line is checked against its cycle as it stands (fish alive, the stocking date, today),
 * the cycle's row locked meanwhile so two workers' deaths can't take it below zero. One refused line
 * does not hold back the others: the phone is told which, with the field's message.
 */

export const ENTRY_REFUSALS = {
  noCycle: "This pond's fish are not on the farm's book",
  future: "The date can't be in the future",
  beforeStocking: (stockedOn: string) =>
    `The date can't be before the pond was stocked (${dayMonth(stockedOn)})`,
  afterHarvest: (closedOn: string) =>
    `This pond was harvested on ${dayMonth(closedOn)}: nothing can be added after it`,
  moreThanAlive: (alive: number) => `Only ${groupThousands(alive)} fish are alive in this pond`,
  impossibleAverage: (averageG: number) =>
    `An average of ${formatKg(averageG)} per fish is not possible: check the number of fish and their weight`,
  farFromExpected: (averageG: number, expectedG: number) =>
    `An average of ${formatKg(averageG)} per fish is far from the ${formatKg(expectedG)} expected: check the number of fish and their weight`,
} as const;

/** A sample more than this many times off the plan's projection is a slip (grams for kilograms), not growth. */
const SAMPLE_SLIP_FACTOR = 5;

export interface EntryRefusal {
  id: string;
  message: string;
  field: string;
}

export interface RecordedEntries {
  /** Written now. */
  saved: string[];
  /** Written before (a retry, another tab): nothing changed. */
  already: string[];
  refused: EntryRefusal[];
  /** Plain warnings about what was saved (a water reading outside the species' safe band). */
  warnings: { id: string; messages: string[] }[];
}

export async function recordEntries(
  db: Db,
  access: FarmAccess,
  entries: readonly EntryInput[],
  now = new Date(),
): Promise<RecordedEntries> {
  const today = shopDay(now);
  const result: RecordedEntries = { saved: [], already: [], refused: [], warnings: [] };
  await db.transaction(async (tx) => {
    // The cycles' rows first: a send that is still being written (the phone retrying on a slow line)
    // holds them until it is done, and only then is it asked which lines are in the book already.
    const cycles = await cyclesWithFacts(
      tx,
      access.farmId,
      [...new Set(entries.map((entry) => entry.cycleId))],
      { lock: true },
    );
    const known = new Set(
      (
        await tx
          .select({ id: farmEntries.id })
          .from(farmEntries)
          .where(
            inArray(
              farmEntries.id,
              entries.map((entry) => entry.id),
            ),
          )
      ).map((row) => row.id),
    );
    const fresh = entries.filter((entry) => {
      if (!known.has(entry.id)) return true;
      result.already.push(entry.id);
      return false;
    });
    // The farm's feed prices (its receipts and its owner's delivered orders) are read once per send,
    // and only when a feeding line is written: a send of deaths, water and notes never reads them.
    let prices: ReturnType<typeof feedPrices> | undefined;
    const seen = new Set<string>();
    for (const entry of fresh) {
      if (seen.has(entry.id)) continue; // the same line twice in one send
      seen.add(entry.id);
      const found = cycles.get(entry.cycleId);
      const refusal = found
        ? refusalOf(access, found, entry, today)
        : { message: ENTRY_REFUSALS.noCycle, field: 'cycleId' };
      if (refusal) {
        result.refused.push({ id: entry.id, ...refusal });
        continue;
      }
      // An id written meanwhile under another cycle's lock (the same line sent with another pond) is
      // in the book already: never a second row, never a crash.
      const written = await tx
        .insert(farmEntries)
        .values(
          rowOf(
            access,
            entry,
            now,
            entry.kind === 'feeding'
              ? (await (prices ??= feedPrices(tx, access.farmId))).of(entry.pelletMm)
              : null,
          ),
        )
        .onConflictDoNothing({ target: farmEntries.id })
        .returning({ id: farmEntries.id });
      if (written.length === 0) {
        result.already.push(entry.id);
        continue;
      }
      addToFacts(found!, entry);
      if (entry.kind === 'harvest' && entry.final) {
        await closeCycle(tx, entry.cycleId, entry.on);
        found!.cycle.closedOn = entry.on;
      }
      if (entry.kind === 'water') {
        const messages = waterWarnings(found!.cycle.species, entry).map((warning) => warning.message);
        if (messages.length > 0) result.warnings.push({ id: entry.id, messages });
      }
      result.saved.push(entry.id);
    }
  });
  return result;
}

export interface MoveLines {
  /** The move form's id: the source's move_out line, so a re-post moves once. */
  id: string;
  fromCycleId: number;
  toCycleId: number;
  /** Whether the fish joined a cycle already in the pond (a move_in line there) or stocked a new one. */
  intoOpenCycle: boolean;
  on: string;
  count: number;
  weightG: number;
  costKobo: number;
}

/**
 * A move's lines (core/farm/moves.ts checks it and calls this): move_out on the source's book and, into
 * a pond's open cycle, move_in on its book. This module writes farm_entries; the others call it.
 */
export async function writeMoveLines(db: Db, access: FarmAccess, move: MoveLines, now: Date): Promise<void> {
  const line = {
    farmId: access.farmId,
    on: move.on,
    count: move.count,
    weightG: move.weightG,
    costKobo: move.costKobo,
    recordedBy: access.userId,
    recordedAt: now,
  };
  if (move.intoOpenCycle)
    await db.insert(farmEntries).values({
      ...line,
      id: randomUUID(),
      cycleId: move.toCycleId,
      kind: 'move_in',
      otherCycleId: move.fromCycleId,
    });
  await db.insert(farmEntries).values({
    ...line,
    id: move.id,
    cycleId: move.fromCycleId,
    kind: 'move_out',
    otherCycleId: move.toCycleId,
  });
}

/**
 * One line, as a form posts it: refused with its field's message, as every form is; a line that is
 * the owner's to write (a harvest) is a worker's 403, as the owner's pages are.
 */
export async function recordEntry(db: Db, access: FarmAccess, entry: EntryInput, now = new Date()) {
  const recorded = await recordEntries(db, access, [entry], now);
  const [refused] = recorded.refused;
  if (refused?.message === FARM_REFUSALS.ownerOnly)
    throw new Forbidden(FARM_REFUSALS.ownerOnly, FARM_REFUSALS.title);
  if (refused) throw new Invalid(refused.message, { [refused.field]: [refused.message] });
  return recorded;
}

function refusalOf(
  access: FarmAccess,
  { cycle, facts }: CycleWithFacts,
  entry: EntryInput,
  today: string,
): { message: string; field: string } | null {
  if (entry.kind === 'harvest' && access.role !== 'owner')
    return { message: FARM_REFUSALS.ownerOnly, field: 'kind' };
  if (entry.on > today) return { message: ENTRY_REFUSALS.future, field: 'on' };
  if (entry.on < cycle.stockedOn)
    return { message: ENTRY_REFUSALS.beforeStocking(cycle.stockedOn), field: 'on' };
  if (cycle.closedOn !== null && entry.on > cycle.closedOn)
    return { message: ENTRY_REFUSALS.afterHarvest(cycle.closedOn), field: 'on' };
  if (entry.kind === 'water') {
    const readings = [entry.temperatureC, entry.dissolvedOxygenMgL, entry.ph, entry.ammoniaMgL];
    if (readings.every((value) => value === null || value === undefined))
      return { message: ENTRY_MESSAGES.noReading, field: 'temperatureC' };
  }
  if (entry.kind === 'deaths' || entry.kind === 'harvest' || entry.kind === 'sample') {
    const { alive } = cycleBook(facts, today);
    if (entry.count > alive) return { message: ENTRY_REFUSALS.moreThanAlive(alive), field: 'count' };
  }
  if (entry.kind === 'sample') {
    const average = sampleAverageG(entry) ?? 0;
    if (average < 0.05 || average > MAX_AVERAGE_G)
      return { message: ENTRY_REFUSALS.impossibleAverage(average), field: 'weightG' };
    const expected = projectedWeightG({
      species: cycle.species,
      tableId: cycle.feedingTable,
      stockedOn: cycle.stockedOn,
      stockedAvgG: cycle.stockedAvgMg / 1000,
      samples: facts.samples.flatMap((sample) => {
        const avg = sampleAverageG(sample);
        return avg === null ? [] : [{ on: sample.on, avgWeightG: avg }];
      }),
      on: entry.on,
    });
    if (average > expected * SAMPLE_SLIP_FACTOR || average < expected / SAMPLE_SLIP_FACTOR)
      return { message: ENTRY_REFUSALS.farFromExpected(average, expected), field: 'weightG' };
  }
  return null;
}

/** A line just saved counts for the next one checked in the same send. */
function addToFacts({ facts }: CycleWithFacts, entry: EntryInput): void {
  if (entry.kind === 'deaths') facts.deaths = [...facts.deaths, { on: entry.on, count: entry.count }];
  else if (entry.kind === 'harvest')
    facts.harvests = [...facts.harvests, { on: entry.on, count: entry.count, weightG: entry.weightG }];
  else if (entry.kind === 'sample')
    facts.samples = [...facts.samples, { on: entry.on, count: entry.count, weightG: entry.weightG }];
  else if (entry.kind === 'feeding')
    facts.feedings = [...facts.feedings, { on: entry.on, feedG: entry.feedG, costKobo: 0 }];
}

function rowOf(
  access: FarmAccess,
  entry: EntryInput,
  now: Date,
  /** A feeding line's price per kg paid for its pellet size (null: no feed received). */
  pricePerKg: number | null,
): typeof farmEntries.$inferInsert {
  const base = {
    id: entry.id,
    farmId: access.farmId,
    cycleId: entry.cycleId,
    kind: entry.kind,
    on: entry.on,
    recordedBy: access.userId,
    // The phone's own time, when it says one no later than now.
    recordedAt:
      entry.recordedAt && Date.parse(entry.recordedAt) <= now.getTime() ? new Date(entry.recordedAt) : now,
  };
  switch (entry.kind) {
    case 'feeding':
      return {
        ...base,
        feedG: entry.feedG,
        asPlanned: entry.asPlanned ?? false,
        feedName: entry.feedName ?? null,
        pelletMm: entry.pelletMm ?? null,
        // At the price the farm paid for feed of that size (the feed store), so the cost so far counts it.
        costKobo: feedCostKobo(entry.feedG, pricePerKg),
      };
    case 'deaths':
      return { ...base, count: entry.count, cause: entry.cause?.trim() || null };
    case 'water':
      return {
        ...base,
        temperatureC: entry.temperatureC ?? null,
        dissolvedOxygenMgL: entry.dissolvedOxygenMgL ?? null,
        ph: entry.ph ?? null,
        ammoniaMgL: entry.ammoniaMgL ?? null,
      };
    case 'sample':
      return { ...base, count: entry.count, weightG: entry.weightG };
    case 'note':
      return { ...base, note: entry.note };
    case 'harvest':
      return { ...base, count: entry.count, weightG: entry.weightG, final: entry.final ?? false };
  }
}

export interface BookLine {
  id: string;
  kind: string;
  on: string;
  feedG: number | null;
  count: number | null;
  weightG: number | null;
  note: string | null;
  recordedBy: string | null;
  recordedAt: Date;
  editedBy: string | null;
  editedAt: Date | null;
  /** Whether this user may correct it: the owner any line, a worker their own. */
  correctable: boolean;
}

/** A cycle's latest lines, newest first, with who wrote them and who corrected them. */
export async function recentLines(
  db: Db,
  access: FarmAccess,
  cycleId: number,
  limit = 30,
): Promise<BookLine[]> {
  const writer = alias(user, 'writer');
  const editor = alias(user, 'editor');
  const rows = await db
    .select({
      id: farmEntries.id,
      kind: farmEntries.kind,
      on: farmEntries.on,
      feedG: farmEntries.feedG,
      count: farmEntries.count,
      weightG: farmEntries.weightG,
      note: farmEntries.note,
      recordedById: farmEntries.recordedBy,
      recordedBy: writer.name,
      recordedAt: farmEntries.recordedAt,
      editedBy: editor.name,
      editedAt: farmEntries.editedAt,
    })
    .from(farmEntries)
    .leftJoin(writer, eq(writer.id, farmEntries.recordedBy))
    .leftJoin(editor, eq(editor.id, farmEntries.editedBy))
    .where(and(eq(farmEntries.farmId, access.farmId), eq(farmEntries.cycleId, cycleId)))
    .orderBy(desc(farmEntries.on), desc(farmEntries.recordedAt))
    .limit(limit);
  return rows.map(({ recordedById, ...row }) => ({
    ...row,
    correctable:
      (row.kind === 'feeding' || row.kind === 'deaths') &&
      (access.role === 'owner' || recordedById === access.userId),
  }));
}

export const CORRECTION_REFUSALS = {
  notYours: 'A worker can correct only the entries they wrote',
  notCorrectable: 'Only a feeding or a count of deaths can be corrected here',
  notFound: 'This entry is not on the farm.',
} as const;

/**
 * Corrects a feeding's grams or a count of deaths (a slip of the finger), keeping who corrected it and
 * when; the line's date, pond and writer stay. Checked as a new line would be: deaths within the fish
 * alive without this line.
 */
export async function correctLine(
  db: Db,
  access: FarmAccess,
  correction: { id: string; value: number },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(farmEntries)
      .where(and(eq(farmEntries.id, correction.id), eq(farmEntries.farmId, access.farmId)));
    if (!line) throw new NotFound(CORRECTION_REFUSALS.notFound);
    if (access.role !== 'owner' && line.recordedBy !== access.userId)
      throw new Forbidden(CORRECTION_REFUSALS.notYours);
    if (line.kind !== 'feeding' && line.kind !== 'deaths')
      throw new Invalid(CORRECTION_REFUSALS.notCorrectable, { value: [CORRECTION_REFUSALS.notCorrectable] });
    const found = (await cyclesWithFacts(tx, access.farmId, [line.cycleId], { lock: true })).get(
      line.cycleId,
    )!;
    if (line.kind === 'deaths') {
      const alive = cycleBook(found.facts, shopDay(now)).alive + (line.count ?? 0);
      if (correction.value > alive) {
        const message = ENTRY_REFUSALS.moreThanAlive(alive);
        throw new Invalid(message, { value: [message] });
      }
    }
    const prices = await feedPrices(tx, access.farmId);
    await tx
      .update(farmEntries)
      .set(
        line.kind === 'feeding'
          ? {
              feedG: correction.value,
              costKobo: feedCostKobo(correction.value, prices.of(line.pelletMm)),
              editedBy: access.userId,
              editedAt: now,
            }
          : { count: correction.value, editedBy: access.userId, editedAt: now },
      )
      .where(eq(farmEntries.id, line.id));
  });
}
