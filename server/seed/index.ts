import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { createPasswordAccount, type Auth } from '../../core/accounts/auth';
import { makeOperatorAdmin } from '../../core/accounts/admin-users';
import { unitPriceKobo } from '../../core/catalog/price-tiers';
import { orderItemSnapshot } from '../../core/checkout/quote';
import { loadRates } from '../../core/delivery/management';
import { priceOrder } from '../../core/checkout/pricing';
import { recordPastOrder } from '../../core/orders/placing';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { DEMO_CUSTOMERS } from './demo-customers';
import { SEED_PRODUCTS, productImageUrl } from './products';
import { SEED_RECIPES, recipeImageUrl } from './recipes';

interface LogLike {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
}

const naira = (amount: number) => Math.round(amount * 100);

export const SEED_DELIVERY_RATES: {
  location: string;
  method: 'standard' | 'express' | 'joint' | 'pickup';
  baseRateNaira: number;
  pickupLocations?: string[];
  /** Spec §1's "free delivery within Port Harcourt for orders above ₦50,000", as the rule (decision 045). */
  freeFromNaira?: number;
}[] = [
  { location: 'Port Harcourt', method: 'standard', baseRateNaira: 2_500, freeFromNaira: 50_000 },
  { location: 'Port Harcourt', method: 'express', baseRateNaira: 4_000, freeFromNaira: 50_000 },
  { location: 'Port Harcourt', method: 'joint', baseRateNaira: 2_000, freeFromNaira: 50_000 },
  {
    location: 'Port Harcourt',
    method: 'pickup',
    baseRateNaira: 1_000,
    pickupLocations: [
      'Trans-Amadi Cold Room, 14 Trans-Amadi Road',
      'Rumuokoro Junction Hub',
      'GRA Phase 2 Office, Tombia Street',
    ],
  },
  { location: 'Lagos', method: 'standard', baseRateNaira: 5_000 },
  { location: 'Lagos', method: 'express', baseRateNaira: 8_000 },
  { location: 'Lagos', method: 'joint', baseRateNaira: 4_000 },
  {
    location: 'Lagos',
    method: 'pickup',
    baseRateNaira: 3_500,
    pickupLocations: ['Yaba Pickup Point, Herbert Macaulay Way', 'Lekki Phase 1 Hub, Admiralty Way'],
  },
  { location: 'Abuja', method: 'standard', baseRateNaira: 6_000 },
  { location: 'Abuja', method: 'express', baseRateNaira: 9_500 },
  { location: 'Abuja', method: 'joint', baseRateNaira: 4_500 },
  {
    location: 'Abuja',
    method: 'pickup',
    baseRateNaira: 4_000,
    pickupLocations: ['Wuse Market Pickup, Wuse Zone 5', 'Garki Area 11 Hub'],
  },
];

async function seedDeliveryRates(db: Db) {
  await db
    .insert(schema.deliveryRates)
    .values(
      SEED_DELIVERY_RATES.map((rate) => ({
        location: rate.location,
        method: rate.method,
        baseRateKobo: naira(rate.baseRateNaira),
        pickupLocations: rate.pickupLocations ?? [],
        freeFromKobo: rate.freeFromNaira ? naira(rate.freeFromNaira) : null,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Port Harcourt's riders (core/delivery/slots.ts): a morning round booked by 6 pm the day before, and
 * the afternoon round that makes "same-day delivery for orders before 12pm" a rule the owner can change.
 */
export const SEED_DELIVERY_SLOTS = [
  {
    location: 'Port Harcourt',
    startMinute: 9 * 60,
    endMinute: 12 * 60,
    cutoffDaysBefore: 1,
    cutoffMinute: 18 * 60,
    capacity: 12,
  },
  {
    location: 'Port Harcourt',
    startMinute: 14 * 60,
    endMinute: 17 * 60,
    cutoffDaysBefore: 0,
    cutoffMinute: 12 * 60,
    capacity: 12,
  },
];

async function seedDeliverySlots(db: Db) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(schema.deliverySlots);
  if (total > 0) return;
  await db.insert(schema.deliverySlots).values(SEED_DELIVERY_SLOTS);
}

async function seedDiscountCodes(db: Db) {
  await db
    .insert(schema.discountCodes)
    .values([
      { code: 'FREEDELIVERY', type: 'free_delivery', locationRestriction: 'Port Harcourt', usageLimit: 20 },
      {
        code: 'FRESH10',
        type: 'percent',
        discountPercent: 10,
        expiresAt: new Date('2027-12-31T23:59:59+01:00'),
      },
      { code: 'WELCOME2000', type: 'amount', discountAmountKobo: naira(2_000), usageLimit: 500 },
    ])
    .onConflictDoNothing();
}

async function seedProducts(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(schema.products);
  if (total > 0) {
    const rows = await db
      .select({ id: schema.products.id, imageUrl: schema.products.imageUrl })
      .from(schema.products);
    for (const product of SEED_PRODUCTS) {
      const row = rows.find((r) => r.imageUrl === productImageUrl(product.slug));
      if (row) ids.set(product.slug, row.id);
    }
    return ids;
  }
  const inserted = await db
    .insert(schema.products)
    .values(
      SEED_PRODUCTS.map((p) => ({
        name: p.name,
        description: p.description,
        priceKobo: naira(p.priceNaira),
        imageUrl: productImageUrl(p.slug),
        location: p.location,
        category: p.category,
        origin: p.origin,
        freshness: p.freshness,
        shelfLifeDays: p.shelfLifeDays ?? null,
        priceTiers: (p.priceTiers ?? []).map((t) => ({
          minQuantity: t.minQuantity,
          priceKobo: naira(t.priceNaira),
        })),
        inStock: p.inStock ?? true,
        weightGrams: Math.round(p.weightKg * 1000),
      })),
    )
    .returning({ id: schema.products.id, imageUrl: schema.products.imageUrl });
  for (const product of SEED_PRODUCTS) {
    const row = inserted.find((r) => r.imageUrl === productImageUrl(product.slug));
    if (row) ids.set(product.slug, row.id);
  }
  return ids;
}

async function seedRecipes(db: Db, productIds: Map<string, number>) {
  await db
    .insert(schema.recipes)
    .values(
      SEED_RECIPES.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        imageUrl: recipeImageUrl(r.slug),
        prepMinutes: r.prepMinutes,
        cookMinutes: r.cookMinutes,
        difficulty: r.difficulty,
        serves: r.serves,
        ingredients: r.ingredients.map((i) => ({
          text: i.text,
          ...(i.product && productIds.has(i.product) ? { productId: productIds.get(i.product) } : {}),
        })),
        steps: r.steps,
      })),
    )
    .onConflictDoNothing();
}

/** Each demo shopper gets one delivered, paid order of the products they review, then the reviews. */
async function seedDemoCustomers(db: Db, productIds: Map<string, number>) {
  const existing = await db
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(schema.user.id, DEMO_CUSTOMERS[0]!.id));
  if (existing.length > 0) return;
  const products = await db.select().from(schema.products);
  const rates = await loadRates(db);
  await db.transaction(async (tx) => {
    for (const [index, customer] of DEMO_CUSTOMERS.entries()) {
      const createdAt = new Date(Date.UTC(2025, 8 + index, 3 + index * 2, 9, 30));
      await tx.insert(schema.user).values({
        id: customer.id,
        name: customer.name,
        email: customer.email,
        emailVerified: true,
        phone: customer.phone,
        address: customer.address,
        location: customer.location,
        createdAt,
        updatedAt: createdAt,
      });
      const items = Object.keys(customer.reviews).flatMap((slug) => {
        const product = products.find((p) => p.id === productIds.get(slug));
        if (!product) return [];
        const quantity = product.weightGrams >= 10_000 ? 1 : 2;
        return [
          {
            product,
            quantity,
            unitPriceKobo: unitPriceKobo(product.priceKobo, product.priceTiers, quantity),
          },
        ];
      });
      // Priced as checkout prices (core/checkout/pricing.ts): the rate, and its free-delivery rule.
      const price = priceOrder({
        lines: items.map((i) => ({ ...i.product, priceKobo: i.unitPriceKobo, quantity: i.quantity })),
        rates,
        location: customer.location,
        method: 'standard',
      });
      const { subtotalKobo } = price;
      const feeKobo = price.deliveryFee.feeKobo;
      await recordPastOrder(
        tx,
        {
          userId: customer.id,
          paymentReference: `FC-DEMO-${index + 1}-${randomBytes(4).toString('hex')}`,
          paymentProvider: 'demo',
          subtotalKobo,
          deliveryFeeKobo: feeKobo,
          totalKobo: price.totalKobo,
          shippingName: customer.name,
          shippingPhone: customer.phone,
          shippingAddress: customer.address,
          deliveryMethod: 'standard',
          deliveryLocation: customer.location,
          totalWeightGrams: price.totalWeightGrams,
          paidAt: createdAt,
          createdAt,
        },
        items.map((line) => orderItemSnapshot(line)),
      );
      const reviewedAt = new Date(createdAt.getTime() + 5 * 24 * 3600 * 1000);
      await tx.insert(schema.reviews).values(
        items.map(({ product }, i) => {
          const slug = [...productIds.entries()].find(([, id]) => id === product.id)![0];
          const [rating, reviewText] = customer.reviews[slug]!;
          return {
            productId: product.id,
            userId: customer.id,
            rating,
            reviewText,
            createdAt: new Date(reviewedAt.getTime() + i * 3600 * 1000),
          };
        }),
      );
    }
    await tx.execute(sql`
      update products p set
        average_rating = coalesce((select round(avg(r.rating)::numeric, 2) from reviews r where r.product_id = p.id), 0),
        review_count = (select count(*) from reviews r where r.product_id = p.id)`);
  });
}

/**
 * Makes sure an administrator exists. With ADMIN_EMAIL the named account is created (or promoted);
 * without it, a first start creates admin@freshcatch.local with a random password printed once.
 */
export async function ensureAdmin(
  db: Db,
  auth: Auth,
  logger: LogLike,
  options: { email?: string; password?: string },
): Promise<void> {
  if (options.email) {
    const email = options.email.toLowerCase();
    const [existing] = await db.select().from(schema.user).where(eq(schema.user.email, email));
    if (existing) {
      if (await makeOperatorAdmin(db, existing.id))
        logger.info({ email }, 'ADMIN_EMAIL account promoted to admin');
      return;
    }
    const password = options.password ?? randomBytes(12).toString('base64url');
    await createAdmin(db, auth, email, password);
    printCredentials(logger, email, options.password ? undefined : password);
    return;
  }
  const [admins] = await db.select({ total: count() }).from(schema.user).where(eq(schema.user.role, 'admin'));
  if ((admins?.total ?? 0) > 0) return;
  const email = 'admin@freshcatch.local';
  const password = randomBytes(12).toString('base64url');
  await createAdmin(db, auth, email, password);
  printCredentials(logger, email, password);
}

async function createAdmin(db: Db, auth: Auth, email: string, password: string) {
  const account = await createPasswordAccount(auth, { email, password, name: 'FreshCatch Admin' });
  await makeOperatorAdmin(db, account.id);
}

function printCredentials(logger: LogLike, email: string, password?: string) {
  const lines = [
    '',
    '──────────────────────────────────────────────────────────────',
    ' FreshCatch administrator account created',
    `   e-mail:   ${email}`,
    password ? `   password: ${password}` : '   password: the value of ADMIN_PASSWORD',
    password ? ' This password is shown only now. Sign in at /admin/login.' : ' Sign in at /admin/login.',
    ' Your first sign-in sets up two-factor sign-in: have an authenticator app on your phone.',
    '──────────────────────────────────────────────────────────────',
    '',
  ];
  // Printed straight to the terminal as well as logged, so it is not lost in JSON log lines.
  process.stdout.write(lines.join('\n') + '\n');
  logger.info({ email }, 'administrator account created');
}

export interface SeedOptions {
  demo: boolean;
  admin: { email?: string; password?: string };
}

const SEED_MARKER = 'seed.initial';

/**
 * Idempotent: the first start fills an empty database once (a marker row records it, so what an
 * admin deletes later does not come back); every start makes sure an administrator exists.
 */
export async function seedDatabase(db: Db, auth: Auth, logger: LogLike, options: SeedOptions): Promise<void> {
  const [marker] = await db.select().from(schema.appSettings).where(eq(schema.appSettings.key, SEED_MARKER));
  if (!marker) {
    await seedDeliveryRates(db);
    await seedDeliverySlots(db);
    await seedDiscountCodes(db);
    const productIds = options.demo ? await seedProducts(db) : new Map<string, number>();
    await seedRecipes(db, productIds);
    if (options.demo) await seedDemoCustomers(db, productIds);
    await db
      .insert(schema.appSettings)
      .values({ key: SEED_MARKER, value: { at: new Date().toISOString(), demo: options.demo } })
      .onConflictDoNothing();
    logger.info({ demo: options.demo }, 'database seeded');
  }
  await ensureAdmin(db, auth, logger, options.admin);
}
