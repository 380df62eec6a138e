import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/source-files';

/**
 * Every farm table has one writer (issue 50, the review's cleanup): the module that owns it writes it
 * and the others call that module. Any other file of the shop that inserts, updates or deletes one of
 * them, by Drizzle or in SQL, fails this test. bench/ and tests/ seed their own rows and are not read.
 */

const ROOT = join(import.meta.dirname, '../..');

/** Each farm table (its Drizzle name and its SQL name) and the one file that writes it. */
const WRITER: Record<string, { sql: string; file: string }> = {
  farms: { sql: 'farms', file: 'core/farm/farms.ts' },
  farmWorkers: { sql: 'farm_workers', file: 'core/farm/farms.ts' },
  ponds: { sql: 'ponds', file: 'core/farm/cycles.ts' },
  farmCycles: { sql: 'farm_cycles', file: 'core/farm/cycles.ts' },
  farmEntries: { sql: 'farm_entries', file: 'core/farm/entries.ts' },
  farmFeedStock: { sql: 'farm_feed_stock', file: 'core/farm/feed-store.ts' },
};

/** Every write in `source` to a farm table, as `.insert(farmEntries)` or `update farm_cycles (SQL)`. */
export function farmTableWrites(source: string): { table: string; write: string }[] {
  const names = Object.keys(WRITER);
  const found = [
    ...source.matchAll(
      new RegExp(`\\.(insert|update|delete)\\(\\s*(?:schema\\.)?(${names.join('|')})\\s*\\)`, 'g'),
    ),
  ].map((write) => ({ table: write[2]!, write: `.${write[1]}(${write[2]})` }));
  for (const name of names) {
    const table = `(?:\\$\\{\\s*(?:schema\\.)?${name}\\s*\\}|"?${WRITER[name]!.sql}"?)`;
    for (const write of source.matchAll(
      new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+${table}[\\s(]`, 'gi'),
    ))
      found.push({
        table: name,
        write: `${write[1]!.replace(/\s+/g, ' ').toLowerCase()} ${WRITER[name]!.sql} (SQL)`,
      });
  }
  return found;
}

describe('a farm table has one writer', () => {
  it('finds the writes it looks for (the check can fail)', () => {
    expect(farmTableWrites('await tx.insert(farmEntries).values({ id, kind })')).toEqual([
      { table: 'farmEntries', write: '.insert(farmEntries)' },
    ]);
    expect(farmTableWrites('await tx.update(farmCycles).set({ closedOn: on })')).toEqual([
      { table: 'farmCycles', write: '.update(farmCycles)' },
    ]);
    expect(farmTableWrites('await db.delete(schema.farmWorkers).where(w)')).toEqual([
      { table: 'farmWorkers', write: '.delete(farmWorkers)' },
    ]);
    expect(farmTableWrites('sql`update farm_feed_stock set bags = 1`')).toEqual([
      { table: 'farmFeedStock', write: 'update farm_feed_stock (SQL)' },
    ]);
    expect(farmTableWrites('sql`insert into ${ponds} (name) values (1)`')).toEqual([
      { table: 'ponds', write: 'insert into ponds (SQL)' },
    ]);
    expect(farmTableWrites('sql`delete from "farms" where id = 1`')).toEqual([
      { table: 'farms', write: 'delete from farms (SQL)' },
    ]);
    // Reading is everyone's.
    expect(farmTableWrites('tx.select().from(farmEntries).where(eq(farmEntries.cycleId, id))')).toEqual([]);
  });

  it('no file but its owner writes farms, farm_workers, ponds, farm_cycles, farm_entries or farm_feed_stock', () => {
    const writes = ['app', 'core', 'server', 'db', 'scripts'].flatMap((dir) =>
      sourceFiles(join(ROOT, dir)).flatMap((path) => {
        const file = relative(ROOT, path);
        return farmTableWrites(readFileSync(path, 'utf8'))
          .filter(({ table }) => WRITER[table]!.file !== file)
          .map(({ write }) => `${file}: ${write}`);
      }),
    );
    expect(writes).toEqual([]);
  });
});
