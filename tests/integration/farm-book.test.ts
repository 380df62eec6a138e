import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDay } from '#core/calendar';
import { POND_MESSAGES } from '#core/farm/cycles';
import { ENTRY_REFUSALS } from '#core/farm/entries';
import { FARM_REFUSALS, joinInvitations, pendingInvitations } from '#core/farm/farms';
import {
  DAY_FORM_MESSAGES,
  ENTRY_MESSAGES,
  FarmFormSchema,
  StockFormSchema,
  type EntryInput,
} from '#core/farm/schemas';
import * as schema from '#db/schema';
import { FARM_GUEST } from '~/lib/auth/farm-door.server';
import { SHOPPER_PASSWORD } from '../support/constants';
import { createUser, signedInClient, uniqueEmail } from '../support/factories';
import { HttpClient, locationOf } from '../support/http-client';
import { routeTablePaths, routeTablePathsUnder } from '../support/routes';
import { startTestServer, type TestServer } from '../support/test-server';

/*
 * The farm book's server (issue 50 §1, §3, §8 and "Correctness"): its doors from the route table, the
 * phone's lines saved once by their id, two workers logging one pond at once, and bad input answered
 * with the field's message. One server and one farm for the file; each test takes its own pond where
 * it changes the book.
 */

let server: TestServer;
const today = shopDay(new Date());
const stockedOn = addDays(today, -30);

interface Fixture {
  owner: HttpClient;
  worker: HttpClient;
  worker2: HttpClient;
  stranger: HttpClient;
  farmId: number;
  /** Pond 1: the doors', the idempotency and the bad-input tests' cycle (1,000 fish, 30 days in). */
  cycleId: number;
  pondId: number;
  /** Pond 2: two workers' deaths that all count. */
  busyCycleId: number;
  /** Pond 3: 100 fish, and two workers' deaths that together are more than that. */
  smallCycleId: number;
  /** Pond 4: empty, for stockings that must be refused. */
  emptyPondId: number;
  /** A row of farm_workers (the remove form's target). */
  workerRowId: number;
}
let fx: Fixture;

beforeAll(async () => {
  server = await startTestServer({
    env: { LOGIN_RATE_LIMIT_MAX: '200', SIGNUP_RATE_LIMIT_MAX: '50', PAGE_CACHE_SECONDS: '0' },
  });
  const [ownerUser, workerUser, worker2User, strangerUser] = await Promise.all([
    createUser(server.services, { name: 'Chidi Owner' }),
    createUser(server.services, { name: 'Bayo Worker' }),
    createUser(server.services, { name: 'Ngozi Worker' }),
    createUser(server.services, { name: 'Other Farmer' }),
  ]);
  const [owner, worker, worker2, stranger] = await Promise.all(
    [ownerUser, workerUser, worker2User, strangerUser].map((u) => signedInClient(server, u.email)),
  );
  const farmId = await startFarm(owner!, 'Chidi Fish Farm');
  await startFarm(stranger!, 'Other Farm');
  const pondIds: number[] = [];
  for (const name of ['Pond 1', 'Pond 2', 'Pond 3', 'Pond 4']) {
    const added = await owner!.postForm(`/farm/${farmId}/ponds`, {
      intent: 'add-pond',
      name,
      kind: 'earthen_pond',
      areaM2: '200',
      depthM: '1.2',
    });
    expect(added.status).toBe(200);
    const [pond] = await server.database.db
      .select({ id: schema.ponds.id })
      .from(schema.ponds)
      .where(and(eq(schema.ponds.farmId, farmId), eq(schema.ponds.name, name)));
    pondIds.push(pond!.id);
  }
  const cycleIds: number[] = [];
  for (const [index, fish] of [1000, 1000, 100].entries()) {
    const stocked = await owner!.postForm(`/farm/${farmId}/ponds`, {
      ...stocking(pondIds[index]!),
      count: String(fish),
    });
    expect(stocked.status).toBe(200);
    cycleIds.push((await openCycleOf(pondIds[index]!))!);
  }
  for (const email of [workerUser.email, worker2User.email]) {
    const invited = await owner!.postForm(`/farm/${farmId}/workers`, { intent: 'invite', contact: email });
    expect(invited.status).toBe(200);
  }
  // They join with My farm's "Join" button.
  for (const client of [worker!, worker2!])
    expect((await client.postForm('/farm?index', { intent: 'join', farmId: String(farmId) })).status).toBe(
      302,
    );
  const [row] = await server.database.db
    .select({ id: schema.farmWorkers.id })
    .from(schema.farmWorkers)
    .where(and(eq(schema.farmWorkers.farmId, farmId), eq(schema.farmWorkers.userId, workerUser.id)));
  fx = {
    owner: owner!,
    worker: worker!,
    worker2: worker2!,
    stranger: stranger!,
    farmId,
    pondId: pondIds[0]!,
    cycleId: cycleIds[0]!,
    busyCycleId: cycleIds[1]!,
    smallCycleId: cycleIds[2]!,
    emptyPondId: pondIds[3]!,
    workerRowId: row!.id,
  };
});
afterAll(() => server.close());

async function startFarm(client: HttpClient, name: string): Promise<number> {
  const response = await client.postForm('/farm?index', {
    intent: 'start',
    name,
    state: 'Rivers',
    town: 'Port Harcourt',
  });
  expect(response.status).toBe(302);
  const match = /^\/farm\/(\d+)\/ponds$/.exec(locationOf(response) ?? '');
  expect(match).not.toBeNull();
  return Number(match![1]);
}

function stocking(pondId: number): Record<string, string> {
  return {
    intent: 'stock',
    pondId: String(pondId),
    species: 'african_catfish',
    stockedOn,
    count: '1000',
    averageG: '5',
    source: 'Aquaculture hatchery, Aba',
    cost: '50000',
    targetG: '1000',
  };
}

async function openCycleOf(pondId: number): Promise<number | undefined> {
  const [cycle] = await server.database.db
    .select({ id: schema.farmCycles.id })
    .from(schema.farmCycles)
    .where(and(eq(schema.farmCycles.pondId, pondId), sql`${schema.farmCycles.closedOn} is null`));
  return cycle?.id;
}

/** Every table of the farm book, counted: a refused request changes none. */
async function farmRowCounts() {
  const tables = [
    schema.farms,
    schema.farmWorkers,
    schema.ponds,
    schema.farmCycles,
    schema.farmEntries,
    schema.messageConsents,
  ];
  return Promise.all(
    tables.map(async (t) => (await server.database.db.select({ n: count() }).from(t))[0]!.n),
  );
}

async function deathsOf(cycleId: number): Promise<{ lines: number; dead: number }> {
  const [row] = await server.database.db
    .select({
      lines: sql<number>`count(*)::int`,
      dead: sql<number>`coalesce(sum(${schema.farmEntries.count}), 0)::int`,
    })
    .from(schema.farmEntries)
    .where(and(eq(schema.farmEntries.cycleId, cycleId), eq(schema.farmEntries.kind, 'deaths')));
  return { lines: Number(row!.lines), dead: Number(row!.dead) };
}

async function stockedCountOf(cycleId: number): Promise<number> {
  const [row] = await server.database.db
    .select({ n: schema.farmCycles.stockedCount })
    .from(schema.farmCycles)
    .where(eq(schema.farmCycles.id, cycleId));
  return row!.n;
}

function deaths(cycleId: number, fish: number, on = today): EntryInput {
  return { id: randomUUID(), cycleId, on, kind: 'deaths', count: fish };
}

interface EntriesAnswer {
  ok: boolean;
  saved: string[];
  already: string[];
  refused: { id: string; message: string; field: string }[];
  warnings: { id: string; messages: string[] }[];
}

async function sendEntries(client: HttpClient, entries: unknown): Promise<Response> {
  return client.postJson(`/api/farm/${fx.farmId}/entries`, { entries });
}

/** The page's text as a reader sees it: React's escapes undone. */
async function textOf(response: Response): Promise<string> {
  return (await response.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The message core's own schema gives `field` for `input`: the test asserts core's words, not a copy. */
function schemaMessage(schemaOf: z.ZodMiniType, input: Record<string, string>, field: string): string {
  const parsed = z.safeParse(schemaOf, input);
  const issue = parsed.error?.issues.find((i) => i.path[0] === field);
  if (!issue) throw new Error(`the schema accepts ${field} = ${input[field]}`);
  return issue.message;
}

describe("the farm's doors, for every farm route of the route table", () => {
  // The ids of this file's farm and cycle in place of the route table's parameters.
  const farmPaths = () =>
    routeTablePaths({ farmId: fx.farmId, cycleId: fx.cycleId }).filter((p) =>
      /^\/(api\/)?farm([/?]|$)/.test(p),
    );
  const onTheFarm = () => farmPaths().filter((p) => p.includes(`/farm/${fx.farmId}`));
  const isApi = (path: string) => path.startsWith('/api/');
  /** A form's target with no page of its own (a line's correction): its doors are tried, not a GET of it. */
  const isFormTarget = (path: string) => path.endsWith('/lines');
  const pages = () => farmPaths().filter((p) => !isApi(p) && !isFormTarget(p));

  /** Every form of the farm's pages, with every field any of them reads: each would change the book. */
  const formsOf = (): Record<string, string>[] => [
    ...['deaths', 'harvest', 'fed-as-planned', 'add-pond', 'stock', 'invite', 'remove'].map((intent) => ({
      ...stocking(fx.emptyPondId),
      id: randomUUID(),
      cycleId: String(fx.cycleId),
      on: today,
      count: '1',
      feedG: '1000',
      weightKg: '1',
      name: 'Hack',
      kind: 'earthen_pond',
      areaM2: '10',
      depthM: '1',
      contact: 'hack@example.ng',
      workerId: String(fx.workerRowId),
      state: 'Rivers',
      town: 'Hack',
      intent,
    })),
    // The reminders' form: turning them on for someone else's number.
    { contact: 'whatsapp', phone: '0803 555 0199' },
  ];

  it('finds the farm routes: a new one must be sorted here into the worker’s and the owner’s', () => {
    const F = fx.farmId;
    const C = fx.cycleId;
    expect(farmPaths().sort()).toEqual(
      [
        '/farm',
        '/farm?index',
        `/farm/${F}`,
        `/farm/${F}?index`,
        `/farm/${F}/cycles/${C}`,
        `/farm/${F}/cycles/${C}/report`,
        `/farm/${F}/cycles/${C}/report.csv`,
        `/farm/${F}/lines`,
        `/farm/${F}/ponds`,
        `/farm/${F}/workers`,
        `/farm/${F}/feed`,
        `/farm/${F}/sell`,
        `/farm/${F}/reminders`,
        `/farm/${F}/offers`,
        `/api/farm/${F}`,
        `/api/farm/${F}/entries`,
      ].sort(),
    );
    // The money pages are those behind the owner's door, and only those.
    expect(routeTablePathsUnder('routes/farm/owner-area.tsx', { farmId: F, cycleId: C }).sort()).toEqual([
      `/farm/${F}/cycles/${C}/report`,
      `/farm/${F}/cycles/${C}/report.csv`,
      `/farm/${F}/feed`,
      `/farm/${F}/offers`,
      `/farm/${F}/ponds`,
      `/farm/${F}/reminders`,
      `/farm/${F}/sell`,
      `/farm/${F}/workers`,
    ]);
  });

  it('a guest: a page sends them to /login and back; a post or the phone’s API is 401, changing nothing', async () => {
    const guest = new HttpClient(server.url);
    const before = await farmRowCounts();
    for (const path of farmPaths()) {
      if (!isApi(path)) {
        const page = await guest.get(path);
        expect(page.status, path).toBe(302);
        const back = new URL(path, server.url);
        expect(locationOf(page), path).toBe(
          `/login?redirectTo=${encodeURIComponent(back.pathname + back.search)}`,
        );
      } else {
        const page = await guest.get(path);
        expect(page.status, path).toBe(401);
        expect(await page.json(), path).toMatchObject({ ok: false, error: { message: FARM_GUEST.message } });
      }
      for (const form of formsOf()) {
        const post = await guest.postForm(path, form);
        expect(post.status, `${path} ${form.intent}`).toBe(401);
        expect(await textOf(post), path).toContain(FARM_GUEST.message);
      }
      const json = await guest.postJson(path, { entries: [deaths(fx.cycleId, 1)] });
      expect(json.status, path).toBe(401);
      if (isApi(path))
        expect(await json.json()).toMatchObject({
          ok: false,
          error: { title: FARM_GUEST.title, message: FARM_GUEST.message },
          fieldErrors: {},
        });
      else expect(await textOf(json), path).toContain(FARM_GUEST.message);
    }
    expect(await farmRowCounts()).toEqual(before);
  });

  it('another farmer: 404 everywhere on the farm, as if there were none, changing nothing', async () => {
    const before = await farmRowCounts();
    for (const path of onTheFarm()) {
      const page = await fx.stranger.get(path);
      expect(page.status, path).toBe(404);
      expect(await textOf(page), path).toContain(FARM_REFUSALS.notFound);
      for (const form of formsOf()) {
        const post = await fx.stranger.postForm(path, form);
        expect(post.status, `${path} ${form.intent}`).toBe(404);
        expect(await textOf(post), path).toContain(FARM_REFUSALS.notFound);
      }
      const json = await fx.stranger.postJson(path, { entries: [deaths(fx.cycleId, 1)] });
      expect(json.status, path).toBe(404);
      if (isApi(path))
        expect(await json.json()).toMatchObject({ ok: false, error: { message: FARM_REFUSALS.notFound } });
    }
    // Their own My farm does not list it.
    expect(await textOf(await fx.stranger.get('/farm'))).not.toContain('Chidi Fish Farm');
    expect(await farmRowCounts()).toEqual(before);
  });

  it('a worker: the day and the cycle without money; the owner’s pages 403; a harvest refused', async () => {
    const F = fx.farmId;
    const ownerPages = routeTablePathsUnder('routes/farm/owner-area.tsx', { farmId: F, cycleId: fx.cycleId });
    const before = await farmRowCounts();
    for (const path of pages().filter((p) => p.includes(`/farm/${F}`))) {
      const page = await fx.worker.get(path);
      const html = await textOf(page);
      if (ownerPages.includes(path)) {
        expect(page.status, path).toBe(403);
        expect(html, path).toContain(FARM_REFUSALS.ownerOnly);
        for (const form of formsOf()) {
          const post = await fx.worker.postForm(path, form);
          expect(post.status, `${path} ${form.intent}`).toBe(403);
          expect(await textOf(post), path).toContain(FARM_REFUSALS.ownerOnly);
        }
      } else {
        expect(page.status, path).toBe(200);
        expect(html, path).not.toContain('₦');
        expect(html, path).not.toContain('Cost so far');
        expect(html, path).not.toContain('Margin');
      }
    }
    expect(await farmRowCounts()).toEqual(before);

    // A harvest is the owner's: the form and the phone's API both refuse it, and nothing is written.
    const form = await fx.worker.postForm(`/farm/${F}/cycles/${fx.cycleId}`, {
      intent: 'harvest',
      id: randomUUID(),
      cycleId: String(fx.cycleId),
      on: today,
      count: '10',
      weightKg: '5',
    });
    expect(form.status).toBe(403);
    expect(await textOf(form)).toContain(FARM_REFUSALS.ownerOnly);
    const harvest: EntryInput = {
      id: randomUUID(),
      cycleId: fx.cycleId,
      on: today,
      kind: 'harvest',
      count: 10,
      weightG: 5000,
    };
    const api = await sendEntries(fx.worker, [harvest]);
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({
      saved: [],
      refused: [{ id: harvest.id, message: FARM_REFUSALS.ownerOnly, field: 'kind' }],
    });
    expect(await farmRowCounts()).toEqual(before);
  });

  it('the owner: every page of the farm, money and all', async () => {
    for (const path of pages()) {
      const page = await fx.owner.get(path);
      expect(page.status, path).toBe(200);
    }
    const cycle = await textOf(await fx.owner.get(`/farm/${fx.farmId}/cycles/${fx.cycleId}`));
    expect(cycle).toContain('Cost so far');
    expect(cycle).toContain('₦');
  });
});

describe("the phone's lines are saved once, by their id", () => {
  it('a send repeated is "already", and the book has each line once', async () => {
    const lines: EntryInput[] = [
      { id: randomUUID(), cycleId: fx.cycleId, on: today, kind: 'feeding', feedG: 1200, asPlanned: true },
      deaths(fx.cycleId, 2),
      { id: randomUUID(), cycleId: fx.cycleId, on: today, kind: 'water', temperatureC: 28, ph: 7 },
      { id: randomUUID(), cycleId: fx.cycleId, on: today, kind: 'note', note: 'Fish active' },
    ];
    const ids = lines.map((line) => line.id);
    const first = await sendEntries(fx.worker, lines);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ ok: true, saved: ids, already: [], refused: [] });
    const again = await sendEntries(fx.worker, lines);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ ok: true, saved: [], already: ids, refused: [] });
    const rows = await server.database.db
      .select({ id: schema.farmEntries.id, recordedBy: schema.farmEntries.recordedBy })
      .from(schema.farmEntries)
      .where(sql`${schema.farmEntries.id} in ${ids}`);
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
  });

  it('the same send at once three times (retries while the first is on its way): each line once, never a 500', async () => {
    for (let round = 0; round < 3; round++) {
      const lines = [deaths(fx.cycleId, 1), deaths(fx.cycleId, 1)];
      const ids = lines.map((line) => line.id).sort();
      const before = await deathsOf(fx.cycleId);
      const answers = await Promise.all([1, 2, 3].map(() => sendEntries(fx.worker, lines)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const bodies = (await Promise.all(answers.map((a) => a.json()))) as EntriesAnswer[];
      expect(bodies.flatMap((b) => b.refused)).toEqual([]);
      expect(bodies.flatMap((b) => b.saved).sort()).toEqual(ids);
      expect(bodies.flatMap((b) => b.already).sort()).toEqual([...ids, ...ids].sort());
      expect(await deathsOf(fx.cycleId)).toEqual({ lines: before.lines + 2, dead: before.dead + 2 });
    }
  });

  it('a batch with a bad line saves the others and names the bad one with its message', async () => {
    const good = [deaths(fx.cycleId, 1), deaths(fx.cycleId, 1)];
    const future = deaths(fx.cycleId, 1, addDays(today, 1));
    const tooMany = deaths(fx.cycleId, 5000);
    const before = await deathsOf(fx.cycleId);
    const response = await sendEntries(fx.worker, [good[0], future, tooMany, good[1]]);
    expect(response.status).toBe(200);
    const body = (await response.json()) as EntriesAnswer;
    expect(body.saved).toEqual(good.map((line) => line.id));
    expect(body.refused).toEqual([
      { id: future.id, message: ENTRY_REFUSALS.future, field: 'on' },
      {
        id: tooMany.id,
        message: expect.stringMatching(/^Only [\d,]+ fish are alive in this pond$/),
        field: 'count',
      },
    ]);
    expect(await deathsOf(fx.cycleId)).toEqual({ lines: before.lines + 2, dead: before.dead + 2 });
    // A refused line sent again is refused again (it was never saved), not "already".
    const retry = (await (await sendEntries(fx.worker, [future])).json()) as EntriesAnswer;
    expect(retry.refused.map((r) => r.id)).toEqual([future.id]);
  });

  it("a line for another farm's cycle is refused, as if there were no such pond", async () => {
    const [otherCycle] = await server.database.db
      .select({ id: schema.farmCycles.id })
      .from(schema.farmCycles)
      .where(sql`${schema.farmCycles.farmId} <> ${fx.farmId}`)
      .limit(1);
    const before = await farmRowCounts();
    // No other farm has a cycle in this file: any id not on this farm will do.
    const line = deaths(otherCycle?.id ?? 999_999, 1);
    const body = (await (await sendEntries(fx.owner, [line])).json()) as EntriesAnswer;
    expect(body.refused).toEqual([{ id: line.id, message: ENTRY_REFUSALS.noCycle, field: 'cycleId' }]);
    expect(await farmRowCounts()).toEqual(before);
  });
});

describe('two workers logging one pond at once', () => {
  it('both count, round after round', async () => {
    const rounds = 5;
    for (let round = 0; round < rounds; round++) {
      const answers = await Promise.all([
        sendEntries(fx.worker, [deaths(fx.busyCycleId, 1)]),
        sendEntries(fx.worker2, [deaths(fx.busyCycleId, 2)]),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      for (const body of (await Promise.all(answers.map((a) => a.json()))) as EntriesAnswer[])
        expect(body.saved).toHaveLength(1);
    }
    expect(await deathsOf(fx.busyCycleId)).toEqual({ lines: 2 * rounds, dead: 3 * rounds });
    // Each line keeps who wrote it.
    const writers = await server.database.db
      .selectDistinct({ by: schema.farmEntries.recordedBy })
      .from(schema.farmEntries)
      .where(eq(schema.farmEntries.cycleId, fx.busyCycleId));
    expect(writers).toHaveLength(2);
  });

  it('deaths that together exceed the fish alive are never all saved: alive never below 0', async () => {
    let alive = await stockedCountOf(fx.smallCycleId);
    while (alive > 0) {
      // Each worker's count is possible alone; the two together are more than the pond holds.
      const fish = Math.floor(alive / 2) + 1;
      const answers = (await Promise.all(
        [fx.worker, fx.worker2].map(async (client) =>
          (await sendEntries(client, [deaths(fx.smallCycleId, fish)])).json(),
        ),
      )) as EntriesAnswer[];
      expect(answers.flatMap((a) => a.saved)).toHaveLength(1);
      expect(answers.flatMap((a) => a.refused)).toEqual([
        expect.objectContaining({ message: ENTRY_REFUSALS.moreThanAlive(alive - fish), field: 'count' }),
      ]);
      const { dead } = await deathsOf(fx.smallCycleId);
      alive -= fish;
      expect(dead).toBe(100 - alive);
      expect(alive).toBeGreaterThanOrEqual(0);
    }
    const page = await textOf(await fx.owner.get(`/farm/${fx.farmId}/cycles/${fx.smallCycleId}`));
    expect(page).toMatch(/Fish alive<\/dt><dd[^>]*>0<\/dd>/);
  });
});

describe("bad input: the field's message, nothing changed, never a 500", () => {
  const ponds = () => `/farm/${fx.farmId}/ponds`;
  const day = () => `/farm/${fx.farmId}?index`;
  const cyclePage = () => `/farm/${fx.farmId}/cycles/${fx.cycleId}`;

  async function refusedForm(path: string, form: Record<string, string>, status: number, message: string) {
    const before = await farmRowCounts();
    const response = await fx.owner.postForm(path, form);
    expect(response.status, JSON.stringify(form)).toBe(status);
    expect(await textOf(response)).toContain(message);
    expect(await farmRowCounts()).toEqual(before);
  }

  it('0 fish and 10⁹ fish stocked', async () => {
    for (const fish of ['0', '1000000000']) {
      const form = { ...stocking(fx.emptyPondId), count: fish };
      const message = schemaMessage(StockFormSchema, form, 'count');
      await refusedForm(ponds(), form, 400, message);
    }
    expect(await openCycleOf(fx.emptyPondId)).toBeUndefined();
  });

  it('a stocking date in the future, and a second active cycle in one pond', async () => {
    await refusedForm(
      ponds(),
      { ...stocking(fx.emptyPondId), stockedOn: addDays(today, 1) },
      400,
      POND_MESSAGES.future,
    );
    await refusedForm(ponds(), stocking(fx.pondId), 400, POND_MESSAGES.occupied);
    const open = await server.database.db
      .select({ n: count() })
      .from(schema.farmCycles)
      .where(and(eq(schema.farmCycles.pondId, fx.pondId), sql`${schema.farmCycles.closedOn} is null`));
    expect(open[0]!.n).toBe(1);
  });

  it('−2 kg of feed, on the day page and from the phone', async () => {
    await refusedForm(
      day(),
      { intent: 'feeding', id: randomUUID(), cycleId: String(fx.cycleId), on: today, feedKg: '-2' },
      400,
      DAY_FORM_MESSAGES.feedKg,
    );
    const before = await farmRowCounts();
    const api = await sendEntries(fx.owner, [
      { id: randomUUID(), cycleId: fx.cycleId, on: today, kind: 'feeding', feedG: -2000 },
    ]);
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ ok: false, error: { message: ENTRY_MESSAGES.feed } });
    expect(await farmRowCounts()).toEqual(before);
  });

  it('a date before stocking, and one in the future', async () => {
    const line = (on: string) => ({
      intent: 'deaths',
      id: randomUUID(),
      cycleId: String(fx.cycleId),
      on,
      count: '1',
    });
    await refusedForm(day(), line(addDays(stockedOn, -1)), 400, ENTRY_REFUSALS.beforeStocking(stockedOn));
    await refusedForm(day(), line(addDays(today, 1)), 400, ENTRY_REFUSALS.future);
  });

  it('a sample whose average is impossible: 10 fish weighing 500 kg', async () => {
    const form = {
      intent: 'sample',
      id: randomUUID(),
      cycleId: String(fx.cycleId),
      on: today,
      count: '10',
      weightKg: '500',
    };
    await refusedForm(cyclePage(), form, 400, ENTRY_REFUSALS.impossibleAverage(50_000));
  });

  it('the form and the phone refuse impossible numbers with their field’s words', async () => {
    const farm = { intent: 'start', name: '', state: 'Atlantis', town: 'x' };
    await refusedForm('/farm?index', farm, 400, schemaMessage(FarmFormSchema, farm, 'state'));
    const before = await farmRowCounts();
    for (const [line, message] of [
      [{ ...deaths(fx.cycleId, 1), count: 0 }, ENTRY_MESSAGES.deaths],
      [{ ...deaths(fx.cycleId, 1), count: 1e9 }, ENTRY_MESSAGES.deaths],
      [{ ...deaths(fx.cycleId, 1), count: 1.5 }, ENTRY_MESSAGES.deaths],
      [{ id: randomUUID(), cycleId: fx.cycleId, on: today, kind: 'water', ph: 15 }, ENTRY_MESSAGES.ph],
    ] as const) {
      const api = await sendEntries(fx.owner, [line]);
      expect(api.status, JSON.stringify(line)).toBe(400);
      expect(await api.json()).toMatchObject({ ok: false, error: { message } });
    }
    expect(await farmRowCounts()).toEqual(before);
  });

  it('non-JSON and junk bodies to the phone’s API: a 400 in the action-failure shape', async () => {
    const path = `/api/farm/${fx.farmId}/entries`;
    const before = await farmRowCounts();
    const notJson = await fetch(new URL(path, server.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        cookie: fx.owner.cookieHeader(),
      },
      body: '{"entries": [',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({
      ok: false,
      error: { title: 'Entries not sent', message: 'Expected a JSON body.' },
    });
    const junk: unknown[] = [
      null,
      42,
      'entries',
      [],
      {},
      { entries: [] },
      { entries: 'all of them' },
      { entries: [{}] },
      { entries: [{ ...deaths(fx.cycleId, 1), kind: 'poison' }] },
      { entries: [{ ...deaths(fx.cycleId, 1), id: 'not-a-uuid' }] },
      { entries: [{ ...deaths(fx.cycleId, 1), on: '2024-02-30' }] },
      { entries: [{ ...deaths(fx.cycleId, 1), extra: 'field' }] },
      { entries: [deaths(fx.cycleId, 1)], more: true },
      { entries: Array.from({ length: 501 }, () => deaths(fx.cycleId, 1)) },
    ];
    for (const body of junk) {
      const response = await fx.owner.postJson(path, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, error: { title: 'Entries not sent' } });
    }
    const form = await fx.owner.postForm(path, { entries: 'x' });
    expect(form.status).toBe(400);
    expect(await farmRowCounts()).toEqual(before);
  });
});

describe('a worker invited by e-mail', () => {
  it('is offered the farm on My farm once their e-mail is confirmed, and joins with its button, not by opening a page', async () => {
    const email = uniqueEmail('pond-hand');
    const invited = await fx.owner.postForm(`/farm/${fx.farmId}/workers`, {
      intent: 'invite',
      contact: email,
    });
    expect(invited.status).toBe(200);
    const client = new HttpClient(server.url);
    const signUp = await client.postForm('/signup', {
      fullName: 'Emeka Pond',
      email,
      password: SHOPPER_PASSWORD,
      confirmPassword: SHOPPER_PASSWORD,
      terms: 'on',
    });
    expect(signUp.status).toBe(302);
    const [account] = await server.database.db.select().from(schema.user).where(eq(schema.user.email, email));
    expect(account!.emailVerified).toBe(false);
    // Not confirmed: the invitation is not theirs yet, whatever asks for it.
    expect(await pendingInvitations(server.database.db, account!.id)).toEqual([]);
    expect(await joinInvitations(server.database.db, account!.id, fx.farmId)).toBe(false);
    const invitation = () =>
      server.database.db
        .select({ userId: schema.farmWorkers.userId, joinedAt: schema.farmWorkers.joinedAt })
        .from(schema.farmWorkers)
        .where(and(eq(schema.farmWorkers.farmId, fx.farmId), eq(schema.farmWorkers.invitedEmail, email)));
    expect(await invitation()).toEqual([{ userId: null, joinedAt: null }]);

    await server.jobsDone();
    expect((await client.get(server.mailer.linkIn(server.mailer.lastTo(email)))).status).toBe(302);
    const login = await client.postForm('/login', { email, password: SHOPPER_PASSWORD, redirectTo: '/farm' });
    expect(login.status).toBe(302);
    // Signed in and confirmed: My farm offers the farm, and opening it (twice) joins nothing.
    expect((await client.get(`/farm/${fx.farmId}`)).status).toBe(404);
    for (let visit = 0; visit < 2; visit++) {
      const myFarm = await client.get('/farm');
      expect(myFarm.status).toBe(200);
      const html = await textOf(myFarm);
      expect(html).toContain('Farms inviting you');
      expect(html).toContain('Join Chidi Fish Farm');
      expect(html).not.toContain('You work here');
    }
    expect(await invitation()).toEqual([{ userId: null, joinedAt: null }]);
    // A farm that did not invite them: the post joins nothing, and its door answers 404.
    const elsewhere = await client.postForm('/farm?index', {
      intent: 'join',
      farmId: String(fx.farmId + 1000),
    });
    expect(locationOf(elsewhere)).toBe(`/farm/${fx.farmId + 1000}`);
    const joined = await client.postForm('/farm?index', { intent: 'join', farmId: String(fx.farmId) });
    expect(joined.status).toBe(302);
    expect(locationOf(joined)).toBe(`/farm/${fx.farmId}`);
    expect(await invitation()).toEqual([{ userId: account!.id, joinedAt: expect.any(Date) }]);
    const html = await textOf(await client.get('/farm'));
    expect(html).toContain('You work here');
    expect(html).not.toContain('Join Chidi Fish Farm');
    const page = await client.get(`/farm/${fx.farmId}`);
    expect(page.status).toBe(200);
    expect(await textOf(page)).not.toContain('₦');
  });
});
