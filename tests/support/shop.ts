/**
 * The shop as the tests, the e2e suite and the benchmarks start it: its environment (shopEnv), the
 * shop itself, in this process or as `npm run serve` runs it (startShop), a database of a caller's own
 * (freshDatabase), and Chromium's launch options. One place, so that a variable the server comes to
 * need, or a flag Chromium comes to need, is added once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import type { Services } from '#server/services';

/** The secret of every shop a test or a bench starts (a real shop sets its own or generates one). */
const AUTH_SECRET = 'test-secret-test-secret-test-secret-123';

export type ShopEnv = Record<string, string | undefined>;

/**
 * A shop's environment for a test or a bench: production mode on the loopback, the tests' secret, and
 * its own address as PUBLIC_URL when PORT is given; `overrides` win over all of these.
 */
export function shopEnv(overrides: ShopEnv = {}): ShopEnv {
  const own = overrides.PORT ? { PUBLIC_URL: `http://127.0.0.1:${overrides.PORT}` } : {};
  return { NODE_ENV: 'production', HOST: '127.0.0.1', AUTH_SECRET, ...own, ...overrides };
}

/** A process started and answering; see startProcess. */
export interface StartedProcess {
  child: ChildProcess;
  /** What it has written so far: its stderr, and its stdout too when started with `logs`. */
  output(): string;
  /** SIGTERM, then SIGKILL if it is still there after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** A process that exited, or did not become ready in time; `output` says why. */
export class ProcessDidNotStart extends Error {
  constructor(
    what: string,
    readonly exitCode: number | null,
    readonly output: string,
  ) {
    super(`${what}:\n${output}`);
  }
}

/**
 * Starts `command` with `env` over this process's environment (a variable set to undefined is
 * removed) and resolves once `ready` holds, looked at every 100 ms for up to `timeoutMs`. Its stdout
 * is dropped unless `logs` asks for it: a bench's load generator should not spend CPU reading logs.
 */
export async function startProcess(
  command: string,
  args: string[],
  options: {
    env: ShopEnv;
    ready: (started: StartedProcess) => boolean | Promise<boolean>;
    timeoutMs?: number;
    logs?: boolean;
    cwd?: string;
  },
): Promise<StartedProcess> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', options.logs ? 'pipe' : 'ignore', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const closed = new Promise((resolve) => child.once('close', resolve));
  const started: StartedProcess = {
    child,
    output: () => output,
    stop: (graceMs = 15_000) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
      }),
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (!(await options.ready(started))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      // All it wrote, not only what had arrived when it exited (unless a child of its holds the pipe).
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      throw new ProcessDidNotStart(`${command} ${args.join(' ')} exited`, child.exitCode, output);
    }
    if (Date.now() > deadline) {
      await started.stop();
      throw new ProcessDidNotStart(`${command} ${args.join(' ')} did not become ready`, null, output);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return started;
}

/** Whether `url` answers 2xx within 2 s. */
export async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

interface ShopOptions {
  /** PostgreSQL (env.DATABASE_URL, required) or the embedded database in env.DATA_DIR. */
  engine: 'pglite' | 'postgres';
  /** What shopEnv() gives, with the caller's own variables. */
  env: ShopEnv;
}

/** The shop served from this process (the e2e suite's, whose fixtures use its services). */
export interface InProcessShop {
  url: string;
  services: Services;
  stop(): Promise<void>;
}

/** The production server, build/server.mjs, under its supervisor as `npm run serve` runs it. */
export interface SupervisedShop extends StartedProcess {
  /** Where it listens (HOST and PORT; PUBLIC_URL may be a proxy's). */
  url: string;
}

interface SupervisedOptions extends ShopOptions {
  /** How many server processes the supervisor runs (WEB_CONCURRENCY). */
  processes: number;
  /** The Node.js to run it on (this one), and flags for it before the bundle's path. */
  node?: string;
  nodeArgs?: string[];
  /** Keep its stdout (the JSON log) in output(), not only its stderr. */
  logs?: boolean;
  /** When it counts as started: /readyz answering 200 unless said otherwise; 120 s at most. */
  ready?: (shop: SupervisedShop) => boolean | Promise<boolean>;
  timeoutMs?: number;
  /** Where it runs (its build/ and db/migrations): this directory unless said otherwise. */
  cwd?: string;
}

/**
 * Starts the shop: without `processes`, in this process through server/start (as server.ts does);
 * with them, as build/server.mjs in a process tree of its own, the supervisor and `processes` server
 * processes. Resolves once it serves; the database is migrated and seeded as at any start.
 */
export function startShop(options: ShopOptions & { processes?: undefined }): Promise<InProcessShop>;
export function startShop(options: SupervisedOptions): Promise<SupervisedShop>;
export async function startShop(
  options: ShopOptions & Partial<SupervisedOptions>,
): Promise<InProcessShop | SupervisedShop> {
  const env = onEngine(options.engine, options.env);
  if (options.processes === undefined) {
    // Loaded here, not at the top: playwright.config.ts imports this module for Chromium's options.
    const [{ loadEnv }, { startServer }] = await Promise.all([
      import('#server/env'),
      import('#server/start'),
    ]);
    const running = await startServer(loadEnv(env), 'production');
    return { url: running.url, services: running.services, stop: running.stop };
  }
  const url = `http://${env.HOST ?? '127.0.0.1'}:${env.PORT}`;
  const ready = options.ready ?? (() => answers(`${url}/readyz`));
  const started = await startProcess(
    options.node ?? process.execPath,
    [...(options.nodeArgs ?? []), 'build/server.mjs'],
    {
      env: { ...env, WEB_CONCURRENCY: String(options.processes) },
      ready: (child) => ready({ ...child, url }),
      timeoutMs: options.timeoutMs,
      logs: options.logs,
      cwd: options.cwd,
    },
  );
  return { ...started, url };
}

/** The env with DATABASE_URL as the engine wants it: set for PostgreSQL, removed for the embedded one. */
function onEngine(engine: ShopOptions['engine'], env: ShopEnv): ShopEnv {
  if (engine === 'postgres' && !env.DATABASE_URL)
    throw new Error('startShop: the postgres engine needs env.DATABASE_URL');
  if (engine === 'pglite' && env.DATABASE_URL)
    throw new Error('startShop: the pglite engine runs without DATABASE_URL');
  return engine === 'pglite' ? { ...env, DATABASE_URL: undefined } : env;
}

/**
 * An empty database `name` of the caller's own on the PostgreSQL server at `serverUrl` (one a run
 * before left is dropped first), its URL, and drop() to remove it.
 */
export async function freshDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const onServer = async (statements: string[]) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (const statement of statements) await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  const dropIt = `drop database if exists ${name} with (force)`;
  await onServer([dropIt, `create database ${name}`]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer([dropIt]) };
}

/**
 * Chromium as the e2e suite, the benches and scripts/screenshot.ts launch it: Debian's build
 * (CHROMIUM_PATH moves it), without the sandbox (which refuses to start as root) and without what it
 * does besides the page (the GPU process, updates, sync, first-run screens).
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
