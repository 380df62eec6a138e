import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDay } from '#core/calendar';
import { deleteProduct, PRODUCT_HAS_OFFERS } from '#core/catalog/management';
import { createFarm } from '#core/farm/farms';
import { adminActor, type AdminActor } from '#core/roles';
import { OFFER_CONFLICTS, OFFER_MESSAGES, type OfferForm } from '#core/sellers/offer-rules';
import { answerOffer, makeOffer, offersOfSeller, receiveOffer, sellerMovesOffer } from '#core/sellers/offers';
import { applyToSell, approveSeller, suspendSeller, type SellerDeps } from '#core/sellers/service';
import { setStockCounting } from '#core/stock/batches';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createUser, productNamed, signedInClient } from '../support/factories';
import { stockedPond } from '../support/farm';
import { HttpClient } from '../support/http-client';
import { refusal } from '../support/refusal';
import { startTestServer, type TestServer } from '../support/test-server';

/*
 * Issue 51 §2: an approved seller offers a harvest; the shop accepts, counters or declines; receiving at
 * the hub confirms what was brought (short weight adjusts it) and makes a stock batch of the product.
 * Bad input: the field's message and nothing saved; a move posted twice is done once.
 */

let server: TestServer;
let admin: AdminActor;
let catfish: { id: number };
let fingerlings: { id: number };
const today = shopDay(new Date());

beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: '0' } });
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
  catfish = await productNamed(db(), 'Live Catfish (Table Size)');
  fingerlings = await productNamed(db(), 'Fingerling Transport Bags (100 pack)');
  await setStockCounting(db(), admin, catfish.id, 'kg');
  await setStockCounting(db(), admin, fingerlings.id, 'unit');
});
afterAll(() => server.close());

const db = () => server.database.db;
const deps = (): SellerDeps => ({ db: db(), banks: server.services.payments, jobs: server.services.jobs });

/** An approved seller with a farm (the demo bank resolves any number not ending in 0). */
async function seller(accountNumber: string) {
  const person = await createUser(server.services, { name: 'Boma Briggs' });
  const farm = await createFarm(db(), person.id, { name: 'Briggs Farm', state: 'Rivers', town: 'Bonny' });
  const applied = await applyToSell(deps(), person.id, {
    farmId: farm.id,
    businessName: 'Briggs Fish',
    phone: '0803 555 0101',
    bankCode: '058',
    accountNumber,
  });
  await approveSeller(deps(), admin, applied.id);
  return { ...person, sellerId: applied.id, farmId: farm.id };
}

const offer = (over: Partial<OfferForm> = {}): OfferForm => ({
  productId: catfish.id,
  cycleId: null,
  quantity: '240',
  unit: 'kg',
  harvestedOn: today,
  bringOn: addDays(today, 1),
  price: '3200',
  ...over,
});

const offerCount = async () => (await db().select().from(schema.sellerOffers)).length;
/** The activity log's rows of one offer, oldest first (issue 51 §7: every owner action is in it). */
const logOf = (offerId: number) =>
  db()
    .select()
    .from(schema.adminActivity)
    .where(and(eq(schema.adminActivity.kind, 'offer'), eq(schema.adminActivity.subjectId, String(offerId))))
    .orderBy(asc(schema.adminActivity.id));

describe('a seller offers a harvest (issue 51 §2)', () => {
  it('is kept in the stock unit, with its price per kg, for the shop to answer', async () => {
    const s = await seller('2000000001');
    const made = await makeOffer(db(), s.id, offer());
    expect(made).toMatchObject({
      sellerId: s.sellerId,
      productId: catfish.id,
      quantity: 240_000,
      priceKobo: 320_000,
      status: 'offered',
    });
    const [view] = await offersOfSeller(db(), s.id);
    expect(view).toMatchObject({
      amount: '240 kg',
      price: '₦3,200 per kg',
      status: 'offered',
      productName: 'Live Catfish (Table Size)',
    });
  });

  it('refuses ₦0 and ₦10⁹ per kg, 0 kg, kg of a product sold by units, and an old harvest, each beside its field, saving nothing', async () => {
    const s = await seller('2000000002');
    const before = await offerCount();
    const cases: [Partial<OfferForm>, string, string][] = [
      [{ price: '0' }, 'price', OFFER_MESSAGES.price],
      [{ price: '1000000000' }, 'price', OFFER_MESSAGES.price],
      [{ quantity: '0' }, 'quantity', OFFER_MESSAGES.quantityKg],
      [{ productId: fingerlings.id, unit: 'kg' }, 'quantity', OFFER_MESSAGES.soldByUnits],
      [
        { productId: fingerlings.id, unit: 'unit', quantity: '2.5' },
        'quantity',
        OFFER_MESSAGES.quantityUnits,
      ],
      [{ harvestedOn: addDays(today, -4) }, 'harvestedOn', OFFER_MESSAGES.harvestOld],
      [{ bringOn: addDays(today, -1), harvestedOn: addDays(today, -1) }, 'bringOn', OFFER_MESSAGES.bringPast],
      [{ harvestedOn: addDays(today, 3) }, 'harvestedOn', OFFER_MESSAGES.harvestAfterBring],
      [{ productId: 999_999 }, 'productId', OFFER_MESSAGES.product],
      [{ cycleId: 999_999 }, 'cycleId', OFFER_MESSAGES.cycle],
    ];
    for (const [over, fieldName, message] of cases) {
      const error = await refusal(makeOffer(db(), s.id, offer(over)));
      expect(error.fieldErrors?.[fieldName], JSON.stringify(over)).toEqual([message]);
    }
    expect(await offerCount()).toBe(before);
  });

  it('a suspended seller, and a person who is no seller, cannot offer', async () => {
    const s = await seller('2000000003');
    await suspendSeller(deps(), admin, s.sellerId, 'Short weight twice');
    expect((await refusal(makeOffer(db(), s.id, offer()))).message).toBe(OFFER_MESSAGES.notApproved);
    const shopper = await createUser(server.services);
    expect((await refusal(makeOffer(db(), shopper.id, offer()))).message).toBe(OFFER_MESSAGES.notApproved);
  });
});

describe('the shop answers, and receives at the hub', () => {
  it('accepted and received short: the batch is what was brought, caught on the harvest day, in stock', async () => {
    const s = await seller('2000000004');
    const made = await makeOffer(db(), s.id, offer({ quantity: '100' }));
    const results = await Promise.allSettled([
      answerOffer(db(), admin, made.id, { move: 'accept' }),
      answerOffer(db(), admin, made.id, { move: 'accept' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const [stockBefore] = await db().select().from(schema.products).where(eq(schema.products.id, catfish.id));
    // More than offered is refused; 96.5 kg brought of 100.
    expect((await refusal(receiveOffer(db(), admin, made.id, '100.5'))).fieldErrors?.quantity).toEqual([
      OFFER_MESSAGES.received,
    ]);
    const received = await Promise.allSettled([
      receiveOffer(db(), admin, made.id, '96.5'),
      receiveOffer(db(), admin, made.id, '96.5'),
    ]);
    expect(received.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const [row] = await db().select().from(schema.sellerOffers).where(eq(schema.sellerOffers.id, made.id));
    expect(row).toMatchObject({ status: 'received', quantity: 100_000, receivedQuantity: 96_500 });
    const [batch] = await db()
      .select()
      .from(schema.stockBatches)
      .where(eq(schema.stockBatches.id, row!.batchId!));
    expect(batch).toMatchObject({
      productId: catfish.id,
      quantityReceived: 96_500,
      quantityLeft: 96_500,
      dateKind: 'caught',
      preparedOn: today,
      note: `Offer #${made.id}`,
    });
    const [stockAfter] = await db().select().from(schema.products).where(eq(schema.products.id, catfish.id));
    expect(stockAfter!.stockOnHand - stockBefore!.stockOnHand).toBe(96_500);
    const logged = await db()
      .select({ action: schema.adminActivity.action })
      .from(schema.adminActivity)
      .where(
        and(eq(schema.adminActivity.kind, 'offer'), eq(schema.adminActivity.subjectId, String(made.id))),
      );
    expect(logged.map((e) => e.action)).toEqual(['status_changed', 'stock_received']);
    // The product now keeps the seller's record: it cannot be deleted.
    expect((await refusal(deleteProduct(db(), admin, catfish.id))).message).toBe(PRODUCT_HAS_OFFERS);
  });

  it('countered: the seller takes the shop’s price and it is accepted at it; or withdraws', async () => {
    const s = await seller('2000000005');
    const first = await makeOffer(db(), s.id, offer());
    expect(
      (await refusal(answerOffer(db(), admin, first.id, { move: 'counter', price: '3200' }))).message,
    ).toBe(OFFER_MESSAGES.counter);
    await answerOffer(db(), admin, first.id, { move: 'counter', price: '2900' });
    const taken = await sellerMovesOffer(db(), s.id, first.id, 'take-counter');
    expect(taken).toMatchObject({ status: 'accepted', priceKobo: 290_000, counterPriceKobo: 290_000 });
    expect((await refusal(sellerMovesOffer(db(), s.id, first.id, 'withdraw'))).message).toBe(
      OFFER_CONFLICTS.withdraw,
    );

    // The owner's counter is in the activity log, with the price asked and the price offered back; the
    // refused one (the same price) is not, nor are the seller's own moves.
    expect(
      (await logOf(first.id)).map((e) => ({
        action: e.action,
        label: e.subjectLabel,
        adminId: e.adminId,
        before: e.before,
        after: e.after,
      })),
    ).toEqual([
      {
        action: 'status_changed',
        label: `Offer #${first.id}`,
        adminId: admin.id,
        before: { status: 'offered', priceKobo: 320_000 },
        after: { status: 'countered', priceKobo: 320_000, counterPriceKobo: 290_000, declineReason: null },
      },
    ]);

    const second = await makeOffer(db(), s.id, offer());
    await answerOffer(db(), admin, second.id, { move: 'counter', price: '2500' });
    expect(await sellerMovesOffer(db(), s.id, second.id, 'withdraw')).toMatchObject({ status: 'withdrawn' });
    // Another seller's offer is not theirs to move.
    const other = await seller('2000000006');
    const third = await makeOffer(db(), other.id, offer());
    expect((await refusal(sellerMovesOffer(db(), s.id, third.id, 'withdraw'))).message).toBe(
      OFFER_MESSAGES.notFound,
    );
  });

  it('declined with a reason the seller reads; without one, nothing changes', async () => {
    const s = await seller('2000000007');
    const made = await makeOffer(db(), s.id, offer());
    expect(
      (await refusal(answerOffer(db(), admin, made.id, { move: 'decline', reason: ' ' }))).fieldErrors
        ?.reason,
    ).toEqual([OFFER_MESSAGES.declineReason]);
    await answerOffer(db(), admin, made.id, { move: 'decline', reason: 'We have enough catfish this week.' });
    const [view] = await offersOfSeller(db(), s.id);
    expect(view).toMatchObject({ status: 'declined', declineReason: 'We have enough catfish this week.' });
    // In the activity log once, with the reason; the refused decline (no reason) left no row.
    expect((await logOf(made.id)).map((e) => [e.action, e.adminId, e.before, e.after])).toEqual([
      [
        'status_changed',
        admin.id,
        { status: 'offered', priceKobo: 320_000 },
        {
          status: 'declined',
          priceKobo: 320_000,
          counterPriceKobo: null,
          declineReason: 'We have enough catfish this week.',
        },
      ],
    ]);
    expect((await refusal(receiveOffer(db(), admin, made.id, '10'))).message).toBe(OFFER_CONFLICTS.receive);
  });
});

describe('the pages: the seller offers at /farm/:id/offers, the owner answers and receives at /admin/offers', () => {
  const text = async (response: Response) =>
    (await response.text()).replace(/&#x27;|&#39;/g, "'").replace(/<!-- -->/g, '');

  it('a bad price is refused beside its field and saves nothing; a good offer is accepted and received', async () => {
    const s = await seller('2000000008');
    const farmer = await signedInClient(server, s.email);
    const owner = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const page = `/farm/${s.farmId}/offers`;
    expect(await text(await farmer.get(page))).toContain('Offer a harvest');
    const fields = {
      intent: 'offer',
      productId: String(catfish.id),
      quantity: '50',
      unit: 'kg',
      harvestedOn: today,
      bringOn: addDays(today, 1),
    };
    const before = await offerCount();
    const refused = await farmer.postForm(page, { ...fields, price: '0' });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain(OFFER_MESSAGES.price);
    expect(await offerCount()).toBe(before);

    expect((await farmer.postForm(page, { ...fields, price: '3000' })).status).toBe(200);
    const [made] = await db()
      .select()
      .from(schema.sellerOffers)
      .where(eq(schema.sellerOffers.sellerId, s.sellerId));
    // A shopper is not the owner: /admin/offers is refused to them, changing nothing.
    const shopper = await signedInClient(server, (await createUser(server.services)).email);
    expect(
      (await shopper.postForm('/admin/offers', { intent: 'accept', offerId: String(made!.id) })).status,
    ).toBe(403);
    expect(await text(await owner.get('/admin/offers'))).toContain(
      `#${made!.id} · Live Catfish (Table Size): 50 kg at ₦3,000 per kg`,
    );
    expect(
      (await owner.postForm('/admin/offers', { intent: 'accept', offerId: String(made!.id) })).status,
    ).toBe(200);
    const received = await owner.postForm('/admin/offers', {
      intent: 'receive',
      offerId: String(made!.id),
      quantity: '48',
    });
    expect(received.status).toBe(200);
    const mine = await text(await farmer.get(page));
    expect(mine).toContain('Received at the hub · 48 kg received');
  });
});

describe('buyers see where a seller’s batch comes from (issue 51 §3, the product page)', () => {
  it('the next batch names the farm, the harvest day and the farm book’s record: 20 days, its feed, FCR 1.2', async () => {
    const s = await seller('2000000009');
    const farmer = await signedInClient(server, s.email);
    // 1,000 fish of 50 g (50 kg) stocked 20 days ago; fed 36 kg; weighed today at 80 g (80 kg): gain 30 kg.
    const { cycleId } = await stockedPond(db(), farmer, s.farmId, {
      stockedOn: addDays(today, -20),
      count: 1000,
      averageG: 50,
    });
    const sent = await farmer.postJson(`/api/farm/${s.farmId}/entries`, {
      entries: [
        {
          id: crypto.randomUUID(),
          cycleId: cycleId,
          on: addDays(today, -10),
          kind: 'feeding',
          feedG: 36_000,
          feedName: 'Floating Fish Feed 3 mm',
        },
        { id: crypto.randomUUID(), cycleId: cycleId, on: today, kind: 'sample', count: 10, weightG: 800 },
      ],
    });
    expect(sent.status).toBe(200);
    // A product of its own, so that its next batch is this seller's.
    const croaker = await productNamed(db(), 'Croaker Fish (Fresh)');
    await setStockCounting(db(), admin, croaker.id, 'kg');
    const made = await makeOffer(
      db(),
      s.id,
      offer({ productId: croaker.id, cycleId: cycleId, quantity: '40' }),
    );
    await answerOffer(db(), admin, made.id, { move: 'accept' });
    await receiveOffer(db(), admin, made.id, '40');

    const page = (await (await new HttpClient(server.url).get(`/products/${croaker.id}`)).text()).replace(
      /<!-- -->/g,
      '',
    );
    // The farm among the sources a buyer may choose, with its record (issue 51 §3).
    const text = page.replace(/<[^>]+>/g, '');
    expect(text).toContain('Briggs Farm (Briggs Fish), Bonny, Rivers');
    expect(text).toMatch(/Harvested today · ₦[\d,]+ per kg · 40 kg left/);
    expect(text).toContain('Raised 20 days, fed Floating Fish Feed 3 mm, FCR 1.2');
  });
});
