import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayMonth, shopDay } from '#core/calendar';
import { settlePayment } from '#core/checkout/settle';
import { createFarm } from '#core/farm/farms';
import { formatNaira } from '#core/money';
import { approveClaim, fileClaim } from '#core/orders/claims';
import { updateOrderStatus } from '#core/orders/management';
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
  receivedHarvest,
  signedInClient,
} from '../support/factories';
import { HttpClient, locationOf } from '../support/http-client';
import { routeTablePathsUnder } from '../support/routes';
import { startTestServer, type TestServer } from '../support/test-server';

/*
 * Issue 51 §6: the seller's area behind its own door, tried for every path of the route table — a guest
 * goes to /login, a shopper and an applicant are refused, a seller (suspended too) sees their own sales,
 * batches at the hub and the claims on their lines with the photo, and never a buyer's name, phone, e-mail
 * or address; another seller gets none of it, not even the photo.
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
      [
        '/seller',
        '/seller/statement',
        '/seller/statement.csv',
        '/seller/claims/1/photo',
        '/seller?index',
      ].sort(),
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

  it('a seller sees their batches at the hub and the claims on their lines with the photo; no one else gets the photo', async () => {
    const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
    await setStockCounting(db(), admin, catfish.id, 'kg');
    const tolu = await person('Tolu', true);
    const femi = await person('Femi', true);
    const toluBatch = await receivedHarvest(db(), admin, tolu.id, {
      productId: catfish.id,
      kg: 50,
      naira: 2500,
      daysAgo: 1,
    });
    const femiBatch = await receivedHarvest(db(), admin, femi.id, {
      productId: catfish.id,
      kg: 30,
      naira: 2800,
    });
    const offerOf = async (batchId: number) =>
      (await db().select().from(schema.sellerOffers).where(eq(schema.sellerOffers.batchId, batchId)))[0]!;
    const [toluOffer, femiOffer] = [await offerOf(toluBatch), await offerOf(femiBatch)];
    // A batch with a best-before says so (the hub may give one; a harvest received has none by default).
    const bestBefore = addDays(today, 2);
    await db().update(schema.stockBatches).set({ bestBefore }).where(eq(schema.stockBatches.id, toluBatch));

    // A buyer with every contact detail on record buys 2 catfish of Tolu's, is delivered, and claims 1.
    const buyer = await createCheckoutShopper(server.services);
    await db()
      .update(schema.user)
      .set({ name: 'Chioma Buyer', phone: '0809 111 2233', address: '7 Ikwerre Road, Mile 1' })
      .where(eq(schema.user.id, buyer.id));
    const placed = await placeCatfishOrder(server.services, buyer.id, { quantity: 2, batchId: toluBatch });
    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
    await updateOrderStatus(server.services.checkout, admin, placed.orderId, 'delivered');
    const [line] = await db()
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, placed.orderId));
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7a5c3a' } })
      .png()
      .toBuffer();
    await fileClaim(
      { ...server.services.checkout, storage: server.services.storage },
      buyer.id,
      placed.orderId,
      {
        lines: [{ itemId: line!.id, quantity: 1 }],
        description: 'One catfish was soft and smelt off.',
        photo: picture,
      },
      (at) => at.toISOString(),
    );
    const [claim] = await db()
      .select()
      .from(schema.orderClaims)
      .where(eq(schema.orderClaims.orderId, placed.orderId));
    await approveClaim(server.services.checkout, admin, {
      orderId: placed.orderId,
      claimId: claim!.id,
      reason: 'spoiled',
      note: 'Refunded one fish, Chioma.',
    });
    // What the approval took from Tolu: the refund rows of her ledger for the order (her share less commission).
    const [{ taken } = { taken: '0' }] = await db()
      .select({ taken: sql<string>`-sum(${schema.sellerLedger.amountKobo})` })
      .from(schema.sellerLedger)
      .where(
        and(
          eq(schema.sellerLedger.sellerId, tolu.sellerId),
          eq(schema.sellerLedger.orderId, placed.orderId),
          eq(schema.sellerLedger.kind, 'refund'),
        ),
      );
    expect(Number(taken)).toBeGreaterThan(0);

    const toluClient = await signedInClient(server, tolu.email);
    const page = await text(await toluClient.get('/seller'));
    const photoPath = `/seller/claims/${claim!.id}/photo`;
    expect(page).toContain('Your batches at the hub');
    expect(page).toContain(`#${toluOffer.id}</dd>`);
    expect(page).toContain('50 kg');
    expect(page).toContain(dayMonth(toluOffer.harvestedOn));
    expect(page).toContain('Best before');
    expect(page).toContain(dayMonth(bestBefore));
    expect(page).not.toContain(`#${femiOffer.id}</dd>`);
    expect(page).toContain('Freshness claims on your fish');
    expect(page).toContain(`Order #${placed.orderId.slice(0, 8)}`);
    expect(page).toContain('1 × Live Catfish (Table Size)');
    expect(page).toContain('One catfish was soft and smelt off.');
    expect(page).toContain(`Approved: ${formatNaira(Number(taken))} taken from what you are owed`);
    expect(page).toContain(`href="${photoPath}"`);
    expect(page).toContain(`src="${photoPath}?width=400"`);
    // The page carries the seller's photo address, never the stored photo's own, nor the shop's note to the buyer.
    expect(page).not.toContain(claim!.photoUrl);
    expect(page).not.toContain('Refunded one fish');
    for (const contact of [
      'Chioma',
      '0809 111 2233',
      '+2348091112233',
      '7 Ikwerre Road',
      'Mile 1',
      buyer.email,
    ])
      expect(page, contact).not.toContain(contact);

    // Tolu's photo: through her door, then the one copy as every picture is served.
    const answer = await toluClient.get(photoPath);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(locationOf(answer)).toBe(claim!.photoUrl);
    const small = await toluClient.get(`${photoPath}?width=400`);
    expect(locationOf(small)).toBe(claim!.photoUrl.replace(/-800\.webp$/, '-400.webp'));
    const served = await fetch(new URL(locationOf(answer)!, server.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // The stored photo as the buyer sent it (re-encoded in the picture widths), the list's at 400 px.
    expect((await sharp(bytes).metadata()).width).toBe(800);
    const thumbnail = await fetch(new URL(locationOf(small)!, server.url));
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).width).toBe(400);

    // Femi sees his own batch and no claim of Tolu's; her photo is not found for him, as a claim that is not.
    const femiClient = await signedInClient(server, femi.email);
    const other = await text(await femiClient.get('/seller'));
    expect(other).toContain(`#${femiOffer.id}</dd>`);
    expect(other).not.toContain(`#${toluOffer.id}</dd>`);
    expect(other).toContain('No buyer has claimed on your fish.');
    expect(other).not.toContain(photoPath);
    const refused = await femiClient.get(photoPath);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('location')).toBeNull();
    const refusedBody = await text(refused);
    expect(refusedBody).not.toContain(claim!.photoUrl);
    const none = await femiClient.get(`/seller/claims/${claim!.id + 1000}/photo`);
    expect(none.status).toBe(404);
    expect(await text(none)).toBe(refusedBody);
    for (const junk of ['abc', '0', '1e3'])
      expect((await toluClient.get(`/seller/claims/${junk}/photo`)).status).toBe(404);

    // The buyer (a shopper, not a seller) is refused by the door; a guest is sent to sign in.
    const shopper = await signedInClient(server, buyer.email);
    const asShopper = await shopper.get(photoPath);
    expect(asShopper.status).toBe(403);
    expect(await text(asShopper)).not.toContain(claim!.photoUrl);
    const asGuest = await new HttpClient(server.url).get(photoPath);
    expect(asGuest.status).toBe(302);
    expect(locationOf(asGuest)).toBe(`/login?redirectTo=${encodeURIComponent(photoPath)}`);
  });

  it('a suspended seller still sees their area, told they are suspended and why', async () => {
    const bayo = await person('Bayo', true);
    await suspendSeller(deps(), admin, bayo.sellerId, 'Short weight twice');
    const page = await text(await (await signedInClient(server, bayo.email)).get('/seller'));
    expect(page).toContain('Your selling is suspended: Short weight twice');
  });
});
