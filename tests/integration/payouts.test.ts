import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePayment } from '#core/checkout/settle';
import { createFarm } from '#core/farm/farms';
import { fileClaim } from '#core/orders/claims';
import { updateOrderStatus } from '#core/orders/management';
import { formatNaira } from '#core/money';
import { PaystackProvider } from '#core/payments/paystack';
import { adminActor, type AdminActor } from '#core/roles';
import { sellerBalance } from '#core/sellers/ledger';
import { PAYOUT_MESSAGES } from '#core/sellers/payout-rules';
import {
  latestPayouts,
  owedToWhom,
  payOneSeller,
  reconcilePayouts,
  runPayouts,
  sendDuePayouts,
  startPayoutRun,
  type PayoutDeps,
} from '#core/sellers/payouts';
import { applyToSell, approveSeller, changeBankAccount, suspendSeller } from '#core/sellers/service';
import { setStockCounting } from '#core/stock/batches';
import { embeddedDataDir, openPglite } from '#db/client';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD, SHOPPER_PASSWORD } from '../support/constants';
import {
  createCheckoutShopper,
  createUser,
  placeCatfishOrder,
  receivedHarvest,
  productNamed,
  signedInClient,
} from '../support/factories';
import { copyToDataDir } from '../support/database';
import { HttpClient } from '../support/http-client';
import { startPaystackShop } from '../support/paystack-shop';
import type { PaystackStandIn } from '../support/paystack-stand-in';
import type { TestServer } from '../support/test-server';

/*
 * Issue 51 §5 against the Paystack stand-in: a seller's money is paid once its claim window has closed,
 * by one transfer with our reference whatever runs, retries, lost answers and webhooks do; a failed or
 * reversed transfer is owed again with its reason; nobody who may not be paid is paid.
 */

let stand: PaystackStandIn;
let server: TestServer;
let shop: Awaited<ReturnType<typeof startPaystackShop>>;
let admin: AdminActor;
let catfishId: number;
const HOUR = 3_600_000;
/** Seven hours on: the fresh-fish claim window (6 h) of an order delivered now has closed. */
const later = () => new Date(Date.now() + 7 * HOUR);

const db = () => server.database.db;
const sellerDeps = () => ({ db: db(), banks: server.services.payments, jobs: server.services.jobs });
/** The shop's payout deps, with the clock moved on and Paystack asked with a short patience. */
const deps = (overrides: Partial<PayoutDeps> = {}): PayoutDeps => ({
  ...server.services.payouts,
  transfers: new PaystackProvider({
    secretKey: stand.secretKey,
    publicKey: 'pk_test_standin',
    baseUrl: stand.url,
    timeoutMs: 1_000,
  }),
  now: later,
  ...overrides,
});

beforeAll(async () => {
  shop = await startPaystackShop();
  ({ stand, server } = shop);
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
  const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
  catfishId = catfish.id;
  await setStockCounting(db(), admin, catfish.id, 'kg');
});
afterAll(() => shop.close());

let accounts = 0;
/**
 * An approved seller (10% commission) whose `kg` of catfish were bought in one order, paid through the
 * stand-in and delivered now: owed the line less commission once the window closes.
 */
async function sellerWithSale(kg = 2) {
  accounts += 1;
  const accountNumber = String(4_000_000_000 + accounts);
  const person = await createUser(server.services, { name: `Farmer ${accounts}` });
  const farm = await createFarm(db(), person.id, {
    name: `Farm ${accounts}`,
    state: 'Rivers',
    town: 'Bonny',
  });
  stand.accounts.set(`058:${accountNumber}`, `FARMER ${accounts}`);
  const seller = await applyToSell(sellerDeps(), person.id, {
    farmId: farm.id,
    businessName: `Fish ${accounts}`,
    phone: '0803 555 0101',
    bankCode: '058',
    accountNumber,
  });
  await approveSeller(sellerDeps(), admin, seller.id, '10');
  const batchId = await receivedHarvest(db(), admin, person.id, {
    productId: catfishId,
    kg,
    naira: 3000,
    daysAgo: 1,
  });
  // The buyer chooses this farm's batch: the order draws all of it.
  const shopper = await createCheckoutShopper(server.services);
  const placed = await placeCatfishOrder(server.services, shopper.id, {
    quantity: kg,
    batchId,
  });
  await stand.complete(placed.reference, 'success', { webhook: false });
  expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
  for (const status of ['processing', 'shipped', 'delivered'] as const)
    await updateOrderStatus(server.services.checkout, admin, placed.orderId, status);
  const owed = (await sellerBalance(db(), seller.id, later())).payableKobo;
  expect(owed).toBeGreaterThan(0);
  return { seller, person, owed, accountNumber, order: { orderId: placed.orderId, shopperId: shopper.id } };
}

const payoutsOf = (sellerId: number) =>
  db().select().from(schema.sellerPayouts).where(eq(schema.sellerPayouts.sellerId, sellerId));
/** What the stand-in actually moved to a seller's recipient. */
const transferredTo = (recipient: string) =>
  [...stand.transfers.values()].filter((t) => t.recipient === recipient && t.status !== 'failed');
const recipientOf = async (sellerId: number) =>
  (await db().select().from(schema.sellers).where(eq(schema.sellers.id, sellerId)))[0]!.recipientCode!;

function resetStand() {
  stand.answerAfterMs = 0;
  stand.failTransfersWith = null;
  stand.loseTransferAnswers = 0;
  stand.transferAnswerAfterMs = 0;
  stand.transferStatus = 'pending';
  stand.balance = 1e12;
}

describe('payouts by Paystack Transfer, exactly once (issue 51 §5)', () => {
  it('pays nothing while the claim window is open, then the payable balance once, settled by the webhook', async () => {
    resetStand();
    const { seller, owed, person, accountNumber } = await sellerWithSale(2);
    // Delivered just now: the window is open.
    const early = await runPayouts(deps({ now: () => new Date() }));
    expect((await payoutsOf(seller.id)).length).toBe(0);
    expect(early.payouts).toBe(0);

    await runPayouts(deps());
    const [payout] = await payoutsOf(seller.id);
    expect(payout).toMatchObject({ amountKobo: owed, status: 'pending', attempts: 1 });
    expect(payout!.reference).toMatch(/^fc-payout-[0-9a-f-]{36}$/);
    const body = stand.transferBodies.find((b) => b.reference === payout!.reference)!;
    expect(body).toMatchObject({
      source: 'balance',
      amount: owed,
      recipient: await recipientOf(seller.id),
      currency: 'NGN',
    });
    expect(await sellerBalance(db(), seller.id, later())).toMatchObject({ payableKobo: 0, paidKobo: owed });

    // A second run, and the webhook twice: one payout, settled once.
    await runPayouts(deps());
    expect(await stand.finishTransfer(payout!.reference, 'success')).toBe(200);
    expect(await stand.finishTransfer(payout!.reference, 'success')).toBe(200);
    expect(await payoutsOf(seller.id)).toMatchObject([{ status: 'success' }]);
    expect(transferredTo(await recipientOf(seller.id))).toHaveLength(1);
    // The seller is told once, by e-mail, where the money went.
    await server.jobsDone();
    const told = server.mailer.sent.filter(
      (m) => m.to === person.email && /paid to your bank account/.test(m.subject),
    );
    expect(told.map((m) => m.subject)).toEqual([
      `FreshCatch: ${formatNaira(owed)} paid to your bank account`,
    ]);
    expect(told[0]!.text).toContain(
      `was sent to Guaranty Trust Bank, account ending ${accountNumber.slice(-4)}.`,
    );
  });

  it('ten runs at once pay each seller once', async () => {
    resetStand();
    stand.answerAfterMs = 50;
    const made = [await sellerWithSale(1), await sellerWithSale(2), await sellerWithSale(1)];
    await Promise.all(Array.from({ length: 10 }, () => runPayouts(deps())));
    for (const { seller, owed } of made) {
      const rows = await payoutsOf(seller.id);
      expect(rows).toMatchObject([{ amountKobo: owed, status: 'pending' }]);
      const moved = transferredTo(await recipientOf(seller.id));
      expect(moved.map((t) => t.amount)).toEqual([owed]);
    }
  });

  it('a lost answer, a 500 and a late answer: retried with the same reference, one transfer', async () => {
    resetStand();
    const lost = await sellerWithSale(1);
    stand.loseTransferAnswers = 1; // made at Paystack, answered 500
    await runPayouts(deps());
    // The quick second try asks first, finds it, and sends nothing again.
    expect(await payoutsOf(lost.seller.id)).toMatchObject([{ status: 'pending', attempts: 1, reason: null }]);
    const [first] = await payoutsOf(lost.seller.id);
    expect(stand.transferBodies.filter((b) => b.reference === first!.reference)).toHaveLength(1);

    // A 500 that made nothing (twice: the try and its quick second try), then, 3 minutes on, an answer too
    // late for our patience of a transfer that was made: its quick second try asks, and records it.
    const down = await sellerWithSale(1);
    stand.failTransfersWith = 500;
    await runPayouts(deps());
    stand.failTransfersWith = null;
    const [queued] = await payoutsOf(down.seller.id);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued!.reason).toMatch(/^Paystack did not answer; it is asked again at /);
    stand.transferAnswerAfterMs = 1_500;
    await sendDuePayouts(deps({ now: () => new Date(later().getTime() + 3 * 60_000) }));
    stand.transferAnswerAfterMs = 0;
    expect(await payoutsOf(down.seller.id)).toMatchObject([{ status: 'pending', attempts: 2, reason: null }]);
    expect(transferredTo(await recipientOf(down.seller.id)).map((t) => t.amount)).toEqual([down.owed]);

    // The same reference sent again is refused by Paystack as a duplicate: never a second transfer.
    const again = await deps().transfers.transfer({
      reference: queued!.reference,
      amountKobo: down.owed,
      recipientCode: await recipientOf(down.seller.id),
      reason: 'again',
    });
    expect(again).toEqual({ status: 'duplicate' });
    expect(transferredTo(await recipientOf(down.seller.id))).toHaveLength(1);
  });

  it('insufficient balance: failed with the reason, owed again, paid by the next run', async () => {
    resetStand();
    const { seller, owed } = await sellerWithSale(1);
    stand.balance = owed - 1;
    await runPayouts(deps());
    const [failed] = await payoutsOf(seller.id);
    expect(failed).toMatchObject({
      status: 'failed',
      reason: 'Your balance is not enough to fulfil this request',
    });
    expect(await sellerBalance(db(), seller.id, later())).toMatchObject({ payableKobo: owed, paidKobo: 0 });
    const owner = (await owedToWhom(db(), later())).find((row) => row.sellerId === seller.id);
    expect(owner).toMatchObject({ payableKobo: owed, paidKobo: 0 });
    const latest = await latestPayouts(db(), { sellerId: seller.id });
    expect(latest[0]).toMatchObject({ status: 'failed', reason: failed!.reason });

    stand.balance = 1e12;
    await runPayouts(deps());
    const rows = await payoutsOf(seller.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'pending']);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(2);
  });

  it('OTP still on: the payout waits with the reason, no second payout, settled when Paystack says so', async () => {
    resetStand();
    stand.transferStatus = 'otp';
    const { seller } = await sellerWithSale(1);
    await runPayouts(deps());
    const [waiting] = await payoutsOf(seller.id);
    expect(waiting).toMatchObject({ status: 'otp', reason: PAYOUT_MESSAGES.otp });
    await runPayouts(deps());
    expect(await payoutsOf(seller.id)).toHaveLength(1);
    // Finished in Paystack's dashboard and the webhook lost: asking after half an hour settles it.
    stand.transfers.get(waiting!.reference)!.status = 'success';
    await reconcilePayouts(deps({ now: () => new Date(later().getTime() + 31 * 60_000) }));
    expect(await payoutsOf(seller.id)).toMatchObject([{ status: 'success', reason: null }]);
  });

  it('a failed or a reversed transfer is owed again once; a forged webhook is refused and moves nothing', async () => {
    resetStand();
    const failing = await sellerWithSale(1);
    const reversing = await sellerWithSale(1);
    await runPayouts(deps());
    const [f] = await payoutsOf(failing.seller.id);
    const [r] = await payoutsOf(reversing.seller.id);
    expect(await stand.finishTransfer(f!.reference, 'failed', { badSignature: true })).toBe(401);
    expect((await payoutsOf(failing.seller.id))[0]!.status).toBe('pending');

    expect(await stand.finishTransfer(f!.reference, 'failed')).toBe(200);
    expect(await stand.finishTransfer(f!.reference, 'failed')).toBe(200);
    expect(await stand.finishTransfer(r!.reference, 'success')).toBe(200);
    expect(await stand.finishTransfer(r!.reference, 'reversed')).toBe(200);
    expect(await stand.finishTransfer(r!.reference, 'reversed')).toBe(200);
    expect(await payoutsOf(failing.seller.id)).toMatchObject([
      { status: 'failed', reason: 'Bank declined the transfer' },
    ]);
    expect(await payoutsOf(reversing.seller.id)).toMatchObject([{ status: 'reversed' }]);
    for (const { seller, owed } of [failing, reversing]) {
      expect(await sellerBalance(db(), seller.id, later())).toMatchObject({ payableKobo: owed, paidKobo: 0 });
      const returned = await db()
        .select()
        .from(schema.sellerLedger)
        .where(
          and(eq(schema.sellerLedger.sellerId, seller.id), eq(schema.sellerLedger.kind, 'payout_returned')),
        );
      expect(returned.map((row) => row.amountKobo)).toEqual([owed]);
    }
    await server.jobsDone();
    const back = server.mailer.sent.filter((m) => m.to === failing.person.email);
    expect(back.map((m) => m.subject)).toEqual([
      `FreshCatch: your payout of ${formatNaira(failing.owed)} came back`,
    ]);
    expect(back[0]!.text).toContain(': Bank declined the transfer');
  });

  it('pays no suspended seller, none held after a bank change, and refuses the owner with the reason', async () => {
    resetStand();
    const suspended = await sellerWithSale(1);
    const moved = await sellerWithSale(1);
    await suspendSeller(sellerDeps(), admin, suspended.seller.id, 'Short weight twice');
    stand.accounts.set('058:4999999999', 'FARMER MOVED');
    await changeBankAccount({ ...sellerDeps(), checkPassword: async () => true }, moved.person.id, {
      bankCode: '058',
      accountNumber: '4999999999',
      password: 'x',
      clientAddress: '127.0.0.1',
    });
    await runPayouts(deps());
    expect(await payoutsOf(suspended.seller.id)).toEqual([]);
    expect(await payoutsOf(moved.seller.id)).toEqual([]);

    const owner = deps({ checkPassword: async (_who, password) => password === ADMIN_PASSWORD });
    const form = { password: ADMIN_PASSWORD, clientAddress: '127.0.0.1' };
    await expect(payOneSeller(owner, admin, suspended.seller.id, form)).rejects.toThrow(
      PAYOUT_MESSAGES.suspended,
    );
    await expect(payOneSeller(owner, admin, moved.seller.id, form)).rejects.toThrow(
      /^Payouts to this seller are held until /,
    );
    await expect(payOneSeller(owner, admin, moved.seller.id, { ...form, password: 'wrong' })).rejects.toThrow(
      PAYOUT_MESSAGES.password,
    );
    expect(await payoutsOf(suspended.seller.id)).toEqual([]);
    expect(await payoutsOf(moved.seller.id)).toEqual([]);

    // 25 hours on the hold is over: paid to the new account.
    const dayAfter = deps({ now: () => new Date(Date.now() + 25 * HOUR) });
    await runPayouts(dayAfter);
    const [paid] = await payoutsOf(moved.seller.id);
    expect(paid!.recipientCode).toBe('RCP_0584999999999');
  });

  it('the owner pays one seller with their password: sent at once, one row in the activity log; a refused pay-one writes none', async () => {
    resetStand();
    const { seller, owed } = await sellerWithSale(1);
    const payoutLog = () =>
      db()
        .select()
        .from(schema.adminActivity)
        .where(eq(schema.adminActivity.kind, 'payout'))
        .orderBy(schema.adminActivity.id);
    const logged = (await payoutLog()).length;
    const checkPassword: PayoutDeps['checkPassword'] = async (_who, password) => password === ADMIN_PASSWORD;
    const owner = deps({ checkPassword });
    const form = { password: ADMIN_PASSWORD, clientAddress: '127.0.0.1' };
    await expect(payOneSeller(owner, admin, seller.id, { ...form, password: 'wrong' })).rejects.toThrow(
      PAYOUT_MESSAGES.password,
    );
    // Delivered just now: its claim window is open, nothing is payable yet.
    await expect(
      payOneSeller(deps({ checkPassword, now: () => new Date() }), admin, seller.id, form),
    ).rejects.toThrow(PAYOUT_MESSAGES.nothingPayable);
    expect((await payoutLog()).length).toBe(logged);

    const paid = await payOneSeller(owner, admin, seller.id, form);
    expect(paid).toMatchObject({ amountKobo: owed, status: 'pending', attempts: 1 });
    expect(transferredTo(await recipientOf(seller.id)).map((t) => [t.reference, t.amount])).toEqual([
      [paid.reference, owed],
    ]);
    await expect(payOneSeller(owner, admin, seller.id, form)).rejects.toThrow(PAYOUT_MESSAGES.open);
    const entries = (await payoutLog()).slice(logged);
    expect(entries).toMatchObject([
      {
        adminId: admin.id,
        adminEmail: ADMIN_EMAIL,
        action: 'created',
        subjectId: String(paid.runId),
        subjectLabel: `Payout to ${seller.businessName}`,
        before: null,
        after: { runId: paid.runId, sellerId: seller.id, amountKobo: owed, reference: paid.reference },
      },
    ]);
  });

  it('a payout queued before the seller was suspended is not sent: waits while an earlier try may land, then is owed again', async () => {
    resetStand();
    const { seller, owed } = await sellerWithSale(1);
    stand.failTransfersWith = 503;
    await runPayouts(deps());
    stand.failTransfersWith = null;
    await suspendSeller(sellerDeps(), admin, seller.id, 'Investigating a claim');
    const sentBefore = stand.transferBodies.length;
    // Asked of Paystack already: it may yet land, so nothing is decided on our side for a day.
    await sendDuePayouts(deps({ now: () => new Date(later().getTime() + 3 * 60_000) }));
    const [waiting] = await payoutsOf(seller.id);
    expect(waiting!.status).toBe('queued');
    expect(waiting!.reason).toContain(PAYOUT_MESSAGES.cancelledSuspended);
    expect(waiting!.reason).toContain('An earlier try may still reach Paystack');
    // A day on, Paystack still has none: failed, owed again, and never sent again.
    const dayOn = new Date(later().getTime() + 25 * HOUR);
    await sendDuePayouts(deps({ now: () => dayOn }));
    expect(await payoutsOf(seller.id)).toMatchObject([
      { status: 'failed', reason: PAYOUT_MESSAGES.cancelledSuspended },
    ]);
    expect(stand.transferBodies.length).toBe(sentBefore);
    const minuteOn = new Date(dayOn.getTime() + 60_000);
    expect((await sellerBalance(db(), seller.id, minuteOn)).payableKobo).toBe(owed);
  });

  it('a sale under an open freshness claim waits for the decision', async () => {
    resetStand();
    const { seller, order, owed } = await sellerWithSale(1);
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const [line] = await db()
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, order.orderId));
    await fileClaim(
      { ...server.services.checkout, storage: server.services.storage },
      order.shopperId,
      order.orderId,
      { lines: [{ itemId: line!.id, quantity: 1 }], description: 'It smelt off', photo },
      (at) => at.toISOString(),
    );
    await runPayouts(deps());
    expect(await payoutsOf(seller.id)).toEqual([]);
    // Every reader says the same: waiting, not payable (the seller's balance, the owner's screen).
    expect(await sellerBalance(db(), seller.id, later())).toMatchObject({
      payableKobo: 0,
      waitingKobo: owed,
    });
    const row = (await owedToWhom(db(), later())).find((r) => r.sellerId === seller.id);
    expect(row).toMatchObject({ payableKobo: 0, waitingKobo: owed, standing: 'Approved' });
  });

  it('the owner starts a run with their password: audited, run by the job queue', async () => {
    resetStand();
    const owner = deps({ checkPassword: async (_who, password) => password === ADMIN_PASSWORD });
    await expect(
      startPayoutRun(owner, admin, { password: 'nope', clientAddress: '127.0.0.1' }),
    ).rejects.toThrow(PAYOUT_MESSAGES.password);
    const { runId } = await startPayoutRun(owner, admin, {
      password: ADMIN_PASSWORD,
      clientAddress: '127.0.0.1',
    });
    const audit = await db()
      .select()
      .from(schema.adminActivity)
      .where(and(eq(schema.adminActivity.kind, 'payout'), eq(schema.adminActivity.subjectId, String(runId))));
    expect(audit).toMatchObject([{ action: 'created', subjectLabel: `Payout run ${runId}` }]);
  });
});

describe('/admin/payouts (issue 51 §5, §7)', () => {
  const text = async (response: Response) =>
    (await response.text()).replace(/&#x27;|&#39;/g, "'").replace(/<!-- -->/g, '');
  const runCount = async () => (await db().select().from(schema.payoutRuns)).length;

  it('shows what is owed to whom; pays only with the password again; refuses a suspended seller with the reason', async () => {
    resetStand();
    const { seller } = await sellerWithSale(1);
    const owner = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const page = await text(await owner.get('/admin/payouts'));
    expect(page).toContain('Owed to whom');
    expect(page).toContain(seller.businessName);

    const before = await runCount();
    const refused = await owner.postForm('/admin/payouts', {
      intent: 'pay',
      sellerId: 'all',
      password: 'wrong',
    });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain(PAYOUT_MESSAGES.password);
    expect(await runCount()).toBe(before);

    const started = await owner.postForm('/admin/payouts', {
      intent: 'pay',
      sellerId: 'all',
      password: ADMIN_PASSWORD,
    });
    expect(started.status).toBe(200);
    expect(await runCount()).toBe(before + 1);

    await suspendSeller(sellerDeps(), admin, seller.id, 'Short weight');
    const suspended = await owner.postForm('/admin/payouts', {
      intent: 'pay',
      sellerId: String(seller.id),
      password: ADMIN_PASSWORD,
    });
    expect(suspended.status).toBe(409);
    expect(await text(suspended)).toContain(PAYOUT_MESSAGES.suspended);
    expect(await runCount()).toBe(before + 1);

    for (const sellerId of ['99999999999', '0', 'x'])
      expect(
        (await owner.postForm('/admin/payouts', { intent: 'pay', sellerId, password: ADMIN_PASSWORD }))
          .status,
        `seller id ${sellerId}`,
      ).toBe(404);
    expect(await runCount()).toBe(before + 1);

    const shopper = await createCheckoutShopper(server.services);
    const stranger = await signedInClient(server, shopper.email, SHOPPER_PASSWORD);
    expect((await stranger.postForm('/admin/payouts', { intent: 'pay', password: 'x' })).status).toBe(403);
  });
});

describe("the seller's statement (issue 51 §6)", () => {
  const text = async (response: Response) =>
    (await response.text()).replace(/&#x27;|&#39;/g, "'").replace(/<!-- -->/g, '');

  it('says what is waiting and what was paid, line by line with its origin, as a page and a CSV; only theirs', async () => {
    resetStand();
    const mine = await sellerWithSale(2);
    const other = await sellerWithSale(1);
    const client = await signedInClient(server, mine.person.email, SHOPPER_PASSWORD);
    const before = await text(await client.get('/seller/statement'));
    expect(before).toContain('Waiting for the claim window');
    expect(before).toContain(formatNaira(mine.owed));
    expect(before).toContain('Payable from');
    expect(before).toContain('No payout yet.');

    await runPayouts(deps());
    const [payout] = await payoutsOf(mine.seller.id);
    const [theirs] = await payoutsOf(other.seller.id);
    const after = await text(await client.get('/seller/statement'));
    expect(after).toMatch(
      new RegExp(`Paid</dt><dd[^>]*>${formatNaira(mine.owed).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<`),
    );
    expect(after).toContain(`${formatNaira(mine.owed)} · With Paystack`);
    expect(after).toContain('Sale: ');
    expect(after).toContain(`Sent to your bank: ${formatNaira(mine.owed)}`);
    expect(after).toContain('less 10%');
    // The run's clock is a week on, the page's is today: the sale still reads as payable from its day,
    // the money sent never does.
    const payableFrom = (page: string) => page.split('Payable from').length - 1;
    expect(payableFrom(before)).toBeGreaterThan(0);
    expect(payableFrom(after)).toBe(payableFrom(before));

    const csv = await client.get('/seller/statement.csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const body = await csv.text();
    expect(body).toContain(`Paid (NGN),${(mine.owed / 100).toFixed(2)}`);
    expect(body).toContain(`Sent to your bank,,,,,,,,-${(mine.owed / 100).toFixed(2)}`);
    expect(body).toContain(payout!.reference);
    expect(body).toContain('Live Catfish (Table Size)');
    expect(body).not.toContain(theirs!.reference);

    const guest = await new HttpClient(server.url).get('/seller/statement.csv');
    expect(guest.status).toBe(302);
    const shopper = await createCheckoutShopper(server.services);
    const stranger = await signedInClient(server, shopper.email, SHOPPER_PASSWORD);
    expect((await stranger.get('/seller/statement')).status).toBe(403);
  });
});

describe('a payout run killed with SIGKILL mid-run, on either engine', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    // A test that failed before it killed its run, or while the restart ran: nothing left running.
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  /**
   * tests/support/payout-run-child.ts in a process of its own, with `env` over this one's: what it has
   * written so far, and its end (its exit code, or the signal that ended it).
   */
  function payoutRunChild(env: Record<string, string | undefined>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/payout-run-child.ts'], {
      env: { ...process.env, STAND_URL: stand.url, STAND_KEY: stand.secretKey, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // 'close': it has exited and all it wrote has been read.
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    return { child, output: () => output, ended };
  }

  it('after the restart, in a fresh process, every seller is paid exactly once', async () => {
    resetStand();
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await sellerWithSale(1));
    const ids = made.map((m) => m.seller.id);
    // PostgreSQL: every process opens the test's database. PGlite is one process's database: a copy of
    // the test's on disk, in DATA_DIR/pglite as the shop keeps it, opened by the run, then (its lock
    // left by a dead process) by the restart, then by this test once the restart has closed it.
    const dir = mkdtempSync(path.join(tmpdir(), 'freshcatch-payout-kill-'));
    const pglite = shop.database.engine === 'pglite';
    if (pglite) await copyToDataDir(shop.database, embeddedDataDir(dir));
    const where = pglite
      ? { DATABASE_URL: undefined, DATA_DIR: dir }
      : { DATABASE_URL: shop.database.url, DATA_DIR: undefined };
    try {
      stand.answerAfterMs = 300;
      const before = stand.transferBodies.length;
      const run = payoutRunChild({ ...where, NOW_MS: String(later().getTime()) });
      const deadline = Date.now() + 60_000;
      // Two transfers asked and made at the stand-in (each answered 300 ms after it was asked): killed
      // with money on the wire, the answers maybe not yet written down.
      while (stand.transferBodies.length < before + 2) {
        if (run.child.exitCode !== null || Date.now() > deadline)
          throw new Error(`the run ended first:\n${run.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      run.child.kill('SIGKILL');
      expect(await run.ended).toEqual({ code: null, signal: 'SIGKILL' });
      expect(run.output()).not.toContain('done');

      // The restart: a fresh process, the next run (and its sending of what is due) an hour on.
      stand.answerAfterMs = 0;
      const restart = payoutRunChild({
        ...where,
        NOW_MS: String(later().getTime() + HOUR),
        FINISH: '1',
        SELLER_IDS: ids.join(','),
      });
      const ended = await restart.ended;
      expect(ended, restart.output()).toEqual({ code: 0, signal: null });
      const found = JSON.parse(restart.output().match(/^found (.*)$/m)![1]!) as {
        sellerId: number;
        status: string;
        reference: string;
      }[];
      // What the killed run committed is there: one payout of each seller, some left on their way.
      expect(found.map((p) => p.sellerId).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      expect(
        found.some((p) => p.status === 'queued'),
        'some payouts were left on their way',
      ).toBe(true);
      expect(restart.output()).toContain('done');

      const reader = pglite ? await openPglite({ dataDir: embeddedDataDir(dir) }) : null;
      try {
        const readDb = reader?.db ?? db();
        for (const { seller, owed } of made) {
          const rows = await readDb
            .select()
            .from(schema.sellerPayouts)
            .where(eq(schema.sellerPayouts.sellerId, seller.id));
          expect(rows.map((r) => [r.amountKobo, r.status])).toEqual([[owed, 'pending']]);
          // The payout the killed run made is the one paid, under its reference: one transfer at the
          // stand-in, and every transfer asked for this seller carried that reference.
          expect(rows[0]!.reference).toBe(found.find((p) => p.sellerId === seller.id)!.reference);
          const recipient = await recipientOf(seller.id);
          expect(transferredTo(recipient).map((t) => [t.reference, t.amount])).toEqual([
            [rows[0]!.reference, owed],
          ]);
          expect(
            new Set(stand.transferBodies.filter((b) => b.recipient === recipient).map((b) => b.reference)),
          ).toEqual(new Set([rows[0]!.reference]));
          expect(
            (await sellerBalance(readDb, seller.id, new Date(later().getTime() + 2 * HOUR))).payableKobo,
          ).toBe(0);
        }
      } finally {
        await reader?.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two processes start, each a Node with tsx (on PGlite each starts the engine, and this test's reader
    // once more): more than the usual minute on a loaded machine.
  }, 180_000);
});
