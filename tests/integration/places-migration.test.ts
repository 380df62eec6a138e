import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, queryRows } from '#db/client';
import { migrationsFolder } from '#db/migrate';

// Issue 48 item 2: places typed by hand before the list. Migration 0035 gives a profile's location and a
// slot's the delivery list's spelling where they plainly mean one of its places (case, spaces), and
// leaves the rest as typed ("PH", "Port Harcort").
const scratch = mkdtempSync(path.join(tmpdir(), 'fc-places-migration-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The committed migrations up to (not including) the one tagged `before`. */
function migrationsBefore(before: string): string {
  const folder = path.join(scratch, before);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag.startsWith(before)),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0035 over places typed by hand', () => {
  it('rewrites "port harcourt " and the like to the list’s spelling, and leaves "PH" and "Port Harcort"', async () => {
    const database = await openPglite();
    const db = database.db as unknown as PgliteDatabase;
    try {
      await migrate(db, { migrationsFolder: migrationsBefore('0035') });
      await db.execute(sql`insert into delivery_rates (location, method, base_rate_kobo) values
        ('Port Harcourt', 'standard', 250000), ('Warri', 'standard', 300000), ('warri', 'express', 450000)`);
      const typed = [
        'port harcourt ',
        '  PORT   harcourt',
        'PH',
        'Port Harcort',
        'lagos',
        ' abuja',
        'WARRI',
        'Eket',
        'Port Harcourt',
      ];
      for (const [i, location] of typed.entries())
        await db.execute(sql`insert into "user" (id, name, email, email_verified, location, created_at, updated_at)
          values (${`u${i}`}, 'Old Buyer', ${`old.buyer.${i}@example.ng`}, true, ${location}, now(), now())`);
      await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values ('u-none', 'No Place', 'no.place@example.ng', true, now(), now())`);
      for (const location of ['port harcourt ', 'Port Harcort', 'warri'])
        await db.execute(sql`insert into delivery_slots (location, start_minute, end_minute, cutoff_minute, capacity)
          values (${location}, 840, 1020, 720, 5)`);

      await migrate(db, { migrationsFolder });

      const profiles = await queryRows<{ id: string; location: string | null }>(
        database.db,
        sql`select id, location from "user" order by id`,
      );
      expect(Object.fromEntries(profiles.map((p) => [p.id, p.location]))).toEqual({
        u0: 'Port Harcourt',
        u1: 'Port Harcourt',
        u2: 'PH',
        u3: 'Port Harcort',
        u4: 'Lagos',
        u5: 'Abuja',
        u6: 'Warri',
        u7: 'Eket',
        u8: 'Port Harcourt',
        'u-none': null,
      });
      const slots = await queryRows<{ location: string }>(
        database.db,
        sql`select location from delivery_slots order by id`,
      );
      expect(slots.map((s) => s.location)).toEqual(['Port Harcourt', 'Port Harcort', 'Warri']);
    } finally {
      await database.close();
    }
  }, 120_000);
});
