import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '#core/catalog/categories';
import { queryRows } from '#db/client';
import * as schema from '#db/schema';
import { seedDatabase } from '#server/seed';
import { createServices } from '#server/services';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { ADMIN_EMAIL } from '../support/constants';
import { MemoryMailer } from '../support/memory-mailer';
import { quietLogger } from '../support/quiet-logger';
import { testEnv } from '../support/test-env';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('seed (runs once on first start)', () => {
  it('has at least 30 products over all six categories, each with a picture we made', async () => {
    const products = await database.db.select().from(schema.products);
    expect(products.length).toBeGreaterThanOrEqual(30);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(PRODUCT_CATEGORIES));
    for (const p of products) {
      expect(p.imageUrl).toMatch(/^\/images\/products\/[a-z0-9-]+-800\.webp$/);
      expect(existsSync(path.join('public', p.imageUrl!)), p.imageUrl!).toBe(true);
      expect(p.origin).toBeTruthy();
      expect(p.priceKobo % 100).toBe(0);
    }
  });

  it('has delivery rates for Port Harcourt, Lagos and Abuja for all four methods, with named pickup points', async () => {
    const rates = await database.db.select().from(schema.deliveryRates);
    for (const location of ['Port Harcourt', 'Lagos', 'Abuja']) {
      expect(
        rates
          .filter((r) => r.location === location)
          .map((r) => r.method)
          .sort(),
      ).toEqual(['express', 'joint', 'pickup', 'standard']);
      expect(
        rates.find((r) => r.location === location && r.method === 'pickup')!.pickupLocations.length,
      ).toBeGreaterThan(0);
    }
    expect(rates.find((r) => r.location === 'Port Harcourt' && r.method === 'standard')!.baseRateKobo).toBe(
      250_000,
    );
  });

  it('has FREEDELIVERY (Port Harcourt, 20 uses), a percent code and an amount code', async () => {
    const codes = await database.db.select().from(schema.discountCodes);
    expect(codes.find((c) => c.code === 'FREEDELIVERY')).toMatchObject({
      type: 'free_delivery',
      locationRestriction: 'Port Harcourt',
      usageLimit: 20,
      usedCount: 0,
    });
    expect(codes.some((c) => c.type === 'percent' && (c.discountPercent ?? 0) > 0)).toBe(true);
    expect(codes.some((c) => c.type === 'amount' && (c.discountAmountKobo ?? 0) > 0)).toBe(true);
  });

  it('has the four recipes, their ingredients linked to real products', async () => {
    const recipes = await database.db.select().from(schema.recipes).orderBy(schema.recipes.id);
    expect(recipes.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    const productIds = new Set(
      (await database.db.select({ id: schema.products.id }).from(schema.products)).map((p) => p.id),
    );
    for (const recipe of recipes) {
      const linked = recipe.ingredients.filter((i) => i.productId !== undefined);
      expect(linked.length).toBeGreaterThan(0);
      for (const ingredient of linked) expect(productIds.has(ingredient.productId!)).toBe(true);
    }
  });

  it('keeps ratings honest: each product’s average and count match its reviews, all written by buyers', async () => {
    const mismatches = await queryRows(
      database.db,
      sql`
      select p.id from products p
      left join (select product_id, round(avg(rating)::numeric, 2) as avg, count(*) as n from reviews group by product_id) r
        on r.product_id = p.id
      where p.review_count <> coalesce(r.n, 0) or abs(p.average_rating - coalesce(r.avg, 0)) > 0.001`,
    );
    expect(mismatches).toEqual([]);
    const reviewsWithoutPurchase = await queryRows(
      database.db,
      sql`
      select r.id from reviews r where not exists (
        select 1 from order_items oi join orders o on o.id = oi.order_id
        where oi.product_id = r.product_id and o.user_id = r.user_id and o.payment_status = 'success')`,
    );
    expect(reviewsWithoutPurchase).toEqual([]);
  });

  it('creates the administrator from ADMIN_EMAIL, verified', async () => {
    const [admin] = await database.db.select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
    expect(admin).toMatchObject({ role: 'admin', emailVerified: true });
  });

  it('is idempotent, and what an admin deleted does not come back on the next start', async () => {
    const before = await database.db.select({ n: count() }).from(schema.products);
    await database.db
      .delete(schema.deliveryRates)
      .where(sql`${schema.deliveryRates.location} = 'Abuja' and ${schema.deliveryRates.method} = 'joint'`);
    const services = createServices(testEnv(), quietLogger, database, new MemoryMailer());
    await seedDatabase(database.db, services.auth, quietLogger, {
      demo: true,
      admin: { email: ADMIN_EMAIL },
    });
    const after = await database.db.select({ n: count() }).from(schema.products);
    expect(after[0]!.n).toBe(before[0]!.n);
    const abujaJoint = await database.db
      .select()
      .from(schema.deliveryRates)
      .where(sql`${schema.deliveryRates.location} = 'Abuja' and ${schema.deliveryRates.method} = 'joint'`);
    expect(abujaJoint).toEqual([]);
    const admins = await database.db
      .select({ n: count() })
      .from(schema.user)
      .where(eq(schema.user.role, 'admin'));
    expect(admins[0]!.n).toBe(1);
  });
});
