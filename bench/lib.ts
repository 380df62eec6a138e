/**
 * Shared pieces of the benchmark scripts: a PostgreSQL to run on, databases filled with generated
 * products, the shop and a bare node:http server as child processes, and autocannon runs.
 * Everything runs on this machine's loopback and stops by itself.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createPasswordAccount } from '#core/accounts/auth';
import { openPostgres, type Database } from '#db/client';
import { runMigrations } from '#db/migrate';
import { seedDatabase } from '../server/seed';
import { readBuild } from '../tests/support/first-load';
import { createServices, type Services } from '#server/services';
import { loadEnv } from '#server/env';
import {
  answers,
  shopEnv,
  startProcess as start,
  startShop,
  type ShopEnv,
  type StartedProcess,
} from '../tests/support/shop';

export interface Postgres {
  url: string;
  /** the postmaster's pid when this script started the cluster (for CPU accounting) */
  pid?: number;
  stop(): Promise<void>;
}

/** DATABASE_URL when set, otherwise a throwaway local cluster (Debian's postgresql package). */
export async function ensurePostgres(): Promise<Postgres> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'freshcatch-bench-pg-'));
  const started = spawnSync('bash', ['scripts/pg-throwaway.sh', 'start', dir], { encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`could not start PostgreSQL:\n${started.stderr}`);
  // The shop talks to it over its Unix socket, as a shop on the same machine as its database should
  // (docs/decisions/025): the same server, without the TCP stack's work for every statement.
  const tcp = new URL(started.stdout.trim().replace(/^export DATABASE_URL=/, ''));
  const url = `postgres://postgres@${encodeURIComponent(dir)}:${tcp.port}/postgres`;
  return {
    url,
    pid: Number(readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop: async () => {
      spawnSync('bash', ['scripts/pg-throwaway.sh', 'stop', dir]);
    },
  };
}

const NAMES = [
  ['Catfish', 'fresh'],
  ['Tilapia', 'fresh'],
  ['Croaker', 'fresh'],
  ['Mackerel', 'fresh'],
  ['Prawns', 'shellfish'],
  ['Crabs', 'shellfish'],
  ['Periwinkle', 'shellfish'],
  ['Smoked Catfish', 'smoked'],
  ['Smoked Bonga', 'smoked'],
  ['Stockfish', 'dried'],
  ['Crayfish', 'dried'],
  ['Pond Liner', 'equipment'],
  ['Aerator', 'equipment'],
  ['Drag Net', 'equipment'],
  ['Floating Feed', 'feeds'],
  ['Sinking Feed', 'feeds'],
] as const;
const GRADES = [
  'Grade A',
  'Jumbo',
  'Medium',
  'Family Pack',
  'Premium',
  'Value',
  'Farm Select',
  'Export Quality',
];
const PLACES = ['Port Harcourt', 'Lagos', 'Abuja', 'Calabar', 'Warri', 'Onitsha', 'Ibadan', 'Kano'];

/** A verified shopper with a password, made directly in the database (as an admin would). */
export async function createBenchShopper(
  database: Database,
  email: string,
  password: string,
  name = 'Bench Shopper',
): Promise<{ id: string; email: string }> {
  return createPasswordAccount(benchServices(database).auth, { email, password, name });
}

/** Migrates `database` (PostgreSQL or the embedded one) and seeds it as a first start of the shop does. */
export async function migrateAndSeed(database: Database, options: { demo?: boolean } = {}) {
  await runMigrations(database);
  await seedDatabase(database.db, benchServices(database).auth, pino({ level: 'silent' }), {
    demo: options.demo ?? true,
    admin: {},
  });
}

/** The shop's services on `database`, without a server: for what the benches write before it starts. */
function benchServices(database: Database): Services {
  const env = loadEnv(shopEnv({ LOG_LEVEL: 'silent', DATA_DIR: tmpdir() }));
  return createServices(env, pino({ level: 'silent' }), database, { send: async () => {} });
}

/** Signs in through the login form and returns its session cookies. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({ email, password, redirectTo: '/' }).toString(),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    // the session token and its signed cache, as a browser keeps them
    .filter((c) => c.startsWith('better-auth.'))
    .join('; ');
  if (!cookie) throw new Error(`bench sign-in failed (${response.status})`);
  return cookie;
}

/** As a browser does: a renewed session cookie, or a fresh signed session cache, replaces the old one. */
export function keepSessionCookies(cookie: string, response: Response | { setCookie: string[] }): string {
  const jar = new Map(cookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair]));
  const lines = 'setCookie' in response ? response.setCookie : response.headers.getSetCookie();
  for (const line of lines) {
    const pair = line.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('='));
    if (!name.startsWith('better-auth.')) continue;
    if (pair.endsWith('=') || /max-age=0\b/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

/** Adds `count` generated products (names, descriptions, prices, categories and places vary). */
export async function generateProducts(url: string, count: number, options: { seed?: boolean } = {}) {
  const database = await openPostgres(url, 4);
  if (options.seed !== false) await migrateAndSeed(database);
  else await runMigrations(database);
  const names = NAMES.map(([n]) => `'${n}'`).join(',');
  const categories = NAMES.map(([, c]) => `'${c}'`).join(',');
  const grades = GRADES.map((g) => `'${g}'`).join(',');
  const places = PLACES.map((p) => `'${p}'`).join(',');
  const batch = 20_000;
  for (let start = 0; start < count; start += batch) {
    const end = Math.min(count, start + batch);
    await database.db.execute(
      sql.raw(`
      insert into products (name, description, price_kobo, category, location, origin, freshness, weight_grams, image_url, in_stock)
      select
        (array[${names}])[1 + i % ${NAMES.length}] || ' ' || (array[${grades}])[1 + (i / ${NAMES.length}) % ${GRADES.length}] || ' #' || i,
        (array[
          'Batch ' || i || ' of ' || lower(n.name) || ' from ' || n.place || '. Packed on ice and delivered the same day.',
          n.name || ' sourced from ' || n.place || ', graded and weighed before dispatch.',
          'Popular with restaurants in ' || n.place || '; ideal for stews and grills.',
          'Traditional ' || lower(n.name) || ' for pepper soup, prepared by partner farms in ' || n.place || '.',
          'Quality checked ' || lower(n.name) || '; keep chilled and use within two days.',
          'Wholesale lot ' || i || ': ' || lower(n.name) || ' from ' || n.place || ', ready for collection or delivery.'
        ])[1 + i % 6],
        (100000 + (i * 7919) % 30000000)::bigint,
        ((array[${categories}])[1 + i % ${NAMES.length}])::product_category,
        (array['Port Harcourt','Lagos','Abuja'])[1 + i % 3],
        (array[${places}])[1 + i % ${PLACES.length}],
        1 + i % 5,
        500 * (1 + i % 30),
        null,
        i % 11 <> 0
      from generate_series(${start + 1}, ${end}) as i,
        lateral (select (array[${names}])[1 + i % ${NAMES.length}] as name, (array[${places}])[1 + (i / 7) % ${PLACES.length}] as place) as n`),
    );
  }
  // As autovacuum would have by the time shoppers arrive: hint bits set, statistics fresh.
  await database.db.execute(sql`vacuum analyze products`);
  return database;
}

/**
 * The Node.js every process of a bench runs on (the shop, its bare-framework floor, the node:http hello):
 * this one, or `BENCH_NODE=/path/to/node` to measure the same build on another release (README →
 * Performance, docs/decisions/026: the LTS production should run).
 */
export const BENCH_NODE = process.env.BENCH_NODE || process.execPath;

/** `v24.x.y` of BENCH_NODE, printed at the top of each bench. */
export function benchNodeVersion(): string {
  const result = spawnSync(BENCH_NODE, ['--version'], { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`BENCH_NODE=${BENCH_NODE} does not run: ${result.stderr || result.error}`);
  return result.stdout.trim();
}

/** How production runs the shop (package.json "serve"): plain Node on the bundle, heap capped. */
const SERVE_FLAGS = ['--max-old-space-size=128', '--max-semi-space-size=8'];

export interface RunningProcess {
  child: ChildProcess;
  /**
   * Resident memory in MB (from /proc): the process tree's now and at peak (summed), the largest one
   * process's peak, and the largest one process's now.
   */
  memory(): { rssMb: number; peakMb: number; largestPeakMb: number; largestRssMb: number };
  stop(): Promise<void>;
}

/**
 * The shop as production runs it (package.json "serve": its supervisor on BENCH_NODE, heap capped)
 * with `processes` server processes, on the PostgreSQL database of env.DATABASE_URL (or, without it,
 * the embedded database in env.DATA_DIR, one process); ready once /readyz answers. With `cpuProfile`, BENCH_CPU_PROF=dir writes a V8 CPU profile of the server there
 * (open it in Chrome DevTools).
 */
export async function serveShop(
  env: ShopEnv,
  options: { processes?: number; cpuProfile?: boolean } = {},
): Promise<RunningProcess> {
  const dir = options.cpuProfile && process.env.BENCH_CPU_PROF;
  const profile = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  const shop = await startShop({
    engine: env.DATABASE_URL ? 'postgres' : 'pglite',
    env,
    processes: options.processes ?? 1,
    node: BENCH_NODE,
    nodeArgs: [...profile, ...SERVE_FLAGS],
  });
  return measured(shop);
}

/** A process besides the shop (a hello server, the bare framework), ready once `readyUrl` answers. */
export async function startProcess(
  command: string,
  args: string[],
  env: ShopEnv,
  readyUrl: string,
): Promise<RunningProcess> {
  return measured(await start(command, args, { env, ready: () => answers(readyUrl) }));
}

function measured({ child, stop }: StartedProcess): RunningProcess {
  return {
    child,
    memory() {
      let rss = 0;
      let peak = 0;
      let largest = 0;
      let largestNow = 0;
      for (const pid of processTree(child.pid!)) {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
        rss += kb('VmRSS');
        peak += kb('VmHWM');
        largest = Math.max(largest, kb('VmHWM'));
        largestNow = Math.max(largestNow, kb('VmRSS'));
      }
      return {
        rssMb: Math.round(rss / 1024),
        peakMb: Math.round(peak / 1024),
        largestPeakMb: Math.round(largest / 1024),
        largestRssMb: Math.round(largestNow / 1024),
      };
    },
    stop: () => stop(),
  };
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/**
 * CPU time in ms (user + system) of the processes named by `pids` and their reaped children, from
 * /proc/<pid>/stat (Linux). Pass a whole process tree, so that a child's time is counted exactly once.
 */
function cpuMsOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): state is 3rd, then utime, stime and the
      // cutime, cstime of children it has reaped are 14th–17th. Counting the reaped children keeps a
      // process that ended between two samples (a replaced worker, an autovacuum worker) in the sum.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended between listing and reading
    }
  }
  return ticks * (1000 / CLOCK_TICKS);
}

function processes(): { pid: number; ppid: number; name: string }[] {
  const list = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      list.push({ pid: Number(entry), ppid, name });
    } catch {
      // gone already
    }
  }
  return list;
}

/** A process and all its descendants (the shop's primary and the workers it forked). */
function processTree(pid: number, all = processes()): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const p of all) if (p.ppid === tree[i]) tree.push(p.pid);
  return tree;
}

export interface CpuSample {
  /** the shop: the server process and any workers it forked */
  server: number;
  /** the benchmark's PostgreSQL (its postmaster and backends), or every PostgreSQL process here */
  postgres: number;
  /** this script, which plays the buyers */
  loadGenerator: number;
}

/** CPU used so far (ms) by the shop, PostgreSQL and this load generator; diff two samples. */
export function sampleCpu(serverPid: number, postmasterPid?: number): CpuSample {
  const all = processes();
  const usage = process.cpuUsage();
  return {
    server: cpuMsOf(processTree(serverPid, all)),
    postgres: cpuMsOf(
      postmasterPid
        ? processTree(postmasterPid, all)
        : all.filter((p) => p.name === 'postgres').map((p) => p.pid),
    ),
    loadGenerator: (usage.user + usage.system) / 1000,
  };
}

/**
 * What the CPU alone allows on this machine. Buyers who never pause are a closed system, so by
 * Little's law the mean time of one order is buyers ÷ orders per second; orders per second cannot
 * exceed cores × 1000 ÷ (CPU ms per order, counting everything that shares the cores).
 */
export function cpuCeiling(
  before: CpuSample,
  after: CpuSample,
  orders: number,
  buyers: number,
  targetMs: number,
) {
  const per = (key: keyof CpuSample) => (after[key] - before[key]) / orders;
  const perOrder = { server: per('server'), postgres: per('postgres'), loadGenerator: per('loadGenerator') };
  const totalMs = perOrder.server + perOrder.postgres + perOrder.loadGenerator;
  const cores = availableParallelism();
  const maxOrdersPerSecond = (cores * 1000) / totalMs;
  return {
    perOrder,
    totalMs,
    cores,
    maxOrdersPerSecond,
    /** the least mean time of one order these buyers can see here */
    floorMs: (buyers * 1000) / maxOrdersPerSecond,
    /** the CPU per order, all together, that a mean of `targetMs` would need */
    budgetMs: (cores * targetMs) / buyers,
  };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** autocannon with a short warm-up that is not counted. */
export async function load(
  url: string,
  options: { connections?: number; seconds?: number; cookie?: string } = {},
): Promise<LoadResult> {
  const connections = options.connections ?? 20;
  // As every browser does: the shop compresses what it sends.
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  if (options.cookie) headers.cookie = options.cookie;
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration: options.seconds ?? 10, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export function verdict(ok: boolean) {
  return ok ? 'PASS' : 'MISS';
}

export function table(rows: (string | number)[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const row of rows) console.log(row.map((cell, i) => String(cell).padEnd(widths[i]!)).join('  '));
}

/** First-load JavaScript of the storefront's pages as sent, and whether any admin code rides along. */
export async function bundleSizes() {
  const build = await readBuild();
  const adminModules = new Set(
    Object.entries(build.assets.routes)
      .filter(([id]) => id.startsWith('routes/admin/') || id.startsWith('admin-'))
      .map(([, r]) => r.module),
  );
  const pages = [
    ['/', 'routes/home'],
    ['/products', 'routes/products'],
    ['/products/{id}', 'routes/product'],
    ['/cart', 'routes/cart'],
    ['/search', 'routes/search'],
  ] as const;
  const rows: (string | number)[][] = [['page', 'files', 'JS KB as sent (Brotli)', 'admin code?']];
  let worst = 0;
  let adminLeak = false;
  for (const [page, id] of pages) {
    const load = build.firstLoad(id);
    const scripts = load.files.filter((f) => f.endsWith('.js'));
    const leak = scripts.some((f) => adminModules.has(f) || build.read(f).includes('Admin Mode'));
    worst = Math.max(worst, load.jsBytes);
    adminLeak ||= leak;
    rows.push([page, scripts.length, (load.jsBytes / 1024).toFixed(1), leak ? 'YES' : 'no']);
  }
  console.log('\nFirst-load JavaScript, as the server sends it');
  table(rows);
  return [
    [
      'storefront first-load JS ≤ 150 KB compressed',
      verdict(worst <= 150 * 1024),
      `${(worst / 1024).toFixed(1)} KB (largest)`,
    ],
    ['no admin code in storefront chunks', verdict(!adminLeak), adminLeak ? 'found' : 'none'],
  ];
}

/**
 * A browser-like page client for load runs: one keep-alive connection of its own (as one browser tab
 * has), gzip accepted as browsers do, the body read to its end but not decompressed. `fetch` costs the
 * load generator ~5 ms of CPU per 80 KB page (undici's Response, decompression, web streams), which on
 * a 2-core machine is CPU taken from the shop it measures; this costs a fraction of that.
 */
export function pageClient(baseUrl: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(baseUrl);
  return {
    get(path: string, cookie: string): Promise<{ status: number; bytes: number; setCookie: string[] }> {
      return new Promise((resolve, reject) => {
        const request = http.get(
          { agent, hostname, port, path, headers: { cookie, 'accept-encoding': 'gzip' } },
          (response) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => (bytes += chunk.length));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                bytes,
                setCookie: response.headers['set-cookie'] ?? [],
              }),
            );
            response.on('error', reject);
          },
        );
        request.on('error', reject);
      });
    },
    close: () => agent.destroy(),
  };
}
