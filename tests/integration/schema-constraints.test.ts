import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client';
import * as schema from '#db/schema';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
let productId: number;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const [product] = await database.db.select().from(schema.products).limit(1);
  productId = product!.id;
  userId = 'constraint-user';
  await database.db
    .insert(schema.user)
    .values({ id: userId, name: 'Constraint User', email: 'constraints@example.ng' });
});
afterAll(() => database.close());

/** The database itself refuses bad rows, whatever code writes them. */
async function expectRejected(write: () => Promise<unknown>) {
  await expect(write()).rejects.toThrow();
}

const product = (overrides: Partial<typeof schema.products.$inferInsert>) => ({
  name: 'Test fish',
  priceKobo: 100_000,
  category: 'fresh' as const,
  ...overrides,
});

describe('database constraints (not just form checks)', () => {
  it('price ≥ 0, freshness 1–5, weight > 0', async () => {
    await expectRejected(() => database.db.insert(schema.products).values(product({ priceKobo: -1 })));
    await expectRejected(() => database.db.insert(schema.products).values(product({ freshness: 0 })));
    await expectRejected(() => database.db.insert(schema.products).values(product({ freshness: 6 })));
    await expectRejected(() => database.db.insert(schema.products).values(product({ weightGrams: 0 })));
    await expect(
      database.db.insert(schema.products).values(product({ priceKobo: 0, freshness: 1 })),
    ).resolves.toBeDefined();
  });

  it('review rating 1–5, one review per user and product', async () => {
    const review = { productId, userId, reviewText: 'Fresh and firm.' };
    await expectRejected(() => database.db.insert(schema.reviews).values({ ...review, rating: 0 }));
    await expectRejected(() => database.db.insert(schema.reviews).values({ ...review, rating: 6 }));
    await database.db.insert(schema.reviews).values({ ...review, rating: 5 });
    await expectRejected(() => database.db.insert(schema.reviews).values({ ...review, rating: 4 }));
  });

  it('one wishlist entry per user and product', async () => {
    await database.db.insert(schema.wishlists).values({ userId, productId });
    await expectRejected(() => database.db.insert(schema.wishlists).values({ userId, productId }));
  });

  it('one delivery rate per location and method, whatever the letter case', async () => {
    await expectRejected(() =>
      database.db
        .insert(schema.deliveryRates)
        .values({ location: 'port harcourt', method: 'standard', baseRateKobo: 1 }),
    );
    await expectRejected(() =>
      database.db
        .insert(schema.deliveryRates)
        .values({ location: 'Kano', method: 'standard', baseRateKobo: -100 }),
    );
  });

  it('discount codes are unique, upper-case, at most 50 characters, and never used past their limit', async () => {
    await expectRejected(() =>
      database.db.insert(schema.discountCodes).values({ code: 'lowercase', type: 'amount' }),
    );
    await expectRejected(() =>
      database.db.insert(schema.discountCodes).values({ code: 'FREEDELIVERY', type: 'amount' }),
    );
    await expectRejected(() =>
      database.db.insert(schema.discountCodes).values({ code: 'X'.repeat(51), type: 'amount' }),
    );
    await expectRejected(() =>
      database.db.insert(schema.discountCodes).values({ code: 'PCT', type: 'percent', discountPercent: 101 }),
    );
    await expectRejected(() =>
      database.db
        .update(schema.discountCodes)
        .set({ usedCount: 21 })
        .where(eq(schema.discountCodes.code, 'FREEDELIVERY')),
    );
  });

  it('order item quantity > 0, order payment reference unique', async () => {
    const order = {
      userId,
      paymentReference: 'FC-UNIQUE-1',
      paymentProvider: 'demo',
      subtotalKobo: 100,
      deliveryFeeKobo: 0,
      totalKobo: 100,
      shippingName: 'A',
      shippingPhone: '1',
      shippingAddress: 'B',
      totalWeightGrams: 1000,
    };
    const [created] = await database.db.insert(schema.orders).values(order).returning();
    await expectRejected(() => database.db.insert(schema.orders).values(order));
    const item = {
      orderId: created!.id,
      productId,
      productName: 'Snapshot',
      unitPriceKobo: 100,
      totalPriceKobo: 100,
      productWeightGrams: 1000,
      productTotalWeightGrams: 1000,
    };
    await expectRejected(() => database.db.insert(schema.orderItems).values({ ...item, quantity: 0 }));
    await expect(
      database.db.insert(schema.orderItems).values({ ...item, quantity: 1 }),
    ).resolves.toBeDefined();
  });

  it('has trigram indexes for case-insensitive "contains" search', async () => {
    const rows = await queryRows<{ indexname: string }>(
      database.db,
      sql`select indexname from pg_indexes where tablename = 'products' and indexdef like '%gin_trgm_ops%' order by indexname`,
    );
    // The storefront's search (name, description) and the admin's (name, description, location).
    expect(rows.map((r) => r.indexname)).toEqual(['products_admin_search_idx', 'products_search_trgm_idx']);
  });
});
