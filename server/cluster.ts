import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { LOCK_HELD_BY_PARENT_ENV } from '../db/lock';
import type { Env } from './env';

/** Set by the primary on the one worker that runs the background jobs (the order-expiry sweep). */
export const JOBS_WORKER_ENV = 'FRESHCATCH_RUN_JOBS';

/** How long the workers get to finish their requests on SIGTERM before they are killed. */
const STOP_GRACE_MS = 15_000;

/**
 * Has the server processes accept connections from the shared port themselves (SCHED_NONE); Node
 * fixes the policy at the first fork, so the supervisor calls this before any. Under Node's default
 * round robin the supervisor accepts each connection and hands it to a process: one handed to a
 * process that dies in that moment stays held by the supervisor and is never answered (the client
 * hangs until it gives up; nodejs/node#21746). Now a process that dies takes only the
 * connections it had accepted, which the system closes at once, and the rest wait for a live one.
 */
export function acceptInWorkers(): void {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
}

/**
 * The supervisor of production's server processes (node:cluster): WEB_CONCURRENCY of them on
 * PostgreSQL, once the database is prepared; on the embedded database exactly one, which a dead one's
 * replacement follows only after it has exited (the database has one owner at a time). It forks
 * the workers, which share the listening port, and replaces a worker that dies. One worker at a time
 * runs the background jobs, so the payment provider is not asked about each stale order once per
 * worker. If a worker of the first set dies before it ever listened (a port in use, a bad build), the
 * whole server stops instead of restarting it in a loop; a later replacement that fails is retried with
 * a growing pause (a database that is briefly away). SIGTERM/SIGINT are passed on, each worker finishes
 * what is in flight, and the primary exits 1 if any of them failed.
 */
export function runPrimary(env: Env, logger: Logger): void {
  if (cluster.schedulingPolicy !== cluster.SCHED_NONE)
    throw new Error('call acceptInWorkers() before the supervisor forks its first process');
  let stopping = false;
  let retryMs = 1_000;
  const listened = new WeakSet<Worker>();
  const firstSet = new WeakSet<Worker>();
  let jobsWorker: Worker | undefined;

  const fork = (runJobs: boolean) => {
    const worker = cluster.fork({
      [JOBS_WORKER_ENV]: runJobs ? '1' : '0',
      // On the embedded database this process holds the lock (server/start.ts) for its one worker.
      ...(env.DATABASE_URL ? {} : { [LOCK_HELD_BY_PARENT_ENV]: '1' }),
    });
    if (runJobs) jobsWorker = worker;
    return worker;
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
  const fail = () => (process.exitCode = 1);

  cluster.on('listening', (worker) => {
    listened.add(worker);
    retryMs = 1_000;
  });
  cluster.on('exit', (worker, code, signal) => {
    const runJobs = worker === jobsWorker;
    if (stopping) {
      if (code !== 0 && signal !== 'SIGTERM') fail();
      if (alive().length === 0) process.exit();
      return;
    }
    if (!listened.has(worker) && firstSet.has(worker)) {
      logger.fatal({ pid: worker.process.pid, code, signal }, 'a server process failed to start; stopping');
      fail();
      stopAll();
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'a server process died; starting another');
    if (listened.has(worker)) fork(runJobs);
    else {
      // Not unref'd: while no server process is alive, this timer is what keeps the supervisor (and the
      // embedded database's lock) in place until the replacement is tried again.
      setTimeout(() => stopping || fork(runJobs), retryMs);
      retryMs = Math.min(retryMs * 2, 30_000);
    }
  });

  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    const workers = alive();
    if (workers.length === 0) process.exit();
    for (const worker of workers) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      logger.error('server processes did not stop in time; killing them');
      for (const worker of alive()) worker?.process.kill('SIGKILL');
      fail();
      process.exit();
    }, STOP_GRACE_MS).unref();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'shutting down the server processes');
      stopAll();
    });
  }

  for (let i = 0; i < env.WEB_CONCURRENCY; i++) firstSet.add(fork(i === 0));
  logger.info({ workers: env.WEB_CONCURRENCY }, 'FreshCatch is starting its server processes');
}
