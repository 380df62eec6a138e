import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDay } from '#core/calendar';
import { settlePayment } from '#core/checkout/settle';
import { createFarm } from '#core/farm/farms';
import { decideDemoPayment } from '#core/payments/demo';
import { adminActor, type AdminActor } from '#core/roles';
import { SELLER_AREA } from '#core/sellers/rules';
import { answerOffer, makeOffer, receiveOffer } from '#core/sellers/offers';
import { applyToSell, approveSeller, suspendSeller, type SellerDeps } from '#core/sellers/service';
import { setStockCounting } from '#core/stock/batches';
import * as schema from '#db/schema';
import { ADMIN_EMAIL } from '../support/constants';
import {
  createCheckoutShopper,
  createUser,
  placeCatfishOrder,
  productNamed,
  signedInClient,
} from '../support/factories';
import { HttpClient, locationOf } from '../support/http-client';
import { routeTablePathsUnder } from '../support/routes';
import { startTestServer, type TestServer } from '../support/test-server';

/*
 * Issue 51 §6: the seller's area behind its own door, tried for every path of the route table — a guest
 * goes to /login, a shopper and an applicant are refused, a seller (suspended too) sees their own sales
 * and never a buyer's name, phone or address.
 */

let server: TestServer;
let admin: AdminActor;
const today = shopDay(new Date());

beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: '0', LOGIN_RATE_LIMIT_MAX: '100' } });
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
});
afterAll(() => server.close());

const db = () => server.database.db;
const deps = (): SellerDeps => ({ db: db(), banks: server.services.payments, jobs: server.services.jobs });
const areaPaths = () => routeTablePathsUnder('routes/seller/seller-area.tsx');

async function person(name: string, approved: boolean) {
  const user = await createUser(server.services, { name });
  const farm = await createFarm(db(), user.id, { name: `${name} Farm`, state: 'Rivers', town: 'Bonny' });
  const seller = await applyToSell(deps(), user.id, {
    farmId: farm.id,
    businessName: `${name} Fish`,
    phone: '0803 555 0101',
    bankCode: '058',
    accountNumber: '3000000001',
  });
  if (approved) await approveSeller(deps(), admin, seller.id);
  return { ...user, sellerId: seller.id };
}

const text = async (response: Response) =>
  (await response.text()).replace(/&#x27;|&#39;/g, "'").replace(/<!-- -->/g, '');

describe("the seller's area", () => {
  it('is /seller in the route table', () => {
    expect(areaPaths().sort()).toEqual(
      ['/seller', '/seller/statement', '/seller/statement.csv', '/seller?index'].sort(),
    );
  });

  it('a guest is sent to /login and back; a post is 401', async () => {
    const guest = new HttpClient(server.url);
    for (const path of areaPaths()) {
      const page = await guest.get(path);
      expect(page.status, path).toBe(302);
      expect(locationOf(page), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect((await guest.postForm(path, { intent: 'x' })).status, path).toBe(401);
    }
  });

  it('a shopper and an applicant not yet approved are refused with the same words', async () => {
    const shopper = await signedInClient(server, (await createUser(server.services)).email);
    const applicant = await signedInClient(server, (await person('Applicant', false)).email);
    for (const client of [shopper, applicant])
      for (const path of areaPaths()) {
        const page = await client.get(path);
        expect(page.status, path).toBe(403);
        expect(await text(page)).toContain(SELLER_AREA.notSeller);
      }
  });

  it("a seller sees their own sales and what to bring, never the buyer's contact; another seller sees none of it", async () => {
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    await setStockCounting(db(), admin, catfish.id, 'kg');
    const ada = await person('Ada', true);
    const kemi = await person('Kemi', true);
    const sold = await makeOffer(db(), ada.id, {
      productId: catfish.id,
      cycleId: null,
      quantity: '100',
      unit: 'kg',
      harvestedOn: today,
      bringOn: today,
      price: '3000',
    });
    await answerOffer(db(), admin, sold.id, { move: 'accept' });
    const received = await receiveOffer(db(), admin, sold.id, '100');
    const waiting = await makeOffer(db(), ada.id, {
      productId: catfish.id,
      cycleId: null,
      quantity: '60',
      unit: 'kg',
      harvestedOn: today,
      bringOn: addDays(today, 2),
      price: '3000',
    });
    await answerOffer(db(), admin, waiting.id, { move: 'accept' });

    // A buyer pays for 2 catfish from Ada's farm: their line draws from her batch.
    const buyer = await createCheckoutShopper(server.services);
    await db().update(schema.user).set({ name: 'Ngozi Buyer' }).where(eq(schema.user.id, buyer.id));
    const placed = await placeCatfishOrder(server.services, buyer.id, {
      quantity: 2,
      batchId: received.batchId!,
    });
    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
    const [line] = await db()
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, placed.orderId));

    const page = await text(await (await signedInClient(server, ada.email)).get('/seller'));
    expect(page).toContain('Ada Fish: your sales');
    expect(page).toContain(`${line!.stockQuantity / 1000} kg of Live Catfish (Table Size)`);
    expect(page).toContain(`Order #${placed.orderId.slice(0, 8)}`);
    expect(page).toContain(`from offer #${sold.id}`);
    expect(page).toContain('60 kg of Live Catfish (Table Size) at ₦3,000 per kg');
    for (const contact of ['Ngozi Buyer', '0803 555 0101', '+2348035550101', '12 Aba Road', buyer.email])
      expect(page, contact).not.toContain(contact);

    const other = await text(await (await signedInClient(server, kemi.email)).get('/seller'));
    expect(other).toContain('Nothing of yours has sold yet.');
    expect(other).not.toContain(`Order #${placed.orderId.slice(0, 8)}`);
  });

  it('a suspended seller still sees their area, told they are suspended and why', async () => {
    const bayo = await person('Bayo', true);
    await suspendSeller(deps(), admin, bayo.sellerId, 'Short weight twice');
    const page = await text(await (await signedInClient(server, bayo.email)).get('/seller'));
    expect(page).toContain('Your selling is suspended: Short weight twice');
  });
});
