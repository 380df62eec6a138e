import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDay } from '#core/calendar';
import { USER_MESSAGES } from '#core/accounts/admin-users';
import { createFarm } from '#core/farm/farms';
import { adminActor, type AdminActor, STAFF_REFUSED } from '#core/roles';
import { answerOffer, makeOffer } from '#core/sellers/offers';
import { applyToSell, approveSeller, type SellerDeps } from '#core/sellers/service';
import { setStockCounting } from '#core/stock/batches';
import { settlePayment } from '#core/checkout/settle';
import { decideDemoPayment } from '#core/payments/demo';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, SHOPPER_PASSWORD } from '../support/constants';
import {
  createCheckoutShopper,
  createUser,
  placeCatfishOrder,
  productNamed,
  signedInClient,
  signInThrough,
} from '../support/factories';
import { enrolTwoFactor } from '../support/two-factor';
import { HttpClient, locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 52 §3: staff pack and dispatch — orders up to delivered, the dispatch sheet, stock, the hub's
// receiving — and nothing of the owners' (refunds, cancellation, roles, prices of offers).
let server: TestServer;
let owner: AdminActor;
beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: '0', LOGIN_RATE_LIMIT_MAX: '100' } });
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  owner = adminActor(row!)!;
});
afterAll(() => server.close());

const db = () => server.database.db;
const text = async (response: Response) => (await response.text()).replace(/&#x27;|&#39;/g, "'");
const roleOf = async (id: string) =>
  (await db().select({ role: schema.user.role }).from(schema.user).where(eq(schema.user.id, id)))[0]!.role;
const orderOf = async (id: string) =>
  (await db().select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;

/** A customer the owner makes staff on the users screen, signed in at the admin login. */
async function staffMember() {
  const person = await createUser(server.services, { name: 'Ngozi Packer' });
  const ownerClient = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  const made = await ownerClient.postForm('/admin/users', { intent: 'grant-staff', userId: person.id });
  expect(made.status).toBe(200);
  expect(await text(made)).toContain(USER_MESSAGES.staffGranted);
  // Staff set up two-factor sign-in before any admin page (tests/integration/two-factor.test.ts does it
  // through the pages); here the fixture's authenticator.
  await enrolTwoFactor(server.services.auth, db(), person.id);
  const client = new HttpClient(server.url);
  await signInThrough(client, '/admin/login', { email: person.email, password: SHOPPER_PASSWORD });
  return { person, client, ownerClient };
}

describe('the owner makes a customer staff, and takes it back', () => {
  it('staff land on the orders, see only their screens in the menu; removed, their sessions end', async () => {
    const { person, client, ownerClient } = await staffMember();
    expect(await roleOf(person.id)).toBe('staff');
    const home = await client.get('/admin');
    expect(home.status).toBe(302);
    expect(locationOf(home)).toBe('/admin/orders');
    const orders = await text(await client.get('/admin/orders'));
    for (const mine of ['Orders', 'Stock', 'Harvest Offers']) expect(orders).toContain(`>${mine}</span>`);
    for (const theirs of ['Dashboard', 'Users', 'Payouts', 'Settings', 'Discount Codes', 'Delivery Rates'])
      expect(orders).not.toContain(`>${theirs}</span>`);
    expect(orders).not.toContain('Export CSV');
    // An owner's page sends staff back to the orders with the reason.
    const payouts = await client.get('/admin/payouts');
    expect(payouts.status).toBe(302);
    expect(locationOf(payouts)).toBe('/admin/orders');
    expect(await text(await client.get('/admin/orders'))).toContain(STAFF_REFUSED.message);

    const [logged] = await db()
      .select()
      .from(schema.adminActivity)
      .where(
        and(eq(schema.adminActivity.subjectId, person.id), eq(schema.adminActivity.action, 'staff_granted')),
      );
    expect(logged).toMatchObject({ adminId: owner.id });

    const removed = await ownerClient.postForm('/admin/users', { intent: 'revoke-staff', userId: person.id });
    expect(removed.status).toBe(200);
    expect(await roleOf(person.id)).toBe('user');
    const after = await client.get('/admin/orders');
    expect(after.status).toBe(302);
    expect(locationOf(after)).toMatch(/^\/admin\/login/);
  });

  it('refuses staff for an admin, a second time, and from staff themselves', async () => {
    const { person, client, ownerClient } = await staffMember();
    const again = await ownerClient.postForm('/admin/users', { intent: 'grant-staff', userId: person.id });
    expect(again.status).toBe(409);
    expect(await text(again)).toContain(USER_MESSAGES.notAUser);
    const other = await createUser(server.services);
    for (const intent of ['grant-staff', 'grant-admin', 'delete']) {
      const tried = await client.postForm('/admin/users', { intent, userId: other.id });
      expect(tried.status, intent).toBe(403);
      expect(await text(tried)).toContain(STAFF_REFUSED.message);
    }
    expect(await roleOf(other.id)).toBe('user');
  });
});

describe('what staff may do', () => {
  it('move a paid order on to delivered, never cancel or refund it', async () => {
    const { client } = await staffMember();
    const shopper = await createCheckoutShopper(server.services);
    const placed = await placeCatfishOrder(server.services, shopper.id);
    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
    const post = (fields: Record<string, string>) =>
      client.postForm('/admin/orders', { orderId: placed.orderId, ...fields });

    const refusals: Record<string, string>[] = [
      { intent: 'status', status: 'cancelled' },
      { intent: 'refund', reason: 'cancelled' },
      { intent: 'delete' },
    ];
    for (const refused of refusals) {
      const answer = await post(refused);
      expect(answer.status, JSON.stringify(refused)).toBe(403);
      expect(await text(answer)).toContain(STAFF_REFUSED.message);
    }
    expect(await orderOf(placed.orderId)).toMatchObject({ status: 'pending', refundStatus: null });

    expect((await post({ intent: 'status', status: 'processing' })).status).toBe(200);
    expect((await orderOf(placed.orderId)).status).toBe('processing');
    expect((await client.get('/admin/dispatch')).status).toBe(200);
  });

  it('receive stock, and receive an accepted harvest at the hub, but not answer an offer', async () => {
    const { client } = await staffMember();
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    await setStockCounting(db(), owner, catfish.id, 'kg');
    const today = shopDay(new Date());
    const received = await client.postForm(`/admin/stock/${catfish.id}`, {
      intent: 'receive',
      quantity: '12',
      dateKind: 'caught',
      preparedOn: today,
      bestBefore: '',
      note: '',
    });
    expect(received.status).toBe(200);

    const deps: SellerDeps = { db: db(), banks: server.services.payments, jobs: server.services.jobs };
    const farmer = await createUser(server.services, { name: 'Boma Briggs' });
    const farm = await createFarm(db(), farmer.id, { name: 'Briggs Farm', state: 'Rivers', town: 'Bonny' });
    const applied = await applyToSell(deps, farmer.id, {
      farmId: farm.id,
      businessName: 'Briggs Fish',
      phone: '0803 555 0101',
      bankCode: '058',
      accountNumber: '2000000051',
    });
    await approveSeller(deps, owner, applied.id);
    const offered = () =>
      makeOffer(db(), farmer.id, {
        productId: catfish.id,
        cycleId: null,
        quantity: '30',
        unit: 'kg',
        harvestedOn: today,
        bringOn: addDays(today, 1),
        price: '3000',
      });
    const waiting = await offered();
    const answer = await client.postForm('/admin/offers', { intent: 'accept', offerId: String(waiting.id) });
    expect(answer.status).toBe(403);
    expect(await text(answer)).toContain(STAFF_REFUSED.message);
    const accepted = await offered();
    await answerOffer(db(), owner, accepted.id, { move: 'accept' });
    const page = await text(await client.get('/admin/offers'));
    expect(page).toContain('Receive at the hub');
    expect(page).not.toContain('>Accept<');
    const brought = await client.postForm('/admin/offers', {
      intent: 'receive',
      offerId: String(accepted.id),
      quantity: '29',
    });
    expect(brought.status).toBe(200);
    const [row] = await db()
      .select()
      .from(schema.sellerOffers)
      .where(eq(schema.sellerOffers.id, accepted.id));
    expect(row!.status).toBe('received');
    const [still] = await db()
      .select()
      .from(schema.sellerOffers)
      .where(eq(schema.sellerOffers.id, waiting.id));
    expect(still!.status).toBe('offered');
  });
});
