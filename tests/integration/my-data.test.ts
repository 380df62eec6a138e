import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_ACCOUNT } from '#core/accounts/own-account-rules';
import { settlePayment } from '#core/checkout/settle';
import { createFarm } from '#core/farm/farms';
import { DELETED_CUSTOMER } from '#core/orders/forget';
import { updateOrderStatus } from '#core/orders/management';
import { decideDemoPayment } from '#core/payments/demo';
import { adminActor } from '#core/roles';
import { sellerBalance } from '#core/sellers/ledger';
import { SELLER_MESSAGES } from '#core/sellers/rules';
import { applyToSell, approveSeller, SELLER_CLOSED_REASON } from '#core/sellers/service';
import { setStockCounting } from '#core/stock/batches';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, SHOPPER_PASSWORD } from '../support/constants';
import {
  createCheckoutShopper,
  createOrder,
  createUser,
  placeCatfishOrder,
  productNamed,
  receivedHarvest,
  signedInClient,
} from '../support/factories';
import { HttpClient, locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 52 §5: each person's data is theirs — "Download my data" holds exactly their own rows, and
// "Delete my account" erases them after the password, or says why it must wait.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: '0', LOGIN_RATE_LIMIT_MAX: '100' } });
});
afterAll(() => server.close());

const db = () => server.database.db;
const text = async (response: Response) => (await response.text()).replace(/&#x27;|&#39;/g, "'");

/** A person with a phone, an address, a paid order, a review, a wishlist line, and a farm with its book. */
async function personWithData(name: string, phone: string, address: string) {
  const person = await createUser(server.services, { name });
  await db()
    .update(schema.user)
    .set({ phone, address, location: 'Port Harcourt' })
    .where(eq(schema.user.id, person.id));
  const tilapia = await productNamed(db(), 'Fresh Tilapia');
  const order = await createOrder(db(), person.id, [tilapia.id], { paymentStatus: 'success' });
  await db()
    .update(schema.orders)
    .set({ shippingPhone: phone, shippingAddress: address })
    .where(eq(schema.orders.id, order.id));
  await db()
    .insert(schema.reviews)
    .values({ userId: person.id, productId: tilapia.id, rating: 5, reviewText: `${name} liked it` });
  await db().insert(schema.wishlists).values({ userId: person.id, productId: tilapia.id });
  const farm = await createFarm(db(), person.id, { name: `${name} Farm`, state: 'Rivers', town: 'Bonny' });
  return { ...person, phone, address, orderId: order.id, farmId: farm.id };
}

async function download(client: HttpClient) {
  const response = await client.get('/account/my-data.zip');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  expect(response.headers.get('content-disposition')).toMatch(
    /attachment; filename="freshcatch-my-data-\d{4}-\d{2}-\d{2}\.zip"/,
  );
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('Download my data', () => {
  it('holds exactly the person’s own rows, with two people’s data side by side', async () => {
    const ada = await personWithData('Ada Export', '+2348035550111', '12 Aba Road, Port Harcourt');
    const bayo = await personWithData('Bayo Export', '+2348035550222', '9 Bonny Street, Port Harcourt');
    const files = await download(await signedInClient(server, ada.email));

    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'my-data.json',
        'profile.csv',
        'orders.csv',
        'order-items.csv',
        'reviews.csv',
        'wishlist.csv',
        'addresses.csv',
        'messages.csv',
        `farm-${ada.farmId}-entries.csv`,
      ]),
    );
    expect(Object.keys(files)).not.toContain(`farm-${bayo.farmId}.csv`);
    // The README says what every file holds: each CSV is named there, or is one of a named family.
    const readme = files['README.txt']!;
    expect(readme).toMatch(/^orders\.csv +your orders: status, payment, amounts, delivery$/m);
    for (const name of Object.keys(files).filter((file) => file.endsWith('.csv')))
      expect(readme).toContain(name.startsWith('farm-') ? 'farm-*.csv' : name);
    const data = JSON.parse(files['my-data.json']!) as Record<string, unknown> & {
      profile: { email: string; phone: string; address: string };
      orders: { id: string }[];
      reviews: { review: string }[];
      wishlist: { product: string }[];
      farms: { farm: { id: number; name: string } }[];
      signIn: { method: string }[];
    };
    expect(data.profile).toMatchObject({ email: ada.email, phone: ada.phone, address: ada.address });
    expect(data.orders.map((o) => o.id)).toEqual([ada.orderId]);
    expect(data.reviews.map((r) => r.review)).toEqual(['Ada Export liked it']);
    expect(data.wishlist.map((w) => w.product)).toEqual(['Fresh Tilapia']);
    expect(data.farms.map((f) => f.farm.name)).toEqual(['Ada Export Farm']);
    expect(data.signIn.map((s) => s.method)).toEqual(['credential']);
    expect(files['orders.csv']).toContain(ada.orderId);
    expect(files['addresses.csv']).toContain('12 Aba Road');

    // Nothing of the other person's, and no secret, in any file.
    const everything = Object.values(files).join('\n');
    for (const theirs of [bayo.email, bayo.phone, bayo.address, bayo.orderId, 'Bayo Export'])
      expect(everything).not.toContain(theirs);
    const [hash] = await db()
      .select({ password: schema.account.password })
      .from(schema.account)
      .where(eq(schema.account.userId, ada.id));
    expect(everything).not.toContain(hash!.password!);
    expect(everything).not.toMatch(/idempotency|accessCode|"token"/i);

    // And Bayo's holds Bayo's.
    const theirs = JSON.parse(
      (await download(await signedInClient(server, bayo.email)))['my-data.json']!,
    ) as { orders: { id: string }[] };
    expect(theirs.orders.map((o) => o.id)).toEqual([bayo.orderId]);
  });

  it('is only for the signed-in person: a guest is sent to sign in', async () => {
    const guest = await new HttpClient(server.url).get('/account/my-data.zip');
    expect(guest.status).toBe(302);
    expect(locationOf(guest)).toMatch(/^\/login\?redirectTo=/);
  });
});

describe('Delete my account', () => {
  it('after the password: the account and farm book go, the paid order stays without name, phone or address, and the old cookie gets nothing', async () => {
    const ada = await personWithData('Ada Leaving', '+2348035550333', '3 Creek Road, Port Harcourt');
    // Subscribed to the newsletter with the address in other letters' case, and someone else too.
    await db()
      .insert(schema.newsletterSubscribers)
      .values([{ email: ada.email.toUpperCase() }, { email: 'stays-subscribed@example.ng' }]);
    const client = await signedInClient(server, ada.email);
    const replay = new HttpClient(server.url, { cookie: client.cookieHeader() });

    const wrong = await client.postForm('/account?tab=settings', {
      intent: 'delete-account',
      password: 'not-my-password',
    });
    expect(wrong.status).toBe(400);
    expect(await text(wrong)).toContain(DELETE_ACCOUNT.wrongPassword);
    expect(await db().select().from(schema.user).where(eq(schema.user.id, ada.id))).toHaveLength(1);

    const deleted = await client.postForm('/account?tab=settings', {
      intent: 'delete-account',
      password: SHOPPER_PASSWORD,
    });
    expect(deleted.status).toBe(302);
    expect(locationOf(deleted)).toBe('/');
    expect(await db().select().from(schema.user).where(eq(schema.user.id, ada.id))).toEqual([]);
    expect(await db().select().from(schema.farms).where(eq(schema.farms.id, ada.farmId))).toEqual([]);
    expect(await db().select().from(schema.wishlists).where(eq(schema.wishlists.userId, ada.id))).toEqual([]);
    expect(await db().select().from(schema.session).where(eq(schema.session.userId, ada.id))).toEqual([]);
    const subscribed = (await db().select().from(schema.newsletterSubscribers)).map((s) => s.email);
    expect(subscribed).toContain('stays-subscribed@example.ng');
    expect(subscribed.filter((email) => email.toLowerCase() === ada.email.toLowerCase())).toEqual([]);
    const [kept] = await db().select().from(schema.orders).where(eq(schema.orders.id, ada.orderId));
    expect(kept).toMatchObject({
      userId: null,
      shippingName: DELETED_CUSTOMER,
      shippingPhone: '',
      shippingAddress: '',
    });
    // The browser's own cookies are cleared, and a copy of them is a signed-out visitor.
    expect(deleted.headers.getSetCookie().some((c) => /session_token=;/.test(c) || /Max-Age=0/.test(c))).toBe(
      true,
    );
    expect(await text(await replay.get('/account'))).toContain('Sign In Required');
    expect((await replay.get('/account/my-data.zip')).status).toBe(302);
  });

  it('waits, saying why: an order waiting for payment, a seller still owed money, admin rights', async () => {
    const buyer = await createUser(server.services, { name: 'Waiting Buyer' });
    const tilapia = await productNamed(db(), 'Fresh Tilapia');
    await createOrder(db(), buyer.id, [tilapia.id], { paymentStatus: 'pending' });
    const waiting = await (
      await signedInClient(server, buyer.email)
    ).postForm('/account?tab=settings', {
      intent: 'delete-account',
      password: SHOPPER_PASSWORD,
    });
    expect(waiting.status).toBe(409);
    expect(await text(waiting)).toContain(DELETE_ACCOUNT.awaitingPayment);

    const farmer = await createUser(server.services, { name: 'Owed Farmer' });
    const farm = await createFarm(db(), farmer.id, { name: 'Owed Farm', state: 'Rivers', town: 'Bonny' });
    const deps = { db: db(), banks: server.services.payments, jobs: server.services.jobs };
    const [adminRow] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
    const seller = await applyToSell(deps, farmer.id, {
      farmId: farm.id,
      businessName: 'Owed Fish',
      phone: '0803 555 0101',
      bankCode: '058',
      accountNumber: '3000000001',
    });
    await approveSeller(deps, adminActor(adminRow!)!, seller.id, '10');
    const farmerClient = await signedInClient(server, farmer.email);
    // Their harvest at the hub, then a sale of it, delivered: owed once the claim window closes.
    const admin = adminActor(adminRow!)!;
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    await setStockCounting(db(), admin, catfish.id, 'kg');
    const batchId = await receivedHarvest(db(), admin, farmer.id, {
      productId: catfish.id,
      kg: 5,
      naira: 3000,
    });
    const onSale = await farmerClient.postForm('/account?tab=settings', {
      intent: 'delete-account',
      password: SHOPPER_PASSWORD,
    });
    expect(onSale.status).toBe(409);
    expect(await text(onSale)).toContain(DELETE_ACCOUNT.onSale);
    const buyerOfFish = await createCheckoutShopper(server.services);
    const placed = await placeCatfishOrder(server.services, buyerOfFish.id, { batchId });
    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
    for (const status of ['processing', 'shipped', 'delivered'] as const)
      await updateOrderStatus(server.services.checkout, admin, placed.orderId, status);
    const owedKobo = (await sellerBalance(db(), seller.id)).waitingKobo;
    expect(owedKobo).toBeGreaterThan(0);
    const owed = await farmerClient.postForm('/account?tab=settings', {
      intent: 'delete-account',
      password: SHOPPER_PASSWORD,
    });
    expect(owed.status).toBe(409);
    expect(await text(owed)).toContain(DELETE_ACCOUNT.stillOwed(owedKobo));
    expect(owedKobo).toBe(270_000); // 1 kg at ₦3,000 less 10%

    const staff = await createUser(server.services, { name: 'Packing Staff', role: 'staff' });
    const refused = await (
      await signedInClient(server, staff.email)
    ).postForm('/account?tab=settings', {
      intent: 'delete-account',
      password: SHOPPER_PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(await text(refused)).toContain(DELETE_ACCOUNT.adminRights);
    for (const id of [buyer.id, farmer.id, staff.id])
      expect(await db().select().from(schema.user).where(eq(schema.user.id, id))).toHaveLength(1);
  });

  it('a seller owed nothing: the account goes, the seller record stays for the books, closed and without phone or bank details', async () => {
    const farmer = await createUser(server.services, { name: 'Settled Farmer' });
    const farm = await createFarm(db(), farmer.id, { name: 'Settled Farm', state: 'Rivers', town: 'Bonny' });
    const deps = { db: db(), banks: server.services.payments, jobs: server.services.jobs };
    const [adminRow] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
    const seller = await applyToSell(deps, farmer.id, {
      farmId: farm.id,
      businessName: 'Settled Fish',
      phone: '0803 555 0102',
      bankCode: '058',
      accountNumber: '3000000002',
    });
    await approveSeller(deps, adminActor(adminRow!)!, seller.id, '10');
    const deleted = await (
      await signedInClient(server, farmer.email)
    ).postForm('/account?tab=settings', {
      intent: 'delete-account',
      password: SHOPPER_PASSWORD,
    });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(schema.user).where(eq(schema.user.id, farmer.id))).toEqual([]);
    expect(await db().select().from(schema.farms).where(eq(schema.farms.id, farm.id))).toEqual([]);
    const [kept] = await db().select().from(schema.sellers).where(eq(schema.sellers.id, seller.id));
    expect(kept).toMatchObject({
      userId: null,
      farmId: null,
      businessName: 'Settled Fish',
      phone: '',
      accountNumber: '',
      accountName: '',
      recipientCode: null,
      status: 'suspended',
      suspendReason: SELLER_CLOSED_REASON,
    });

    // The owner still sees it on the sellers screen, for the books, with nothing left to do to it.
    const owner = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const page = await text(await owner.get('/admin/sellers'));
    const card = page.slice(
      page.indexOf(`id="seller-${seller.id}"`),
      page.indexOf('</li>', page.indexOf(`id="seller-${seller.id}"`)),
    );
    expect(card).toContain('Settled Fish');
    expect(card).toContain('Account deleted');
    expect(card).toContain(SELLER_CLOSED_REASON);
    expect(card).not.toContain('value="approve"');
    expect(card).not.toContain('value="commission"');
    // A crafted approval is refused, and nothing changes.
    const approve = await owner.postForm('/admin/sellers', {
      intent: 'approve',
      sellerId: String(seller.id),
    });
    expect(approve.status).toBe(409);
    expect(await text(approve)).toContain(SELLER_MESSAGES.closed);
    // …and so is a crafted change of its commission.
    const commission = await owner.postForm('/admin/sellers', {
      intent: 'commission',
      sellerId: String(seller.id),
      commissionPercent: '25',
    });
    expect(commission.status).toBe(409);
    expect(await text(commission)).toContain(SELLER_MESSAGES.closed);
    const [still] = await db().select().from(schema.sellers).where(eq(schema.sellers.id, seller.id));
    expect(still).toMatchObject({
      status: 'suspended',
      recipientCode: null,
      commissionPercent: kept!.commissionPercent,
    });
  });
});
