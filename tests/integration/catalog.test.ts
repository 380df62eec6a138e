import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProductFilters, parseSearchQuery, PRODUCTS_PER_PAGE } from '#core/catalog/filters';
import { listProductLocations, listProducts, searchProducts } from '#core/catalog/service';
import { queryRows } from '#db/client';
import * as schema from '#db/schema';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const list = (query: string) => listProducts(database.db, parseProductFilters(new URLSearchParams(query)));
const search = (query: string) => searchProducts(database.db, parseSearchQuery(new URLSearchParams(query)));

describe('filters and sorts run in the database', () => {
  it('filters by category ids, and the total counts every match', async () => {
    const page = await list('category=1&category=2');
    const [expected] = await database.db
      .select({ n: count() })
      .from(schema.products)
      .where(sql`${schema.products.category} in ('fresh', 'shellfish')`);
    expect(page.total).toBe(expected!.n);
    expect(new Set(page.items.map((p) => p.category))).toEqual(new Set(['fresh', 'shellfish']));
  });

  it('matches locations case-insensitively', async () => {
    const lower = await list('location=port%20harcourt');
    const proper = await list('location=Port%20Harcourt');
    expect(lower.total).toBeGreaterThan(0);
    expect(lower.items.map((p) => p.id)).toEqual(proper.items.map((p) => p.id));
    expect(lower.items.every((p) => p.location === 'Port Harcourt')).toBe(true);
  });

  it('filters by price in naira, inclusive', async () => {
    const page = await list('minPrice=100000&maxPrice=200000');
    expect(page.items.map((p) => p.name).sort()).toEqual(['HDPE Pond Liner 10 m × 10 m']);
    const everything = await list('minPrice=0&maxPrice=10000000');
    const [all] = await database.db.select({ n: count() }).from(schema.products);
    expect(everything.total).toBe(all!.n);
  });

  it('sorts by price both ways, by rating, and puts what is in stock first for Featured', async () => {
    const ascending = (await list('sort=price-asc')).items.map((p) => p.priceKobo);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = (await list('sort=price-desc')).items.map((p) => p.priceKobo);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    const ratings = (await list('sort=rating')).items.map((p) => p.averageRating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const featured = (await list('category=1')).items;
    expect(featured.at(-1)!.inStock).toBe(false);
    expect(featured.slice(0, -1).every((p) => p.inStock)).toBe(true);
  });

  it('paginates 24 a page', async () => {
    await database.db.insert(schema.products).values(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Pagination Feed ${i}`,
        priceKobo: 100_00 + i,
        category: 'feeds' as const,
      })),
    );
    const first = await list('category=6&sort=price-asc');
    const second = await list('category=6&sort=price-asc&page=2');
    expect(first.items).toHaveLength(PRODUCTS_PER_PAGE);
    expect(first.pageCount).toBe(Math.ceil(first.total / PRODUCTS_PER_PAGE));
    expect(second.items.length).toBe(first.total - PRODUCTS_PER_PAGE);
    expect(new Set([...first.items, ...second.items].map((p) => p.id)).size).toBe(first.total);
    expect((await list('category=6&page=99')).items).toEqual([]);
  });

  it('lists the locations products ship from', async () => {
    expect(await listProductLocations(database.db)).toEqual(['Abuja', 'Lagos', 'Port Harcourt']);
  });
});

describe('search: case-insensitive "contains" on name or description', () => {
  it('finds by any case in the name', async () => {
    const names = (await search('q=CATFISH')).items.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['Live Catfish (Table Size)', 'Smoked Catfish', 'Dried Catfish (Eja Kika)']),
    );
  });

  it('finds by words only in the description, name matches first', async () => {
    const result = await search('q=clarias');
    expect(result.items.map((p) => p.name)).toEqual(['Live Catfish (Table Size)']);
    const pepper = (await search('q=pepper')).items.map((p) => p.name);
    expect(pepper.length).toBeGreaterThan(1);
  });

  it('narrows to a category', async () => {
    const result = await search('q=catfish&category=smoked');
    expect(result.items.map((p) => p.name)).toEqual(['Smoked Catfish']);
  });

  it('treats % and _ literally', async () => {
    await database.db
      .insert(schema.products)
      .values({ name: 'Discount 50% Feed', priceKobo: 1, category: 'feeds' });
    expect((await search('q=50%25')).items.map((p) => p.name)).toEqual(['Discount 50% Feed']);
    expect((await search('q=_')).total).toBe(0);
  });

  it('can use the trigram index', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await queryRows<Record<string, string>>(
        tx,
        sql`explain select id from products where search_text like '%catfish%'`,
      );
      const text = plan.map((row) => Object.values(row)[0]).join('\n');
      expect(text).toContain('products_search_trgm_idx');
    });
  });
});

describe('deleting a product keeps orders readable', () => {
  it('order items keep their snapshot when the product goes', async () => {
    const [product] = await database.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.name, 'Cast Net 12 ft'));
    const [item] = await database.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.productId, product!.id));
    await database.db.delete(schema.products).where(eq(schema.products.id, product!.id));
    const [after] = await database.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.id, item!.id));
    expect(after).toMatchObject({ productId: null, productName: 'Cast Net 12 ft' });
  });
});
