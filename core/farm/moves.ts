import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { farmCycles, farmEntries, ponds } from '../../db/schema';
import { shopDay } from '../calendar';
import { Invalid, NotFound } from '../errors';
import { cycleBook, shareForMove } from './book';
import { closeCycle, openCycle } from './cycles';
import { ENTRY_REFUSALS, writeMoveLines } from './entries';
import { cyclesWithFacts } from './facts';
import { requireOwner, type FarmAccess } from './farms';
import { SPECIES_LABEL } from './species';
import type { MoveForm } from './schemas';

/**
 * Moving or grading fish from one pond to another (issue 50 §2): the fish, their weight and their share
 * of the cycle's cost go with them, so the farm's fish and money are neither made nor lost
 * (`shareForMove`). Into an empty pond the move stocks a new cycle ("Moved from Pond A"); into a pond of
 * the same fish it is a line of that pond's cycle. Moving every fish out empties the pond: its cycle
 * closes. The move is one line of the source's book with the id its form made, so a re-post moves once.
 */

export const MOVE_REFUSALS = {
  samePond: 'Choose another pond to move them to',
  otherFish: (pond: string, species: string) =>
    `${pond} holds ${species}: move these fish into an empty pond or one of the same fish`,
  pondNotFound: 'That pond is not on the farm.',
} as const;

export async function moveFish(
  db: Db,
  access: FarmAccess,
  move: MoveForm,
  now = new Date(),
): Promise<{ toCycleId: number; already: boolean }> {
  requireOwner(access);
  const today = shopDay(now);
  return db.transaction(async (tx) => {
    const [done] = await tx
      .select({ otherCycleId: farmEntries.otherCycleId })
      .from(farmEntries)
      .where(eq(farmEntries.id, move.id));
    if (done) return { toCycleId: done.otherCycleId ?? 0, already: true };

    const found = (await cyclesWithFacts(tx, access.farmId, [move.cycleId], { lock: true })).get(
      move.cycleId,
    );
    if (!found || found.cycle.closedOn !== null) throw new NotFound('This cycle is not open on the farm.');
    const { cycle, facts } = found;
    if (move.on > today) throw new Invalid(ENTRY_REFUSALS.future, { on: [ENTRY_REFUSALS.future] });
    if (move.on < cycle.stockedOn) {
      const message = ENTRY_REFUSALS.beforeStocking(cycle.stockedOn);
      throw new Invalid(message, { on: [message] });
    }
    if (move.toPondId === cycle.pondId)
      throw new Invalid(MOVE_REFUSALS.samePond, { toPondId: [MOVE_REFUSALS.samePond] });
    const [pond] = await tx
      .select({ id: ponds.id, name: ponds.name, cycleId: farmCycles.id, species: farmCycles.species })
      .from(ponds)
      .leftJoin(farmCycles, and(eq(farmCycles.pondId, ponds.id), isNull(farmCycles.closedOn)))
      .where(and(eq(ponds.id, move.toPondId), eq(ponds.farmId, access.farmId)));
    if (!pond) throw new Invalid(MOVE_REFUSALS.pondNotFound, { toPondId: [MOVE_REFUSALS.pondNotFound] });
    if (pond.species !== null && pond.species !== cycle.species) {
      const message = MOVE_REFUSALS.otherFish(pond.name, SPECIES_LABEL[pond.species]);
      throw new Invalid(message, { toPondId: [message] });
    }

    const book = cycleBook(facts, move.on);
    if (move.count > book.alive) {
      const message = ENTRY_REFUSALS.moreThanAlive(book.alive);
      throw new Invalid(message, { count: [message] });
    }
    const { costKobo } = shareForMove({ alive: book.alive, costKobo: book.costKobo, count: move.count });
    const weightG = move.weightG ?? Math.round(move.count * book.avgWeightG);
    const avgWeightG = weightG / move.count;
    const [source] = await tx.select({ name: ponds.name }).from(ponds).where(eq(ponds.id, cycle.pondId));

    const intoOpenCycle = pond.cycleId !== null;
    const toCycleId =
      pond.cycleId ??
      (
        await openCycle(tx, {
          farmId: access.farmId,
          pondId: pond.id,
          species: cycle.species,
          stockedOn: move.on,
          stockedCount: move.count,
          stockedAvgMg: Math.max(1, Math.round(avgWeightG * 1000)),
          source: `Moved from ${source?.name ?? 'another pond'}`,
          stockCostKobo: costKobo,
          targetG: cycle.targetG,
          ratePercent: cycle.ratePercent,
          feedingTable: cycle.feedingTable,
        })
      ).id;
    await writeMoveLines(
      tx,
      access,
      {
        id: move.id,
        fromCycleId: cycle.id,
        toCycleId,
        intoOpenCycle,
        on: move.on,
        count: move.count,
        weightG,
        costKobo,
      },
      now,
    );
    // Every fish moved out: the pond is empty, and its cycle ends here.
    if (move.count === book.alive) await closeCycle(tx, cycle.id, move.on);
    return { toCycleId, already: false };
  });
}
