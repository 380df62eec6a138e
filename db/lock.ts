/**
 * The embedded database's one-owner lock (PGlite has none of its own), apart from the database client
 * so that the production supervisor can hold it without loading a database driver (server/start.ts).
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DatabaseLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is already in use by another process (pid ${pid}). ` +
        'Only one process may open it at a time: stop the other one (for example a running `npm start`), ' +
        'or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Set by a supervising process (server/cluster.ts) that holds the embedded database's lock on behalf
 * of the one server process it runs: that child opens the database under its parent's lock, so a
 * child that dies is replaced without the directory ever being left unowned.
 */
export const LOCK_HELD_BY_PARENT_ENV = 'FRESHCATCH_DB_LOCK_HELD_BY_PARENT';

/** Data directories this process has open under its parent's lock (one owner, even within a process). */
const openUnderParentLock = new Set<string>();

/**
 * PGlite has no lock of its own: two owners of one data directory corrupt it silently.
 * A lock file holding the owner's pid refuses a second owner; a stale one (dead pid) is taken over.
 */
export function acquireDirectoryLock(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        try {
          if (readFileSync(lockPath, 'utf8') === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return () => {
        process.removeListener('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (
        owner === process.ppid &&
        process.env[LOCK_HELD_BY_PARENT_ENV] === '1' &&
        !openUnderParentLock.has(dataDir)
      ) {
        openUnderParentLock.add(dataDir);
        return () => openUnderParentLock.delete(dataDir);
      }
      if (Number.isInteger(owner) && owner > 0 && (owner === process.pid || isProcessAlive(owner))) {
        throw new DatabaseLockedError(dataDir, owner);
      }
      unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

/**
 * Takes the embedded database's lock for this process without opening the database: the supervisor
 * holds it while its child, started with LOCK_HELD_BY_PARENT_ENV, opens the database. Throws
 * DatabaseLockedError when another process has it.
 */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const directory = path.resolve(embeddedDataDir(dataDir));
  mkdirSync(path.dirname(directory), { recursive: true });
  return acquireDirectoryLock(directory);
}

/** Where the embedded database of a DATA_DIR lives. */
export function embeddedDataDir(dataDir: string) {
  return path.join(dataDir, 'pglite');
}
