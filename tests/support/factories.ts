import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createPasswordAccount } from '#core/accounts/auth';
import { placeOrder } from '#core/checkout/place';
import { orderItemSnapshot } from '#core/checkout/quote';
import { addDays, shopDay } from '#core/calendar';
import type { AdminActor } from '#core/roles';
import { answerOffer, makeOffer, receiveOffer } from '#core/sellers/offers';
import * as schema from '#db/schema';
import type { Db } from '#db/client';
import type { Services } from '#server/services';
import { SHOPPER_PASSWORD } from './constants';
import { HttpClient, locationOf } from './http-client';
import { codeNow } from './totp';
import { enrolTwoFactor } from './two-factor';
import type { TestServer } from './test-server';

/** A pickup point of the seeded Port Harcourt rate: where fresh fish in a test is collected. */
export const PORT_HARCOURT_PICKUP = 'Rumuokoro Junction Hub';

/** A checkout visit's idempotency key, as the checkout page makes one. */
export function checkoutKey() {
  return randomUUID();
}

let sequence = 0;
export function uniqueEmail(label = 'shopper') {
  sequence += 1;
  return `${label}-${process.pid}-${sequence}-${Date.now().toString(36)}@example.ng`;
}

/** A verified account with a password, created as the shop creates its operator's (no e-mail round trip). */
export async function createUser(
  services: Services,
  options: {
    email?: string;
    name?: string;
    role?: 'user' | 'staff' | 'admin';
    /** Admins and staff have two-factor sign-in (the admin door requires it) unless this is false. */
    twoFactor?: boolean;
  } = {},
) {
  const email = options.email ?? uniqueEmail();
  const user = await createPasswordAccount(services.auth, {
    email,
    password: SHOPPER_PASSWORD,
    name: options.name ?? 'Test Shopper',
  });
  // A fixture's role, set as a test's starting point (the shop's own writer is core/accounts/admin-users.ts).
  if (options.role && options.role !== 'user')
    await services.db.update(schema.user).set({ role: options.role }).where(eq(schema.user.id, user.id));
  if (options.twoFactor ?? (options.role === 'admin' || options.role === 'staff'))
    await enrolTwoFactor(services.auth, services.db, user.id);
  return { id: user.id, email, password: SHOPPER_PASSWORD };
}

/** An HTTP client signed in through the real login form. */
export async function signedInClient(
  server: TestServer,
  email: string,
  password = SHOPPER_PASSWORD,
): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  await signInThrough(client, '/login', { email, password, redirectTo: '/' });
  return client;
}

/**
 * Signs `client` in through a sign-in page (/login or /admin/login), and through the code step with the
 * fixture authenticator when the account has two-factor sign-in. Answers the last response (a 302).
 */
export async function signInThrough(
  client: HttpClient,
  page: '/login' | '/admin/login',
  credentials: { email: string; password: string; redirectTo?: string },
): Promise<Response> {
  const response = await client.postForm(page, credentials);
  if (response.status !== 302)
    throw new Error(`login as ${credentials.email} failed with ${response.status}`);
  const next = locationOf(response) ?? '';
  if (!next.startsWith('/login/two-factor')) return response;
  const code = await client.postForm(next, { code: await codeNow() });
  if (code.status !== 302)
    throw new Error(`the code of ${credentials.email} was refused with ${code.status}`);
  return code;
}

/** An order with the given products, paid (or not), as checkout will leave it. */
export async function createOrder(
  db: Db,
  userId: string,
  productIds: number[],
  options: { paymentStatus?: 'success' | 'pending' | 'failed'; status?: 'pending' | 'delivered' } = {},
) {
  const items = await Promise.all(
    productIds.map(async (id) => {
      const [product] = await db.select().from(schema.products).where(eq(schema.products.id, id));
      if (!product) throw new Error(`no product ${id}`);
      return product;
    }),
  );
  const subtotalKobo = items.reduce((sum, p) => sum + p.priceKobo, 0);
  const [order] = await db
    .insert(schema.orders)
    .values({
      userId,
      status: options.status ?? 'delivered',
      paymentStatus: options.paymentStatus ?? 'success',
      // A paid order has the moment it was paid (the lifecycle writes both): the dashboard counts by it.
      paidAt: (options.paymentStatus ?? 'success') === 'success' ? new Date() : null,
      paymentReference: `FC-TEST-${randomUUID()}`,
      paymentProvider: 'demo',
      subtotalKobo,
      deliveryFeeKobo: 250_000,
      totalKobo: subtotalKobo + 250_000,
      shippingName: 'Test Shopper',
      shippingPhone: '+234 800 000 0000',
      shippingAddress: '1 Test Road',
      totalWeightGrams: items.reduce((sum, p) => sum + p.weightGrams, 0),
    })
    .returning();
  await db.insert(schema.orderItems).values(
    items.map((p) => ({
      orderId: order!.id,
      ...orderItemSnapshot({ product: p, quantity: 1, unitPriceKobo: p.priceKobo }),
    })),
  );
  return order!;
}

export async function productNamed(db: Db, name: string) {
  const [product] = await db.select().from(schema.products).where(eq(schema.products.name, name));
  if (!product) throw new Error(`no product named ${name}`);
  return product;
}

/** A shopper whose profile is complete enough to check out. */
export async function createCheckoutShopper(services: Services, location = 'Port Harcourt') {
  const shopper = await createUser(services);
  await services.db
    .update(schema.user)
    .set({ phone: '0803 555 0101', address: '12 Aba Road', location })
    .where(eq(schema.user.id, shopper.id));
  return shopper;
}

/**
 * An order of Live Catfish for `shopperId`, placed as checkout places it: picked up at the Port Harcourt
 * hub (live fish cannot wait for Standard's 2–3 days, core/delivery/shelf-life.ts).
 */
export async function placeCatfishOrder(
  services: Services,
  shopperId: string,
  /** `batchId`: the farm's harvest the buyer chose (issue 51 §3). */
  options: { discountCode?: string; quantity?: number; batchId?: number } = {},
) {
  const catfish = await productNamed(services.db, 'Live Catfish (Table Size)');
  return placeOrder(services.checkout, shopperId, {
    idempotencyKey: checkoutKey(),
    items: [
      {
        productId: catfish.id,
        quantity: options.quantity ?? 1,
        ...(options.batchId === undefined ? {} : { batchId: options.batchId }),
      },
    ],
    deliveryMethod: 'pickup',
    deliveryLocation: 'Port Harcourt',
    pickupLocation: PORT_HARCOURT_PICKUP,
    discountCode: options.discountCode,
  });
}

/**
 * A seller's harvest of `productId` offered, accepted and received at the hub whole (core/sellers/offers.ts,
 * as the seller's form and the owner's screen do): `kg` harvested `daysAgo`, at ₦`naira` a kg. Returns its
 * batch, the one a buyer names to choose that farm.
 */
export async function receivedHarvest(
  db: Db,
  admin: AdminActor,
  sellerUserId: string,
  harvest: { productId: number; kg: number; naira: number; daysAgo?: number },
): Promise<number> {
  const today = shopDay(new Date());
  const offer = await makeOffer(db, sellerUserId, {
    productId: harvest.productId,
    cycleId: null,
    quantity: String(harvest.kg),
    unit: 'kg',
    harvestedOn: addDays(today, -(harvest.daysAgo ?? 0)),
    bringOn: today,
    price: String(harvest.naira),
  });
  await answerOffer(db, admin, offer.id, { move: 'accept' });
  return (await receiveOffer(db, admin, offer.id, String(harvest.kg))).batchId!;
}
