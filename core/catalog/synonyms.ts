import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { searchSynonyms, searchWordList } from '../../db/schema';
import { recordRowChange } from '../audit/log';
import { Conflict, NotFound } from '../errors';
import type { AdminActor } from '../roles';
import { LISTED_WORD_LENGTH, type Synonym } from './search-words';
import type { SynonymFormInput } from './schemas';

/**
 * The search names (issue 34): what buyers type and the word the shop's products use for it. The one
 * writer of search_synonyms, every change audited. Search reads them through a 30-second cache per
 * database, emptied at once by a change made here.
 */

export const SYNONYM_MESSAGES = {
  clash: (term: string, means: string) => `“${term}” already finds “${means}”.`,
  notFound: 'This search name no longer exists.',
};

export type AdminSynonym = typeof searchSynonyms.$inferSelect;

const CACHE_MS = 30_000;
const cache = new WeakMap<Db, { expires: number; synonyms: Promise<Synonym[]> }>();

/** Every search name, for searching: read at most every 30 s. */
export function loadSynonyms(db: Db): Promise<Synonym[]> {
  const cached = cache.get(db);
  if (cached && cached.expires > Date.now()) return cached.synonyms;
  const synonyms = db
    .select({ term: searchSynonyms.term, means: searchSynonyms.means })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.term), asc(searchSynonyms.means));
  cache.set(db, { expires: Date.now() + CACHE_MS, synonyms });
  synonyms.catch(() => cache.delete(db));
  return synonyms;
}

export function listSynonymsForAdmin(db: Db, _admin: AdminActor): Promise<AdminSynonym[]> {
  return db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.term), asc(searchSynonyms.means));
}

export async function getSynonymForAdmin(db: Db, _admin: AdminActor, id: number): Promise<AdminSynonym> {
  const [row] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.id, id));
  if (!row) throw new NotFound(SYNONYM_MESSAGES.notFound);
  return row;
}

const labelOf = (row: Synonym) => `${row.term} → ${row.means}`;

/** Runs a change: a name that already finds the same word is a clear 409 (the unique index holds it). */
async function guarded<T>(db: Db, input: SynonymFormInput, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'search_synonyms_term_means_unique'))
      throw new Conflict(SYNONYM_MESSAGES.clash(input.term, input.means), 'Search name exists');
    throw error;
  } finally {
    // The next search reads the names again.
    cache.delete(db);
  }
}

export function createSynonym(db: Db, admin: AdminActor, input: SynonymFormInput): Promise<AdminSynonym> {
  return guarded(db, input, () =>
    db.transaction(async (tx) => {
      const [created] = await tx.insert(searchSynonyms).values(input).returning();
      await recordRowChange(tx, admin, 'search_synonym', labelOf, { created: created! });
      return created!;
    }),
  );
}

export function updateSynonym(
  db: Db,
  admin: AdminActor,
  id: number,
  input: SynonymFormInput,
): Promise<AdminSynonym> {
  return guarded(db, input, () =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)).for('update');
      if (!before) throw new NotFound(SYNONYM_MESSAGES.notFound);
      const [updated] = await tx
        .update(searchSynonyms)
        .set(input)
        .where(eq(searchSynonyms.id, id))
        .returning();
      await recordRowChange(tx, admin, 'search_synonym', labelOf, { before, updated: updated! });
      return updated!;
    }),
  );
}

export async function deleteSynonym(db: Db, admin: AdminActor, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [deleted] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
      if (!deleted) throw new NotFound(SYNONYM_MESSAGES.notFound);
      await recordRowChange(tx, admin, 'search_synonym', labelOf, { deleted });
    });
  } finally {
    cache.delete(db);
  }
}

/** Words shorter than this are not corrected ("net" is a word, not a typo of "nets"), nor listed. */
const MIN_CORRECTED_LENGTH = LISTED_WORD_LENGTH;
/** How alike a known word must be to the one typed to replace it (pg_trgm similarity; its own default). */
const MIN_SIMILARITY = 0.3;

/**
 * The closest spelling the catalogue knows for each word typed, by pg_trgm similarity against the words
 * of the products' names and descriptions (search_words, kept by the database): "catfsh" → "catfish",
 * "tilapa" → "tilapia". Null when no word changes. One small index lookup per word.
 */
export async function closestSpelling(db: Db, typed: string): Promise<string | null> {
  const words = typed.split(' ').filter(Boolean).slice(0, 5);
  const corrected = await Promise.all(
    words.map(async (word) => {
      if (word.length < MIN_CORRECTED_LENGTH) return word;
      const [closest] = await queryRows<{ word: string }>(
        db,
        sql`select word from ${searchWordList}
            where word % ${word} and similarity(word, ${word}) >= ${MIN_SIMILARITY}
            order by similarity(word, ${word}) desc, word
            limit 1`,
      );
      return closest?.word ?? word;
    }),
  );
  return corrected.some((word, i) => word !== words[i]) ? corrected.join(' ') : null;
}

/**
 * Of these runs of letters (listedRuns), the ones no word of any product contains: a phrase holding one
 * cannot be found, so search need not look (one lookup on the small word list instead of a miss over
 * every product's text).
 */
export async function unlistedRuns(db: Db, runs: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(runs)];
  if (unique.length === 0) return new Set();
  const rows = await queryRows<{ run: string }>(
    db,
    sql`select v.run from (values ${sql.join(
      unique.map((run) => sql`(${run}::text)`),
      sql`, `,
    )}) as v(run)
        where not exists (
          -- Runs are letters and digits only: nothing in them is a LIKE wildcard.
          select 1 from ${searchWordList} w where w.word like '%' || v.run || '%'
        )`,
  );
  return new Set(rows.map((r) => r.run));
}
