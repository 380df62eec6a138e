import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSearchQuery } from '#core/catalog/filters';
import { searchProducts } from '#core/catalog/service';
import { SYNONYM_MESSAGES } from '#core/catalog/synonyms';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { signedInClient } from '../support/factories';
import { type HttpClient, HttpClient as Guest, locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Found by the names people use (issue 34, part 3): the seeded search names, misspellings, and the
// owner's screen for the names.
let server: TestServer;
let admin: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
  admin = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => server.close());

const db = () => server.database.db;
const search = (q: string) => searchProducts(db(), parseSearchQuery(new URLSearchParams({ q })));
const names = async (q: string) => (await search(q)).items.map((p) => p.name);
const LIST = '/admin/search-names';

describe('search finds the names buyers use', () => {
  it('every seeded name finds the products its word finds', async () => {
    const seeded = await db().select().from(schema.searchSynonyms);
    expect(seeded.length).toBeGreaterThanOrEqual(20);
    for (const { term, means } of seeded) {
      const found = await search(term);
      const byWord = await search(means);
      expect(byWord.total, `"${means}" finds products`).toBeGreaterThan(0);
      // Everything the product word finds, the buyer's name finds too (first page: the same products).
      expect(
        found.items.map((p) => p.id),
        `"${term}" finds what "${means}" finds`,
      ).toEqual(expect.arrayContaining(byWord.items.map((p) => p.id).slice(0, 5)));
      expect(found.showingResultsFor).toBeNull();
    }
  });

  it('the names of the issue, by name', async () => {
    expect(await names('titus')).toEqual(
      expect.arrayContaining(['Titus Mackerel (Frozen)', 'Smoked Titus Mackerel']),
    );
    expect(await names('kpanla')).toContain('Stockfish Fillet (Panla)');
    expect(await names('hake')).toContain('Stockfish Fillet (Panla)');
    expect(await names('okporoko')).toContain('Stockfish Head (Okporoko)');
    expect(await names('shawa')).toEqual(expect.arrayContaining(['Smoked Bonga Fish', 'Dried Bonga']));
    expect(await names('obokun')).toEqual(expect.arrayContaining(['Live Catfish (Table Size)']));
    expect(await names('ede')).toEqual(expect.arrayContaining(['Ground Crayfish', 'Whole Dried Crayfish']));
  });

  it('words typed apart find the word run together: "stock fish"', async () => {
    const result = await search('stock fish');
    expect(result.items.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Stockfish Head (Okporoko)', 'Stockfish Fillet (Panla)']),
    );
    expect(result.showingResultsFor).toBeNull();
  });

  it('a misspelling finds the closest spelling, and says so: "catfsh", "tilapa"', async () => {
    const catfish = await search('catfsh');
    expect(catfish.showingResultsFor).toBe('catfish');
    expect(catfish.items.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Live Catfish (Table Size)', 'Smoked Catfish']),
    );
    const tilapia = await search('Tilapa');
    expect(tilapia.showingResultsFor).toBe('tilapia');
    expect(tilapia.items.map((p) => p.name)).toContain('Fresh Tilapia');
    // The pages after the first are of the corrected spelling too (the pager keeps the typed words).
    const second = await searchProducts(
      db(),
      parseSearchQuery(new URLSearchParams({ q: 'catfsh', page: '2' })),
    );
    expect(second).toMatchObject({ showingResultsFor: 'catfish', total: catfish.total, page: 2 });
    const page = await (await new Guest(server.url).get('/search?q=catfsh')).text();
    expect(page).toContain('Showing results for <strong>catfish</strong>');
    expect(page).not.toContain('No results found');
  });

  it('corrects to the words of products added or renamed since (the database keeps the word list)', async () => {
    const [added] = await db()
      .insert(schema.products)
      .values({ name: 'Periwinkle Kilishi Strips', priceKobo: 150_000, category: 'dried' })
      .returning();
    expect((await search('kilishy')).showingResultsFor).toBe('kilishi');
    await db()
      .update(schema.products)
      .set({ name: 'Asa Fish Mawsharp Pack' })
      .where(eq(schema.products.id, added!.id));
    const renamed = await search('mawshrp');
    expect(renamed.showingResultsFor).toBe('mawsharp');
    expect(renamed.items.map((p) => p.name)).toEqual(['Asa Fish Mawsharp Pack']);
  });

  it('a real miss is still the spec’s "No results found"', async () => {
    const miss = await search('zzzz-nothing');
    expect(miss).toMatchObject({ total: 0, showingResultsFor: null });
    const page = await (await new Guest(server.url).get('/search?q=zzzz-nothing')).text();
    expect(page).toContain('No results found');
  });
});

describe("the owner's search names", () => {
  const audit = (id: number) =>
    db()
      .select()
      .from(schema.adminActivity)
      .where(eq(schema.adminActivity.subjectId, String(id)));

  it('adds a name (cleaned, audited), which the very next search uses; edits and deletes it', async () => {
    expect(await names('agbodo')).toEqual([]);
    const added = await admin.postForm(`${LIST}?edit=new`, {
      intent: 'create',
      term: ' Agbodo! ',
      means: 'Croaker',
    });
    expect(added.status).toBe(302);
    expect(locationOf(added)).toBe(LIST);
    const list = await (await admin.follow(added)).text();
    expect(list).toContain('Search name added successfully');
    const [row] = await db()
      .select()
      .from(schema.searchSynonyms)
      .where(eq(schema.searchSynonyms.term, 'agbodo'));
    expect(row).toMatchObject({ term: 'agbodo', means: 'croaker' });
    expect(await names('agbodo')).toEqual(expect.arrayContaining(['Croaker Fish (Fresh)', 'Smoked Croaker']));
    const again = await admin.postForm(`${LIST}?edit=new`, {
      intent: 'create',
      term: 'agbodo',
      means: 'croaker',
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(SYNONYM_MESSAGES.clash('agbodo', 'croaker'));

    const edited = await admin.postForm(`${LIST}?edit=${row!.id}`, {
      intent: 'update',
      synonymId: String(row!.id),
      term: 'agbodo',
      means: 'snapper',
    });
    expect(edited.status).toBe(302);
    expect(await names('agbodo')).toEqual(['Red Snapper']);
    const removed = await admin.postForm(LIST, { intent: 'delete', synonymId: String(row!.id) });
    expect(removed.status).toBe(302);
    expect(await names('agbodo')).toEqual([]);
    expect((await audit(row!.id)).map((r) => [r.kind, r.action, r.subjectLabel])).toEqual([
      ['search_synonym', 'created', 'agbodo → croaker'],
      ['search_synonym', 'updated', 'agbodo → snapper'],
      ['search_synonym', 'deleted', 'agbodo → snapper'],
    ]);
  });

  it('refuses an empty name or a name that finds itself, changing nothing; shoppers cannot reach it', async () => {
    const before = await db().select().from(schema.searchSynonyms);
    const empty = await admin.postForm(`${LIST}?edit=new`, { intent: 'create', term: '!!', means: 'fish' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Name buyers type is required');
    const same = await admin.postForm(`${LIST}?edit=new`, { intent: 'create', term: 'Fish', means: 'fish' });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain('The word in product names must differ from the name buyers type');
    expect(await db().select().from(schema.searchSynonyms)).toHaveLength(before.length);
    const guest = await new Guest(server.url).postForm(LIST, { intent: 'create', term: 'x', means: 'y' });
    expect([302, 401, 403]).toContain(guest.status);
    expect(await db().select().from(schema.searchSynonyms)).toHaveLength(before.length);
  });
});
