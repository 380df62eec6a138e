/**
 * npm run bench:farm — the farm book (issue 50, Targets) on a farm of 20 ponds with three years of daily
 * logs: 60 cycles (three a pond, the last one open), a feeding line every day a pond has fish, deaths on
 * some days, a water reading every week, a sample every 14 days, and a harvest closing each finished
 * cycle (some with a partial one before it): about 22,000 lines, seeded straight into the database.
 *
 * Signed in as the farm's owner, one request at a time on a keep-alive connection (as one browser tab),
 * the pages are requested in turn, round after round, so that the machine's swings fall on all of them
 * alike: the day page, the cycle page of the open cycle with the most lines and of the oldest closed
 * one, and the product page `/products/1` as the baseline of the same run. Prints each page's p50/p95
 * (the request to its last byte on loopback: the server's time) in ms and as a ratio to the product
 * page's p95, PASS/MISS against the 100 ms target, and the server's memory (RSS of all its processes)
 * against the 250 MB budget.
 *
 * The embedded database (PGlite, one server process) unless DATABASE_URL names a PostgreSQL server
 * (then a database `fc_bench_farm` of its own there, and one server process, as on PGlite, so that
 * the two compare). BENCH_REQUESTS (default 200) sets the rounds. Everything runs on this machine's
 * loopback and stops by itself.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, daysBetween, shopDay } from '#core/calendar';
import { feedingTableFor, type FeedingTable } from '#core/farm/feeding-tables';
import { dailyRation, planDayForWeight, planWeightOnDay, rateAt } from '#core/farm/plan';
import type { Species } from '#core/farm/species';
import {
  databaseExists,
  embeddedDataDir,
  openPglite,
  openPostgres,
  queryRows,
  type Database,
} from '#db/client';
import { farmCycles, farmEntries, farms, ponds } from '#db/schema';
import {
  benchNodeVersion,
  createBenchShopper,
  keepSessionCookies,
  migrateAndSeed,
  pageClient,
  percentile,
  serveShop,
  signIn,
  table,
  verdict,
} from './lib';
import { farmTwoGRuns } from './farm-phone';
import { freshDatabase, shopEnv } from '../tests/support/shop';

const PORT = 3612;
const BASE = `http://127.0.0.1:${PORT}`;
const OWNER = { email: 'bench.farmer@freshcatch.ng', password: 'bench-farmer-password' };
const PONDS = 20;
const CYCLES_PER_POND = 3;
const YEARS_DAYS = 3 * 365;
const ROUNDS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP_ROUNDS = 20;
const TARGET_MS = 100;
const MEMORY_BUDGET_MB = 250;
/** A 15 kg bag of extruded catfish feed at ₦25,000: kobo per gram. */
const FEED_KOBO_PER_G = 2_500_000 / 15_000;
/** Juveniles from a hatchery at ₦60 each (5 g). */
const JUVENILE_KOBO = 6_000;

/** A small deterministic generator (mulberry32), so that every run seeds the same farm. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    between: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    chance: (p: number) => next() < p,
  };
}

type EntryRow = typeof farmEntries.$inferInsert;

interface SeededCounts {
  ponds: number;
  cycles: number;
  open: number;
  byKind: Record<string, number>;
  entries: number;
}

/**
 * The farm: 20 ponds (concrete and tarpaulin tanks, earthen ponds), each first stocked within the
 * first five months of the three years, then cycle after cycle with a dry-out between. Real ponds grow
 * slower than a feed maker's table: each cycle's fish follow the table at 40–48 % of its pace, so they
 * reach table size (1.1–1.5 kg) in 260–320 days. Rations are the table's rate for the fish's real
 * weight, given as planned most days.
 */
async function seedFarm(database: Database, ownerId: string, today: string): Promise<SeededCounts> {
  const rng = random(50);
  const { db } = database;
  const [farm] = await db
    .insert(farms)
    .values({ ownerId, name: 'Bench Fish Farm', state: 'Rivers', town: 'Port Harcourt' })
    .returning({ id: farms.id });
  const farmId = farm!.id;
  const kinds = ['concrete_tank', 'concrete_tank', 'tarpaulin_tank', 'earthen_pond'] as const;
  const pondRows = await db
    .insert(ponds)
    .values(
      Array.from({ length: PONDS }, (_, i) => {
        const kind = kinds[i % kinds.length]!;
        return kind === 'earthen_pond'
          ? { farmId, name: `Pond ${i + 1}`, kind, areaM2: 600, depthM: 1.2 }
          : kind === 'concrete_tank'
            ? { farmId, name: `Tank ${i + 1}`, kind, areaM2: 40, depthM: 1.1 }
            : { farmId, name: `Tarpaulin ${i + 1}`, kind, volumeM3: 18 };
      }),
    )
    .returning({ id: ponds.id, kind: ponds.kind });

  const first = addDays(today, -YEARS_DAYS);
  const byKind: Record<string, number> = {};
  const pending: EntryRow[] = [];
  let entries = 0;
  const flush = async (all = false) => {
    while (pending.length >= 1000 || (all && pending.length > 0)) {
      const batch = pending.splice(0, 1000);
      await db.insert(farmEntries).values(batch);
      entries += batch.length;
    }
  };
  const line = (row: Omit<EntryRow, 'id' | 'farmId' | 'recordedAt' | 'recordedBy'>, hour: number) => {
    byKind[row.kind] = (byKind[row.kind] ?? 0) + 1;
    // Written at the pond at that hour of the farm's day (West Africa Time, UTC+01:00).
    const recordedAt = new Date(`${row.on}T${String(hour - 1).padStart(2, '0')}:00:00Z`);
    pending.push({
      id: randomUUID(),
      farmId,
      recordedBy: ownerId,
      recordedAt,
      receivedAt: recordedAt,
      ...row,
    });
  };

  let cycles = 0;
  let open = 0;
  for (const [index, pond] of pondRows.entries()) {
    const species: Species = index % 5 === 4 ? 'hybrid_catfish' : 'african_catfish';
    const tableOf: FeedingTable = feedingTableFor(species);
    let start = addDays(first, rng.int(0, 150));
    for (let c = 0; c < CYCLES_PER_POND; c++) {
      const isOpen = c === CYCLES_PER_POND - 1;
      const length = isOpen ? daysBetween(start, today) : rng.int(260, 320);
      const end = addDays(start, length);
      const stockedCount =
        pond.kind === 'earthen_pond'
          ? rng.int(3, 5) * 1000
          : pond.kind === 'concrete_tank'
            ? rng.int(20, 40) * 100
            : rng.int(10, 25) * 100;
      const stockedAvgG = Math.round(rng.between(4, 8) * 10) / 10;
      const pace = rng.between(0.4, 0.48);
      const fromDay = planDayForWeight(tableOf, stockedAvgG);
      const weightOn = (day: number) => planWeightOnDay(tableOf, fromDay + pace * day);
      const [cycle] = await db
        .insert(farmCycles)
        .values({
          farmId,
          pondId: pond.id,
          species,
          stockedOn: start,
          stockedCount,
          stockedAvgMg: Math.round(stockedAvgG * 1000),
          source: rng.chance(0.5) ? 'Aquafarms Hatchery, Port Harcourt' : 'Ogbogu Fingerlings, Rivers',
          stockCostKobo: stockedCount * JUVENILE_KOBO,
          targetG: 1200,
          feedingTable: tableOf.id,
          closedOn: isOpen ? null : end,
        })
        .returning({ id: farmCycles.id });
      cycles++;
      if (isOpen) open++;
      const cycleId = cycle!.id;
      let alive = stockedCount;
      // A partial harvest of the biggest fish a month before the end, in some cycles.
      const partialDay = !isOpen && rng.chance(0.4) ? length - rng.int(20, 40) : -1;
      let nextWater = rng.int(1, 7);
      for (let day = 0; day <= length; day++) {
        const on = addDays(start, day);
        // The open cycles' book up to yesterday: the farmer opens it in the morning, nobody fed yet.
        if (isOpen ? on >= today : on > today) break;
        const weightG = weightOn(day);
        if (day > 0 && rng.chance(0.08)) {
          // Deaths: more among the young fish, a few at a time later.
          const share = day < 60 ? rng.between(0.002, 0.01) : rng.between(0.0003, 0.002);
          const count = Math.min(alive - 1, Math.max(1, Math.round(alive * share)));
          if (count > 0) {
            alive -= count;
            const cause = rng.chance(0.3) ? (day < 60 ? 'cannibalism' : 'low oxygen after rain') : null;
            line({ cycleId, kind: 'deaths', on, count, cause }, 7);
          }
        }
        if (day === partialDay) {
          const count = Math.round(alive * rng.between(0.25, 0.4));
          alive -= count;
          line({ cycleId, kind: 'harvest', on, count, weightG: Math.round(count * weightG * 1.15) }, 6);
        }
        if (day === length && !isOpen) {
          line(
            { cycleId, kind: 'harvest', on, count: alive, weightG: Math.round(alive * weightG), final: true },
            6,
          );
          alive = 0;
          break;
        }
        const ration = dailyRation({ species, count: alive, avgWeightG: weightG, tableId: tableOf.id });
        const asPlanned = rng.chance(0.7);
        const feedG = asPlanned ? ration.feedG : Math.round(ration.feedG * rng.between(0.7, 1.05));
        const pelletMm = rateAt(tableOf, weightG).pelletMm;
        line(
          {
            cycleId,
            kind: 'feeding',
            on,
            feedG,
            asPlanned,
            feedName: `Extruded catfish feed ${pelletMm} mm`,
            pelletMm,
            costKobo: Math.round(feedG * FEED_KOBO_PER_G),
          },
          9,
        );
        if (day === nextWater) {
          nextWater += rng.int(6, 10);
          line(
            {
              cycleId,
              kind: 'water',
              on,
              temperatureC: Math.round(rng.between(25, rng.chance(0.05) ? 33.5 : 30.5) * 10) / 10,
              dissolvedOxygenMgL: Math.round(rng.between(2.5, 6.5) * 10) / 10,
              ph: Math.round(rng.between(6.4, 8.2) * 10) / 10,
              ammoniaMgL: Math.round(rng.between(0.02, rng.chance(0.05) ? 0.6 : 0.3) * 100) / 100,
            },
            8,
          );
        }
        if (day > 0 && day % 14 === 0) {
          const count = 30;
          line(
            {
              cycleId,
              kind: 'sample',
              on,
              count,
              weightG: Math.round(count * weightG * rng.between(0.93, 1.07)),
            },
            10,
          );
        }
        if (rng.chance(0.01)) line({ cycleId, kind: 'note', on, note: 'Changed a third of the water.' }, 16);
        await flush();
      }
      start = addDays(end, rng.int(50, 90));
    }
  }
  await flush(true);
  return { ponds: pondRows.length, cycles, open, byKind, entries };
}

/** The shop's own seed (its catalogue: /products/1), the farm's owner and the farm; the counts printed. */
async function seedAll(database: Database, today: string) {
  await migrateAndSeed(database);
  const owner = await createBenchShopper(database, OWNER.email, OWNER.password, 'Bench Farmer');
  console.log('• seeding the farm…');
  const started = performance.now();
  const counts = await seedFarm(database, owner.id, today);
  // As autovacuum would have by the time the farmer opens the book: statistics fresh.
  await database.db.execute(sql`vacuum analyze`);
  const kinds = Object.entries(counts.byKind)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, n]) => `${n.toLocaleString('en')} ${kind}`)
    .join(', ');
  console.log(
    `  ${counts.ponds} ponds, ${counts.cycles} cycles (${counts.open} open), ` +
      `${counts.entries.toLocaleString('en')} entries: ${kinds} ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

interface Prepared {
  env: Record<string, string>;
  farmId: number;
  pondNames: string[];
  openCycle: { id: number; lines: number; stockedOn: string; pond: string };
  oldCycle: { id: number; lines: number; stockedOn: string; pond: string };
  /** The open cycles, by pond, for the phone on 2G. */
  openCycles: { id: number; pond: string }[];
  cleanUp(): Promise<void>;
}

async function prepare(today: string): Promise<Prepared> {
  let database: Database;
  let env: Record<string, string>;
  let cleanUp: () => Promise<void>;
  // BENCH_DATA_DIR=dir keeps the embedded database there (quicker while profiling): seeded on the first
  // run, reused by the next ones.
  const kept = process.env.BENCH_DATA_DIR;
  const dataDir = kept ? path.resolve(kept) : mkdtempSync(path.join(tmpdir(), 'freshcatch-bench-farm-'));
  const reuse = Boolean(kept && !process.env.DATABASE_URL && databaseExists(dataDir));
  if (process.env.DATABASE_URL) {
    const fresh = await freshDatabase(process.env.DATABASE_URL, 'fc_bench_farm');
    database = await openPostgres(fresh.url, 4);
    env = { DATABASE_URL: fresh.url, DATA_DIR: dataDir };
    cleanUp = async () => {
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    console.log('• the shop runs on PostgreSQL (DATABASE_URL), one server process');
  } else {
    database = await openPglite({ dataDir: embeddedDataDir(dataDir) });
    env = { DATA_DIR: dataDir };
    cleanUp = async () => {
      if (!kept) rmSync(dataDir, { recursive: true, force: true });
    };
    console.log('• the shop runs on the embedded database (PGlite), one server process');
  }
  try {
    if (!reuse) await seedAll(database, today);
    else console.log(`• reusing the farm seeded in ${dataDir}`);
    const cycles = await queryRows<{
      id: number;
      lines: number;
      stocked_on: string;
      open: boolean;
      pond: string;
    }>(
      database.db,
      sql`select c.id, count(e.id)::int as lines, c.stocked_on::text, c.closed_on is null as open, p.name as pond
          from farm_cycles c join farm_entries e on e.cycle_id = c.id join ponds p on p.id = c.pond_id
          group by c.id, p.name order by c.stocked_on`,
    );
    const openOne = cycles.filter((c) => c.open).sort((a, b) => b.lines - a.lines)[0]!;
    const oldOne = cycles.find((c) => !c.open)!;
    const [farm] = await queryRows<{ id: number }>(database.db, sql`select id from farms`);
    const pondNames = await queryRows<{ name: string }>(database.db, sql`select name from ponds order by id`);
    return {
      env,
      farmId: farm!.id,
      pondNames: pondNames.map((row) => row.name),
      openCycle: { id: openOne.id, lines: openOne.lines, stockedOn: openOne.stocked_on, pond: openOne.pond },
      oldCycle: { id: oldOne.id, lines: oldOne.lines, stockedOn: oldOne.stocked_on, pond: oldOne.pond },
      openCycles: cycles.filter((c) => c.open).map((c) => ({ id: c.id, pond: c.pond })),
      cleanUp,
    };
  } finally {
    await database.close();
  }
}

const CSV_TARGET_MS = 1000;
const CSV_ROUNDS = 20;

/** The cycle report's CSV of each cycle, CSV_ROUNDS times: the request to its last byte, p95. */
async function reportCsvTimes(
  cookie: string,
  farmId: number,
  cycles: { id: number; lines: number; pond: string }[],
): Promise<string[][]> {
  const rows: (string | number)[][] = [['cycle report CSV', 'p50 ms', 'p95 ms', 'KB', 'rows']];
  const checks: string[][] = [];
  for (const cycle of cycles) {
    const times: number[] = [];
    let body = '';
    for (let i = 0; i < CSV_ROUNDS; i++) {
      const started = performance.now();
      const response = await fetch(`${BASE}/farm/${farmId}/cycles/${cycle.id}/report.csv`, {
        headers: { cookie },
      });
      body = await response.text();
      times.push(performance.now() - started);
      if (response.status !== 200 || !response.headers.get('content-type')?.includes('text/csv'))
        throw new Error(`the report CSV of cycle ${cycle.id} answered ${response.status}`);
    }
    const sorted = times.sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    const name = `${cycle.pond}, ${cycle.lines} lines`;
    rows.push([
      name,
      percentile(sorted, 50).toFixed(1),
      p95.toFixed(1),
      (body.length / 1024).toFixed(1),
      body.split('\n').length,
    ]);
    checks.push([
      `cycle report CSV ≤ ${CSV_TARGET_MS} ms (${name})`,
      verdict(p95 <= CSV_TARGET_MS),
      `${p95.toFixed(0)} ms`,
    ]);
  }
  console.log(`\nThe cycle report as CSV, ${CSV_ROUNDS} requests each`);
  table(rows);
  return checks;
}

async function main() {
  console.log(`• the shop runs on Node ${benchNodeVersion()}`);
  if (!existsSync('build/server.mjs'))
    throw new Error('Run `npm run build` first (npm run bench:farm does).');
  const today = shopDay(new Date());
  const prepared = await prepare(today);
  try {
    const shop = await serveShop(
      shopEnv({ ...prepared.env, PORT: String(PORT), LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT_MAX: '100' }),
      { processes: 1, cpuProfile: true },
    );
    try {
      let cookie = await signIn(BASE, OWNER.email, OWNER.password);
      const client = pageClient(BASE);
      const { farmId, openCycle, oldCycle, pondNames } = prepared;
      const pages = [
        { name: 'product page (baseline)', path: '/products/1', judged: false, shows: ['Add to Cart'] },
        { name: 'day page', path: `/farm/${farmId}`, judged: true, shows: pondNames },
        {
          name: `cycle page, open (${openCycle.lines} lines)`,
          path: `/farm/${farmId}/cycles/${openCycle.id}`,
          judged: true,
          shows: [openCycle.pond],
        },
        {
          name: `cycle page, closed (${oldCycle.lines} lines, ${oldCycle.stockedOn})`,
          path: `/farm/${farmId}/cycles/${oldCycle.id}`,
          judged: true,
          shows: [oldCycle.pond],
        },
      ];
      // The server's memory before any farm page: the shop as it runs without the farm book.
      for (let i = 0; i < WARM_UP_ROUNDS; i++) await client.get(pages[0]!.path, cookie);
      const shopOnlyRss = shop.memory().rssMb;
      // Each page once as a browser reads it: the page itself, not an error page that answers 200.
      for (const page of pages) {
        const response = await fetch(`${BASE}${page.path}`, { headers: { cookie } });
        const html = await response.text();
        const missing = page.shows.filter((text) => !html.includes(text));
        if (response.status !== 200 || missing.length > 0)
          throw new Error(`${page.path} answered ${response.status} without ${missing.join(', ')}`);
      }
      const times = pages.map(() => [] as number[]);
      const bytes = pages.map(() => 0);
      let failures = 0;
      let peakRss = 0;
      console.log(
        `• ${WARM_UP_ROUNDS} rounds of warm-up, then ${ROUNDS} rounds of the ${pages.length} pages in turn, one request at a time`,
      );
      for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
        for (const [i, page] of pages.entries()) {
          const started = performance.now();
          const response = await client.get(page.path, cookie);
          const took = performance.now() - started;
          cookie = keepSessionCookies(cookie, response);
          if (response.status !== 200) {
            failures++;
            if (failures <= 3) console.log(`  ${page.path} answered ${response.status}`);
          }
          if (round >= WARM_UP_ROUNDS) {
            times[i]!.push(took);
            bytes[i] = response.bytes;
          }
        }
        if (round % 10 === 0) peakRss = Math.max(peakRss, shop.memory().rssMb);
      }
      client.close();
      const memory = shop.memory();
      peakRss = Math.max(peakRss, memory.rssMb);

      const stats = times.map((list) => {
        const sorted = [...list].sort((a, b) => a - b);
        return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
      });
      const baseline = stats[0]!.p95;
      const rows: (string | number)[][] = [
        ['page', 'p50 ms', 'p95 ms', 'p95 ÷ product p95', `p95 ≤ ${TARGET_MS} ms`, 'KB gzip'],
      ];
      for (const [i, page] of pages.entries()) {
        const { p50, p95 } = stats[i]!;
        rows.push([
          page.name,
          p50.toFixed(1),
          p95.toFixed(1),
          `${(p95 / baseline).toFixed(2)}×`,
          page.judged ? verdict(p95 <= TARGET_MS) : '—',
          (bytes[i]! / 1024).toFixed(1),
        ]);
      }
      console.log(`\nServer time, ${ROUNDS} requests a page (the request to its last byte, on loopback)`);
      table(rows);
      // The supervisor and the server process; on PGlite the database lives in the server process.
      console.log(
        `\nserver memory (RSS, all processes) ≤ ${MEMORY_BUDGET_MB} MB: ${verdict(peakRss <= MEMORY_BUDGET_MB)} ` +
          `${peakRss} MB at most while measured (${memory.rssMb} MB at the end, the server process ` +
          `${memory.largestRssMb} MB of it; since start ${memory.peakMb} MB at peak; ` +
          `${shopOnlyRss} MB after the product page alone, before any farm page)`,
      );
      const checks = [
        [
          `server memory (RSS, all processes) ≤ ${MEMORY_BUDGET_MB} MB`,
          verdict(peakRss <= MEMORY_BUDGET_MB),
          `${peakRss} MB`,
        ],
        ...(await reportCsvTimes(cookie, farmId, [openCycle, oldCycle])),
      ];
      if (process.env.BENCH_PHONE !== '0')
        checks.push(
          ...(await farmTwoGRuns({ baseUrl: BASE, cookie, farmId, today, openCycles: prepared.openCycles })),
        );
      console.log('\nTargets (issue 50)');
      table([['target', 'verdict', 'measured'], ...checks]);
      if (failures > 0) console.log(`requests that did not answer 200: ${failures}`);
      if (failures > 0) process.exitCode = 1;
    } finally {
      await shop.stop();
    }
  } finally {
    await prepared.cleanUp();
  }
}

await main();
