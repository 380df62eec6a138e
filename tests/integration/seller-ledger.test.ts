import { and, eq, inArray, ne } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDay } from '#core/calendar';
import { placeOrder } from '#core/checkout/place';
import { settlePayment } from '#core/checkout/settle';
import { createFarm } from '#core/farm/farms';
import { Conflict } from '#core/errors';
import { approveClaim, fileClaim } from '#core/orders/claims';
import { updateOrderStatus } from '#core/orders/management';
import { changeOrder } from '#core/orders/lifecycle';
import { refundOrder, requestRefundIn } from '#core/orders/refunds';
import { decideDemoPayment } from '#core/payments/demo';
import { adminActor, type AdminActor } from '#core/roles';
import { postOrderLedger, sellerBalance } from '#core/sellers/ledger';
import { runPayouts } from '#core/sellers/payouts';
import { farmSourcesOf, ownAvailable } from '#core/sellers/sources';
import { answerOffer, makeOffer, receiveOffer } from '#core/sellers/offers';
import { applyToSell, approveSeller, type SellerDeps } from '#core/sellers/service';
import { receiveStock, setStockCounting } from '#core/stock/batches';
import * as schema from '#db/schema';
import { ADMIN_EMAIL } from '../support/constants';
import {
  checkoutKey,
  createCheckoutShopper,
  createUser,
  PORT_HARCOURT_PICKUP,
  productNamed,
} from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

/*
 * Issue 51 §4: what each seller is owed, exactly. Random orders of a product stocked by three sellers
 * and the shop (each line from the farm its buyer chose, or the shop’s own batches oldest first), with
 * discount codes, refunds by line and by amount before and after delivery, refunds that fail, and
 * freshness claims after delivery, filed by the buyer and approved by the owner in full or in part
 * (core/orders/claims.ts, whose refund is the line refund's path), or refused when nothing is left.
 * Each seller's rows are checked against an oracle written here from the rule in docs/sellers.md, and
 * each order against the money's identity, every term read from its own source (the provider's
 * records for paid and refunded, the order for fees and discount, the ledger for the sellers and the
 * commission, the lines for the shop's own goods).
 */

let server: TestServer;
let admin: AdminActor;
let catfishId: number;
const today = shopDay(new Date());
const commissions = new Map<number, number>();
const sellerUsers = new Map<number, string>();

const db = () => server.database.db;
const sellerDeps = (): SellerDeps => ({
  db: db(),
  banks: server.services.payments,
  jobs: server.services.jobs,
});
const refundDeps = () => server.services.checkout;

beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: '0' } });
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
  const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
  catfishId = catfish.id;
  await setStockCounting(db(), admin, catfish.id, 'kg');
  // The seed's FREEDELIVERY stops at 20 uses; the property below may draw it more often than that
  // (red in CI on PostgreSQL, seed -31590253): without a limit here, a draw never meets "usage limit".
  await db()
    .update(schema.discountCodes)
    .set({ usageLimit: null })
    .where(eq(schema.discountCodes.code, 'FREEDELIVERY'));
  for (const [name, percent] of [
    ['Ada', 10],
    ['Bayo', 15],
    ['Chidi', 7],
  ] as const) {
    const user = await createUser(server.services, { name });
    const farm = await createFarm(db(), user.id, { name: `${name} Farm`, state: 'Rivers', town: 'Bonny' });
    const seller = await applyToSell(sellerDeps(), user.id, {
      farmId: farm.id,
      businessName: `${name} Fish`,
      phone: '0803 555 0101',
      bankCode: '058',
      accountNumber: '3000000001',
    });
    await approveSeller(sellerDeps(), admin, seller.id, String(percent));
    commissions.set(seller.id, percent);
    sellerUsers.set(seller.id, user.id);
  }
});
afterAll(() => server.close());

/** Each seller brings `kg` of catfish harvested `daysAgo`, and the shop receives its own. */
async function stockUp(kg: number, sellerDaysAgo: number[], shopDaysAgo: number) {
  let i = 0;
  for (const sellerId of commissions.keys()) {
    const offer = await makeOffer(db(), sellerUsers.get(sellerId)!, {
      productId: catfishId,
      cycleId: null,
      quantity: String(kg),
      unit: 'kg',
      harvestedOn: addDays(today, -sellerDaysAgo[i++]!),
      bringOn: today,
      price: '3000',
    });
    await answerOffer(db(), admin, offer.id, { move: 'accept' });
    await receiveOffer(db(), admin, offer.id, String(kg));
  }
  await receiveStock(db(), admin, catfishId, {
    intent: 'receive',
    quantity: String(kg),
    dateKind: 'caught',
    preparedOn: addDays(today, -shopDaysAgo),
    bestBefore: null,
    note: null,
  });
}

interface RefundStep {
  kind: 'refund';
  afterDelivery: boolean;
  byLine: boolean;
  quantity: number;
  naira: number;
  fails: boolean;
}

async function refund(orderId: string, reference: string, catfishLine: number, step: RefundStep) {
  const request = step.byLine
    ? { reason: 'spoiled' as const, lines: [{ itemId: catfishLine, quantity: step.quantity }] }
    : { reason: 'other' as const, amountKobo: step.naira * 100 };
  try {
    if (step.fails) {
      // Asked for and refused in one transaction, so the refund job finds it settled and asks no provider
      // (a worker racing a refund.failed event would be the reconciler's case, refunds.test.ts).
      await db().transaction(async (tx) => {
        await requestRefundIn(tx, refundDeps(), admin, orderId, request);
        await changeOrder(
          tx,
          refundDeps(),
          { reference },
          { kind: 'refund-fail', failure: 'Declined by the bank' },
        );
      });
      // Its job is still queued (a worker takes it after REFUND_FALLBACK_SECONDS): when it runs it finds its
      // own refund settled and asks no provider, whatever refund of the order is asked for by then (it once
      // carried out the next one with its own amount: red on PostgreSQL, ₦1 more refunded than asked).
    } else if ((await refundOrder(refundDeps(), admin, orderId, request)) === 'requested') {
      // A job worker took the refund's job before the button: the order is read once the job ran.
      await server.jobsDone();
    }
  } catch (error) {
    // More than is left, or nothing left: the lifecycle refuses, and the ledger must not move.
    if (!(error instanceof Conflict)) throw error;
  }
}

interface ClaimStep {
  kind: 'claim';
  /** kg of the catfish line claimed, and whether the smoked catfish (when bought) is claimed too. */
  catfish: number;
  smoked: boolean;
  /** The owner gives back 1 kg less of the catfish than was claimed (when more than 1 was). */
  approveLess: boolean;
}

/** A photo of the fish, as the claim form sends it (once: the claims store their own copies). */
const photo = sharp({ create: { width: 8, height: 8, channels: 3, background: '#884422' } })
  .png()
  .toBuffer();

/** Claims approved over the property's runs. */
let claimsApproved = 0;

/**
 * The buyer claims lines of their delivered order within the window; the owner approves (a refund of
 * the approved lines, by the refund path). Refused when nothing of the lines is left to claim, or a
 * refund is under way; the ledger must not move then.
 */
async function claim(
  placed: { orderId: string; shopperId: string; catfishLine: number; smokedLine?: number },
  step: ClaimStep,
) {
  const lines = [
    { itemId: placed.catfishLine, quantity: step.catfish },
    ...(step.smoked && placed.smokedLine !== undefined ? [{ itemId: placed.smokedLine, quantity: 1 }] : []),
  ];
  try {
    await fileClaim(
      { ...server.services.checkout, storage: server.services.storage },
      placed.shopperId,
      placed.orderId,
      { lines, description: 'It smelt off', photo: await photo },
      (at) => at.toISOString(),
    );
  } catch (error) {
    // Nothing chosen, more than is left, refunded in full: refused at filing, and nothing is asked.
    if (!(error instanceof Conflict)) throw error;
    return;
  }
  const [filed] = await db()
    .select()
    .from(schema.orderClaims)
    .where(and(eq(schema.orderClaims.orderId, placed.orderId), eq(schema.orderClaims.status, 'open')));
  const approved = filed!.lines.map((line) =>
    line.itemId === placed.catfishLine && step.approveLess && line.quantity > 1
      ? { ...line, quantity: line.quantity - 1 }
      : line,
  );
  try {
    const outcome = await approveClaim(refundDeps(), admin, {
      orderId: placed.orderId,
      claimId: filed!.id,
      reason: 'spoiled',
      lines: approved,
      note: null,
    });
    if (outcome === 'requested') await server.jobsDone();
    claimsApproved += 1;
  } catch (error) {
    // The refund path refused (less money left than the lines, a refund under way): the claim stays
    // open, and nothing moved.
    if (!(error instanceof Conflict)) throw error;
  }
}

/**
 * The batch a buyer names for `quantity` kg of catfish: the `preferred` seller's (0–2, in the order they
 * were made) or the shop's own (3, no batch), or else the first source that still has enough.
 */
async function sourceFor(quantity: number, preferred: number): Promise<number | undefined> {
  const farms = (await farmSourcesOf(db(), [catfishId])).get(catfishId) ?? [];
  const [catfish] = await db().select().from(schema.products).where(eq(schema.products.id, catfishId));
  const own = ownAvailable(catfish!.stockOnHand - catfish!.stockHeld, farms);
  const names = [...commissions.keys()].map((_, i) => ['Ada', 'Bayo', 'Chidi'][i]!);
  const fits = (f: (typeof farms)[number]) => f.available >= quantity * 1000;
  const wanted =
    preferred < 3 ? farms.find((f) => f.seller === `${names[preferred]} Fish` && fits(f)) : undefined;
  if (wanted) return wanted.batchId;
  if (own >= quantity * 1000) return undefined;
  return farms.find(fits)?.batchId;
}

async function placePaid(quantity: number, code: string | null, withSmoked: boolean, source = 0) {
  const shopper = await createCheckoutShopper(server.services);
  const smoked = await productNamed(db(), 'Smoked Catfish');
  const batchId = await sourceFor(quantity, source);
  const placed = await placeOrder(server.services.checkout, shopper.id, {
    idempotencyKey: checkoutKey(),
    items: [
      { productId: catfishId, quantity, ...(batchId === undefined ? {} : { batchId }) },
      ...(withSmoked ? [{ productId: smoked.id, quantity: 1 }] : []),
    ],
    deliveryMethod: 'pickup',
    deliveryLocation: 'Port Harcourt',
    pickupLocation: PORT_HARCOURT_PICKUP,
    discountCode: code ?? undefined,
  });
  await decideDemoPayment(db(), placed.reference, 'success');
  expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
  const lines = await db()
    .select()
    .from(schema.orderItems)
    .where(eq(schema.orderItems.orderId, placed.orderId));
  return {
    ...placed,
    shopperId: shopper.id,
    catfishLine: lines.find((l) => l.productId === catfishId)!.id,
    smokedLine: lines.find((l) => l.productId === smoked.id)?.id,
  };
}

async function deliver(orderId: string) {
  for (const status of ['processing', 'shipped', 'delivered'] as const)
    try {
      await updateOrderStatus(server.services.checkout, admin, orderId, status);
    } catch (error) {
      if (!(error instanceof Conflict)) throw error; // refunded in full: never delivered
      return;
    }
}

const floorDiv = (a: bigint, b: bigint) => (b === 0n ? 0n : a / b);

/** The oracle: what each seller should keep of an order, from the lines, the draws and the refunds. */
async function expectedOf(orderId: string) {
  const [order] = await db().select().from(schema.orders).where(eq(schema.orders.id, orderId));
  const items = await db().select().from(schema.orderItems).where(eq(schema.orderItems.orderId, orderId));
  const draws = await db()
    .select({
      itemId: schema.stockDraws.orderItemId,
      quantity: schema.stockDraws.quantity,
      sellerId: schema.sellerOffers.sellerId,
    })
    .from(schema.stockDraws)
    .leftJoin(schema.sellerOffers, eq(schema.sellerOffers.batchId, schema.stockDraws.batchId))
    .where(
      inArray(
        schema.stockDraws.orderItemId,
        items.map((i) => i.id),
      ),
    );
  const refunds = await db()
    .select()
    .from(schema.orderRefunds)
    .where(and(eq(schema.orderRefunds.orderId, orderId), ne(schema.orderRefunds.status, 'failed')));
  const given = new Map<number, number>();
  for (const r of refunds)
    for (const l of r.lines) given.set(l.itemId, (given.get(l.itemId) ?? 0) + l.quantity);

  const sellers = new Map<number, { gross: bigint; commission: bigint }>();
  let shopGoods = 0n;
  let valueTaken = 0n;
  for (const item of items) {
    const total = BigInt(item.totalPriceKobo);
    const q = BigInt(item.quantity);
    const back = BigInt(given.get(item.id) ?? 0);
    let sellersGross = 0n;
    for (const draw of draws.filter((d) => d.itemId === item.id && d.sellerId !== null)) {
      const gross = floorDiv(total * BigInt(draw.quantity), BigInt(item.stockQuantity));
      const commission = (gross * BigInt(commissions.get(draw.sellerId!)!) + 50n) / 100n;
      const keptGross = gross - floorDiv(gross * back, q);
      const keptCommission = commission - floorDiv(commission * back, q);
      const seller = sellers.get(draw.sellerId!) ?? { gross: 0n, commission: 0n };
      sellers.set(draw.sellerId!, {
        gross: seller.gross + keptGross,
        commission: seller.commission + keptCommission,
      });
      sellersGross += gross;
      valueTaken += gross - keptGross;
    }
    const shopPart = total - sellersGross;
    const shopKept = shopPart - floorDiv(shopPart * back, q);
    shopGoods += shopKept;
    valueTaken += shopPart - shopKept;
  }
  const lineRefunds = refunds
    .filter((r) => r.lines.length > 0)
    .reduce((s, r) => s + BigInt(r.amountKobo), 0n);
  const amountRefunds = refunds
    .filter((r) => r.lines.length === 0)
    .reduce((s, r) => s + BigInt(r.amountKobo), 0n);
  return { order: order!, sellers, shopGoods, discountReturned: valueTaken - lineRefunds, amountRefunds };
}

async function checkOrder(orderId: string, reference: string) {
  const expected = await expectedOf(orderId);
  const rows = await db().select().from(schema.sellerLedger).where(eq(schema.sellerLedger.orderId, orderId));
  if (expected.order.status !== 'delivered') {
    expect(rows, 'an order never delivered credits no one').toEqual([]);
    return;
  }
  let credits = 0n;
  let commission = 0n;
  for (const [sellerId, want] of expected.sellers) {
    const own = rows.filter((r) => r.sellerId === sellerId);
    const gross = own.reduce((s, r) => s + BigInt(r.grossKobo), 0n);
    const kept = own.reduce((s, r) => s + BigInt(r.commissionKobo), 0n);
    expect({ sellerId, gross, commission: kept }).toEqual({
      sellerId,
      gross: want.gross,
      commission: want.commission,
    });
    credits += own.reduce((s, r) => s + BigInt(r.amountKobo), 0n);
    commission += kept;
  }
  expect(rows.every((r) => expected.sellers.has(r.sellerId))).toBe(true);

  const [payment] = await db()
    .select()
    .from(schema.demoPayments)
    .where(eq(schema.demoPayments.reference, reference));
  const refunded = (
    await db().select().from(schema.demoRefunds).where(eq(schema.demoRefunds.reference, reference))
  ).reduce((s, r) => s + BigInt(r.amountKobo), 0n);
  const { order } = expected;
  // A free-delivery code records the fee it waived as its discount: the fee is 0 already.
  const goodsDiscount = order.discountType === 'free_delivery' ? 0n : BigInt(order.discountKobo);
  // seller credits + commission + the shop's own goods + delivery fees − discounts (less what refunded
  // lines took back of them) − refunds by amount (the shop's) = paid − refunded
  expect(
    credits +
      commission +
      expected.shopGoods +
      BigInt(order.deliveryFeeKobo) -
      (goodsDiscount - expected.discountReturned) -
      expected.amountRefunds,
  ).toBe(BigInt(payment!.amountKobo) - refunded);
  expect(expected.discountReturned >= 0n).toBe(true);

  // Posting again (a replayed webhook, a retried job) adds nothing.
  await db().transaction((tx) => postOrderLedger(tx, orderId));
  const again = await db().select().from(schema.sellerLedger).where(eq(schema.sellerLedger.orderId, orderId));
  expect(again.length).toBe(rows.length);
}

const refundStep = fc.record({
  kind: fc.constant('refund' as const),
  afterDelivery: fc.boolean(),
  byLine: fc.boolean(),
  quantity: fc.integer({ min: 1, max: 4 }),
  naira: fc.integer({ min: 1, max: 9_000 }),
  fails: fc.boolean(),
});
const claimStep = fc.record({
  kind: fc.constant('claim' as const),
  catfish: fc.integer({ min: 0, max: 3 }),
  smoked: fc.boolean(),
  approveLess: fc.boolean(),
});
const orderPlan = fc.record({
  quantity: fc.integer({ min: 1, max: 5 }),
  code: fc.constantFrom(null, 'FRESH10', 'FREEDELIVERY'),
  withSmoked: fc.boolean(),
  // Which farm the buyer chooses (one of the three sellers), or 3: none, the shop's own.
  source: fc.integer({ min: 0, max: 3 }),
  // Refunds before and after delivery, and claims after it, in the order drawn (as many steps as when
  // there were refunds only: the run time stays about the same).
  steps: fc.array(fc.oneof(refundStep, claimStep), { maxLength: 3 }),
});

const shopPlan = fc.record({
  kg: fc.integer({ min: 5, max: 8 }),
  sellerDaysAgo: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }),
  shopDaysAgo: fc.integer({ min: 0, max: 3 }),
  orders: fc.array(orderPlan, { minLength: 1, maxLength: 3 }),
});
type Plan = typeof shopPlan extends fc.Arbitrary<infer T> ? T : never;

/** One plan always drawn (fast-check runs it first): a refund by line, then two claims, one approved in part. */
const withClaims: Plan = {
  kg: 6,
  sellerDaysAgo: [1, 0, 2],
  shopDaysAgo: 1,
  orders: [
    {
      quantity: 4,
      code: 'FRESH10',
      withSmoked: true,
      source: 0,
      steps: [
        { kind: 'refund', afterDelivery: true, byLine: true, quantity: 1, naira: 1, fails: false },
        { kind: 'claim', catfish: 2, smoked: true, approveLess: true },
        { kind: 'claim', catfish: 1, smoked: false, approveLess: false },
      ],
    },
  ],
};

describe("each seller's ledger", () => {
  it('over random orders, refunds, claims and failures: every seller gets the oracle, every order the identity', async () => {
    await fc.assert(
      fc.asyncProperty(shopPlan, async (plan) => {
        await stockUp(plan.kg, plan.sellerDaysAgo, plan.shopDaysAgo);
        for (const step of plan.orders) {
          const placed = await placePaid(step.quantity, step.code, step.withSmoked, step.source);
          for (const r of step.steps)
            if (r.kind === 'refund' && !r.afterDelivery)
              await refund(placed.orderId, placed.reference, placed.catfishLine, r);
          await deliver(placed.orderId);
          for (const r of step.steps)
            if (r.kind === 'claim') await claim(placed, r);
            else if (r.afterDelivery) await refund(placed.orderId, placed.reference, placed.catfishLine, r);
          await checkOrder(placed.orderId, placed.reference);
        }
      }),
      // The plan with claims, then seven drawn: eight in all, as before.
      { numRuns: 8, examples: [[withClaims]] },
    );
    // At least one of the fixed plan's claims was approved (a refused one proves only that nothing moved).
    expect(claimsApproved).toBeGreaterThan(0);
    // Eight random shops' worth of orders: about 35 s alone, twice that beside the other engine's run.
  }, 240_000);

  it('an approved freshness claim on a seller’s line takes it back; the sale waits for the claim window', async () => {
    // Fresh stock of each; the buyer chooses Ada's.
    await db()
      .update(schema.stockBatches)
      .set({ quantityLeft: 0 })
      .where(eq(schema.stockBatches.productId, catfishId));
    await db()
      .update(schema.products)
      .set({ stockOnHand: 0, stockHeld: 0 })
      .where(eq(schema.products.id, catfishId));
    await stockUp(10, [1, 1, 1], 0);
    const [ada] = [...commissions.keys()];
    const before = await sellerBalance(db(), ada!);
    const placed = await placePaid(2, null, false);
    await deliver(placed.orderId);
    const sold = await sellerBalance(db(), ada!);
    // 2 kg at Ada's ₦3,000 a kg, less her 10 %: ₦5,400, waiting for the 6-hour window of fresh fish.
    expect(sold.waitingKobo - before.waitingKobo).toBe(540_000);
    expect(sold.payableKobo).toBe(before.payableKobo);
    expect(await sellerBalance(db(), ada!, new Date(Date.now() + 7 * 3600_000))).toMatchObject({
      payableKobo: before.payableKobo + before.waitingKobo + 540_000,
    });

    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    await fileClaim(
      { ...server.services.checkout, storage: server.services.storage },
      placed.shopperId,
      placed.orderId,
      { lines: [{ itemId: placed.catfishLine, quantity: 1 }], description: 'It smelt off', photo },
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
      note: null,
    });
    const after = await sellerBalance(db(), ada!);
    expect(after.waitingKobo - before.waitingKobo).toBe(270_000);
    const rows = await db()
      .select()
      .from(schema.sellerLedger)
      .where(eq(schema.sellerLedger.orderId, placed.orderId));
    expect(rows.map((r) => [r.kind, r.grossKobo, r.commissionKobo, r.amountKobo])).toEqual([
      ['sale', 600_000, 60_000, 540_000],
      ['refund', -300_000, -30_000, -270_000],
    ]);
    await checkOrder(placed.orderId, placed.reference);
  });

  it('without Paystack keys, a payout run a week on pays every payable balance through the demo provider', async () => {
    const weekOn = new Date(Date.now() + 8 * 24 * 3_600_000);
    const owed = new Map<number, number>();
    for (const sellerId of commissions.keys())
      owed.set(sellerId, (await sellerBalance(db(), sellerId, weekOn)).payableKobo);
    expect(
      [...owed.values()].some((kobo) => kobo > 0),
      'someone is owed',
    ).toBe(true);
    await runPayouts({ ...server.services.payouts, now: () => weekOn });
    for (const [sellerId, kobo] of owed) {
      const payouts = await db()
        .select()
        .from(schema.sellerPayouts)
        .where(eq(schema.sellerPayouts.sellerId, sellerId));
      if (kobo <= 0) {
        expect(payouts, 'nothing positive is paid').toEqual([]);
        continue;
      }
      expect(payouts).toMatchObject([{ amountKobo: kobo, status: 'success' }]);
      const [recorded] = await db()
        .select()
        .from(schema.demoTransfers)
        .where(eq(schema.demoTransfers.reference, payouts[0]!.reference));
      expect(recorded).toMatchObject({ amountKobo: kobo, recipientCode: payouts[0]!.recipientCode });
      expect(await sellerBalance(db(), sellerId, weekOn)).toMatchObject({ payableKobo: 0, paidKobo: kobo });
    }
  });
});
