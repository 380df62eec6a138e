import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDay } from '#core/calendar';
import { cycleView } from '#core/farm/views';
import { cycleBook } from '#core/farm/book';
import { addPond, stockPond } from '#core/farm/cycles';
import { cyclesWithFacts } from '#core/farm/facts';
import { createFarm, farmAccess, type FarmAccess } from '#core/farm/farms';
import { MOVE_REFUSALS, moveFish } from '#core/farm/moves';
import * as schema from '#db/schema';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createOrder, productNamed } from '../support/factories';
import { feedStore } from '#core/farm/feed-store';
import {
  CORRECTION_REFUSALS,
  correctLine,
  recentLines,
  recordEntries,
  recordEntry,
} from '#core/farm/entries';
import { queriesOf } from '../support/query-log';

// The feed store's deliveries from the shop (issue 50 §6), and moving or grading fish (issue 50 §2): the fish, their weight and their share of the cost go with them;
// nothing is made or lost, a re-post moves once, other fish are refused, an emptied pond's cycle closes.
let database: TestDatabase;
let owner: FarmAccess;
const today = shopDay(new Date());

beforeAll(async () => {
  database = await createTestDatabase();
  const id = `farmer-${randomUUID()}`;
  await database.db.insert(schema.user).values({ id, name: 'Ada Moves', email: `${id}@example.ng` });
  const farm = await createFarm(database.db, id, { name: 'Moves Farm', state: 'Rivers', town: 'Bonny' });
  owner = (await farmAccess(database.db, id, farm.id))!;
});
afterAll(() => database.close());

async function pond(name: string) {
  return (
    await addPond(database.db, owner, {
      name,
      kind: 'concrete_tank',
      areaM2: null,
      depthM: null,
      volumeM3: 20,
    })
  ).id;
}

async function stocked(name: string, species: 'african_catfish' | 'nile_tilapia' = 'african_catfish') {
  const pondId = await pond(name);
  const { cycleId } = await stockPond(
    database.db,
    owner,
    {
      pondId,
      species,
      stockedOn: today,
      count: 1000,
      averageG: 50,
      source: 'Hatchery',
      cost: 100_000_00,
      targetG: 1000,
    },
    today,
  );
  return { pondId, cycleId };
}

async function bookOf(cycleId: number) {
  const found = (await cyclesWithFacts(database.db, owner.farmId, [cycleId])).get(cycleId)!;
  return { cycle: found.cycle, book: cycleBook(found.facts, today) };
}

describe('moving fish between ponds', () => {
  it('into an empty pond stocks a new cycle with the fish, their weight and their share of the cost', async () => {
    const from = await stocked('Grow A');
    const emptyPondId = await pond('Grade B');
    const moveId = randomUUID();
    const moved = await moveFish(database.db, owner, {
      id: moveId,
      cycleId: from.cycleId,
      on: today,
      toPondId: emptyPondId,
      count: 250,
      weightG: 15_000, // the big ones: 60 g each
    });
    const source = await bookOf(from.cycleId);
    const target = await bookOf(moved.toCycleId);
    expect(source.book.alive).toBe(750);
    expect(target.book.alive).toBe(250);
    expect(target.cycle.stockedAvgMg).toBe(60_000);
    expect(target.cycle.source).toBe('Moved from Grow A');
    // ₦100,000 for 1,000 fish: a quarter leaves with them, and the two shares make the whole.
    expect(target.cycle.stockCostKobo).toBe(25_000_00);
    expect(source.book.costKobo + target.book.costKobo).toBe(100_000_00);
    // The same form posted again moves nothing more.
    const again = await moveFish(database.db, owner, {
      id: moveId,
      cycleId: from.cycleId,
      on: today,
      toPondId: emptyPondId,
      count: 250,
      weightG: 15_000,
    });
    expect(again).toEqual({ toCycleId: moved.toCycleId, already: true });
    expect((await bookOf(from.cycleId)).book.alive).toBe(750);
  });

  it('into a pond of the same fish adds to its cycle; into other fish is refused and changes nothing', async () => {
    const from = await stocked('Grow C');
    const same = await stocked('Grow D');
    const tilapia = await stocked('Tilapia E', 'nile_tilapia');
    await moveFish(database.db, owner, {
      id: randomUUID(),
      cycleId: from.cycleId,
      on: today,
      toPondId: same.pondId,
      count: 100,
      weightG: null,
    });
    expect((await bookOf(same.cycleId)).book.alive).toBe(1100);
    expect((await bookOf(from.cycleId)).book.alive).toBe(900);
    await expect(
      moveFish(database.db, owner, {
        id: randomUUID(),
        cycleId: from.cycleId,
        on: today,
        toPondId: tilapia.pondId,
        count: 10,
        weightG: null,
      }),
    ).rejects.toThrow(MOVE_REFUSALS.otherFish('Tilapia E', 'Nile tilapia'));
    await expect(
      moveFish(database.db, owner, {
        id: randomUUID(),
        cycleId: from.cycleId,
        on: today,
        toPondId: same.pondId,
        count: 901,
        weightG: null,
      }),
    ).rejects.toThrow('Only 900 fish are alive in this pond');
    expect((await bookOf(tilapia.cycleId)).book.alive).toBe(1000);
    expect((await bookOf(from.cycleId)).book.alive).toBe(900);
  });

  it('moving every fish out empties the pond: its cycle closes', async () => {
    const from = await stocked('Grow F');
    const emptyPondId = await pond('Grade G');
    await moveFish(database.db, owner, {
      id: randomUUID(),
      cycleId: from.cycleId,
      on: today,
      toPondId: emptyPondId,
      count: 1000,
      weightG: null,
    });
    const [cycle] = await database.db
      .select()
      .from(schema.farmCycles)
      .where(eq(schema.farmCycles.id, from.cycleId));
    expect(cycle!.closedOn).toBe(today);
    // The pond can be stocked again.
    await expect(
      stockPond(
        database.db,
        owner,
        {
          pondId: cycle!.pondId,
          species: 'african_catfish',
          stockedOn: today,
          count: 10,
          averageG: 5,
          source: '',
          cost: 0,
          targetG: 1000,
        },
        today,
      ),
    ).resolves.toMatchObject({ cycleId: expect.any(Number) });
  });
});

describe('the feed store', () => {
  it("counts the owner's delivered FreshCatch feed orders by themselves, on their first farm only", async () => {
    const feed = await productNamed(database.db, 'Floating Fish Feed 4 mm (15 kg)');
    await createOrder(database.db, owner.userId, [feed.id], { status: 'delivered' });
    await createOrder(database.db, owner.userId, [feed.id], { status: 'pending' });
    const { result: store, queries } = await queriesOf(database.db, () =>
      feedStore(database.db, owner, today),
    );
    // The shop's feeds of every size in one query, and no day page's lines.
    expect(queries.filter((query) => /from "products"/.test(query))).toHaveLength(1);
    expect(queries.filter((query) => /"farm_entries"\."on" = /.test(query))).toHaveLength(0);
    const size = store.sizes.find((s) => s.pelletMm === 4)!;
    expect(size.product?.name).toBe('Floating Fish Feed 4 mm (15 kg)');
    expect(store.sizes.length).toBeGreaterThan(1); // the moved ponds' rations are of other sizes
    expect(size.receivedG).toBe(15_000);
    expect(size.pricePerKgKobo).toBe(Math.round((feed.priceKobo * 1000) / 15_000));
    expect(store.receipts.filter((r) => r.orderId !== null)).toHaveLength(1);
    // A second farm of the same owner does not count the same bags again.
    const second = await createFarm(database.db, owner.userId, {
      name: 'Second Farm',
      state: 'Rivers',
      town: 'Opobo',
    });
    const other = (await farmAccess(database.db, owner.userId, second.id))!;
    expect((await feedStore(database.db, other, today)).receipts).toHaveLength(0);
  });
});

describe("a sync's reads", () => {
  /** The queries of one send that read the feed store's prices: the farm's receipts and its owner's orders. */
  const priceReads = (queries: string[]) =>
    queries.filter((query) => /from "farm_feed_stock"|from "order_items"/.test(query)).length;

  it('reads the feed prices once for a send of many feeding lines, and not at all for one without', async () => {
    const { cycleId } = await stocked('Sync Pond');
    const line = (kind: 'deaths' | 'feeding' | 'note') => {
      const id = randomUUID();
      if (kind === 'deaths') return { id, cycleId, on: today, kind, count: 1 } as const;
      if (kind === 'note') return { id, cycleId, on: today, kind, note: 'Water green' } as const;
      return { id, cycleId, on: today, kind, feedG: 1_000, pelletMm: 4 } as const;
    };
    const withoutFeed = await queriesOf(database.db, () =>
      recordEntries(database.db, owner, [line('deaths'), line('note'), line('deaths')]),
    );
    expect(withoutFeed.result.saved).toHaveLength(3);
    expect(priceReads(withoutFeed.queries)).toBe(0);

    const feedings = Array.from({ length: 10 }, () => line('feeding'));
    const withFeed = await queriesOf(database.db, () => recordEntries(database.db, owner, feedings));
    expect(withFeed.result.saved).toHaveLength(10);
    expect(priceReads(withFeed.queries)).toBe(2);
    // …and each line is still costed at the price paid for its size (the 4 mm feed delivered above).
    const { book } = await bookOf(cycleId);
    expect(book.costKobo).toBeGreaterThan(100_000_00);
  });
});

describe("the cycle's page", () => {
  it("gives each sample its day of the cycle, as the chart's curve counts days", async () => {
    const pondId = await pond('Sampled Pond');
    const stockedOn = addDays(today, -10);
    const { cycleId } = await stockPond(
      database.db,
      owner,
      {
        pondId,
        species: 'african_catfish',
        stockedOn,
        count: 1000,
        averageG: 50,
        source: 'Hatchery',
        cost: 0,
        targetG: 1000,
      },
      today,
    );
    await recordEntry(database.db, owner, {
      id: randomUUID(),
      cycleId,
      on: today,
      kind: 'sample',
      count: 20,
      weightG: 1_600,
    });
    const view = await cycleView(database.db, owner, cycleId, today);
    expect(view.samples.map((sample) => [sample.day, sample.averageG])).toEqual([[10, 80]]);
  });
});

describe('correcting a line', () => {
  it('keeps who corrected it and when; a worker corrects only their own; deaths stay within the fish alive', async () => {
    const { cycleId } = await stocked('Correct H');
    const workerId = `worker-${randomUUID()}`;
    await database.db
      .insert(schema.user)
      .values({ id: workerId, name: 'Boma Worker', email: `${workerId}@example.ng` });
    const worker: FarmAccess = { ...owner, userId: workerId, role: 'worker' };
    const ownersLine = randomUUID();
    const workersLine = randomUUID();
    await recordEntry(database.db, owner, { id: ownersLine, cycleId, on: today, kind: 'deaths', count: 5 });
    await recordEntry(database.db, worker, {
      id: workersLine,
      cycleId,
      on: today,
      kind: 'feeding',
      feedG: 2000,
    });

    await expect(correctLine(database.db, worker, { id: ownersLine, value: 3 })).rejects.toThrow(
      CORRECTION_REFUSALS.notYours,
    );
    await correctLine(database.db, worker, { id: workersLine, value: 1800 });
    await expect(correctLine(database.db, owner, { id: ownersLine, value: 1001 })).rejects.toThrow(
      'Only 1,000 fish are alive in this pond',
    );
    await correctLine(database.db, owner, { id: ownersLine, value: 6 });

    const lines = await recentLines(database.db, owner, cycleId);
    const fed = lines.find((line) => line.id === workersLine)!;
    expect(fed).toMatchObject({ feedG: 1800, recordedBy: 'Boma Worker', editedBy: 'Boma Worker' });
    expect(fed.editedAt).toBeInstanceOf(Date);
    expect(lines.find((line) => line.id === ownersLine)).toMatchObject({ count: 6, editedBy: 'Ada Moves' });
    expect((await bookOf(cycleId)).book.alive).toBe(994);
    // What each may correct, as the page offers it.
    expect(
      (await recentLines(database.db, worker, cycleId)).map((line) => [line.id, line.correctable]),
    ).toEqual(
      expect.arrayContaining([
        [workersLine, true],
        [ownersLine, false],
      ]),
    );
  });
});
