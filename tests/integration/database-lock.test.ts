import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openPglite } from '#db/client';

const dir = mkdtempSync(path.join(tmpdir(), 'freshcatch-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A data directory of its own whatever the run's engine: it runs on the PGlite pass, and the PostgreSQL
// pass (DATABASE_URL) would only run it again unchanged.
describe.runIf(!process.env.DATABASE_URL)('the embedded database has one owner', () => {
  it('refuses a second owner with a clear message, and lets go on close', async () => {
    const dataDir = path.join(dir, 'pglite');
    const first = await openPglite({ dataDir });
    const second = openPglite({ dataDir });
    await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(openPglite({ dataDir })).rejects.toThrow(
      /already in use by another process \(pid \d+\).*DATABASE_URL/,
    );
    await first.close();
    const again = await openPglite({ dataDir });
    await again.close();
  });

  it('takes over a stale lock left by a process that died', async () => {
    const dataDir = path.join(dir, 'stale');
    writeFileSync(`${dataDir}.lock`, '999999999');
    const database = await openPglite({ dataDir });
    await database.ping();
    await database.close();
  });
});
