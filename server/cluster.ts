import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Env } from './env';

/**
 * The primary of WEB_CONCURRENCY server processes (node:cluster). It prepares the database once, forks
 * the workers, which share the listening port, and replaces a worker that dies while serving. A worker
 * that dies before it ever listened (a port in use, a bad build) stops the whole server instead of
 * being restarted in a loop. SIGTERM/SIGINT are passed on; each worker finishes what is in flight.
 */
export async function runPrimary(env: Env, logger: Logger, prepare: () => Promise<void>): Promise<void> {
  await prepare();

  let stopping = false;
  const listened = new WeakSet<Worker>();
  const fork = () => cluster.fork();
  cluster.on('listening', (worker) => listened.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (alive === 0) process.exit();
      return;
    }
    if (!listened.has(worker)) {
      logger.fatal({ pid: worker.process.pid, code, signal }, 'a server process failed to start; stopping');
      stopAll(1);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'a server process died; starting another');
    fork();
  });

  const stopAll = (exitCode: number) => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    process.exitCode = exitCode;
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'shutting down the server processes');
      stopAll(0);
    });
  }

  for (let i = 0; i < env.WEB_CONCURRENCY; i++) fork();
  logger.info({ workers: env.WEB_CONCURRENCY }, 'FreshCatch is starting its server processes');
}
