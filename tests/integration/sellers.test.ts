import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordMatches } from '#core/accounts/passwords';
import { createFarm } from '#core/farm/farms';
import { chooseContact } from '#core/messages/consent';
import { TEMPLATE_BODIES } from '#core/messages/templates';
import { adminActor, type AdminActor } from '#core/roles';
import { SELLER_MESSAGES } from '#core/sellers/rules';
import {
  applyToSell,
  approveSeller,
  changeBankAccount,
  checkBankAccount,
  declineSeller,
  defaultCommission,
  setDefaultCommission,
  setSellerCommission,
  suspendSeller,
  type SellerDeps,
} from '#core/sellers/service';
import { queryRows } from '#db/client';
import * as schema from '#db/schema';
import { ADMIN_EMAIL } from '../support/constants';
import { createUser } from '../support/factories';
import { startPaystackShop } from '../support/paystack-shop';
import type { PaystackStandIn } from '../support/paystack-stand-in';
import { refusal } from '../support/refusal';
import type { TestServer } from '../support/test-server';

/*
 * Issue 51 §1 against the Paystack stand-in: a farm's owner applies with a resolved account, the
 * owner of the shop approves (one transfer recipient), declines with a reason, suspends; a bank change
 * needs the password and holds payouts 24 hours. Bad input: the field's message, nothing changed.
 */

let stand: PaystackStandIn;
let server: TestServer;
let shop: Awaited<ReturnType<typeof startPaystackShop>>;
let admin: AdminActor;
beforeAll(async () => {
  shop = await startPaystackShop();
  ({ stand, server } = shop);
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
});
afterAll(() => shop.close());

const db = () => server.database.db;
const deps = (): SellerDeps => ({ db: db(), banks: server.services.payments, jobs: server.services.jobs });
const sellerCount = async () => (await db().select().from(schema.sellers)).length;

/** A farmer with a farm; their account at GTBank resolves to `name`. */
async function farmer(accountNumber: string, name = 'ADAEZE OKAFOR FARMS') {
  const person = await createUser(server.services, { name: 'Adaeze Okafor' });
  const farm = await createFarm(db(), person.id, {
    name: 'Okafor Fish Farm',
    state: 'Rivers',
    town: 'Obio-Akpor',
  });
  stand.accounts.set(`058:${accountNumber}`, name);
  return { ...person, farmId: farm.id };
}

const form = (f: { farmId: number }, accountNumber: string, bankCode = '058') => ({
  farmId: f.farmId,
  businessName: 'Okafor Fish Farm',
  phone: '0803 123 4567',
  bankCode,
  accountNumber,
});

describe('a farmer applies to sell (issue 51 §1)', () => {
  it('shows the name Paystack resolved, and keeps it with the bank from the list', async () => {
    const f = await farmer('1000000001');
    expect(
      await checkBankAccount(server.services.payments, { bankCode: '058', accountNumber: '100 000 0001' }),
    ).toMatchObject({
      bank: { code: '058', name: 'Guaranty Trust Bank' },
      accountName: 'ADAEZE OKAFOR FARMS',
    });
    const seller = await applyToSell(deps(), f.id, form(f, '1000000001'));
    expect(seller).toMatchObject({
      status: 'applied',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '1000000001',
      accountName: 'ADAEZE OKAFOR FARMS',
      phone: '+2348031234567',
      recipientCode: null,
    });
  });

  it('refuses an unresolved number, a bank not in the list, a second active application and another farm, changing nothing', async () => {
    const f = await farmer('1000000002');
    const before = await sellerCount();
    expect((await refusal(applyToSell(deps(), f.id, form(f, '1999999999')))).fieldErrors).toEqual({
      accountNumber: [SELLER_MESSAGES.unresolved],
    });
    expect((await refusal(applyToSell(deps(), f.id, form(f, '1000000002', '123')))).fieldErrors).toEqual({
      bankCode: [SELLER_MESSAGES.bankNotListed],
    });
    // Paystack lists a closed bank as inactive: not one to choose.
    expect((await refusal(applyToSell(deps(), f.id, form(f, '1000000002', '999')))).fieldErrors).toEqual({
      bankCode: [SELLER_MESSAGES.bankNotListed],
    });
    const other = await farmer('1000000003');
    expect((await refusal(applyToSell(deps(), f.id, form(other, '1000000002')))).fieldErrors).toEqual({
      farmId: [SELLER_MESSAGES.notYourFarm],
    });
    expect(await sellerCount()).toBe(before);
    await applyToSell(deps(), f.id, form(f, '1000000002'));
    expect((await refusal(applyToSell(deps(), f.id, form(f, '1000000002')))).fieldErrors).toEqual({
      businessName: [SELLER_MESSAGES.secondApplication],
    });
    expect(await sellerCount()).toBe(before + 1);
  });
});

describe('the owner reviews sellers', () => {
  it('approves with the default commission and keeps one transfer recipient, even when approve is posted twice', async () => {
    const f = await farmer('1000000004');
    const seller = await applyToSell(deps(), f.id, form(f, '1000000004'));
    await setDefaultCommission(db(), admin, '12');
    const sent = () => stand.recipientBodies.filter((b) => b.account_number === '1000000004');
    const results = await Promise.allSettled([
      approveSeller(deps(), admin, seller.id),
      approveSeller(deps(), admin, seller.id),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    // Paystack is asked before the row is locked, so both may ask: for the same account number it answers
    // with the recipient it has (its documented rule, as the stand-in does), and no money moves.
    expect(sent().length).toBeGreaterThanOrEqual(1);
    for (const body of sent())
      expect(body).toEqual({
        type: 'nuban',
        name: 'ADAEZE OKAFOR FARMS',
        account_number: '1000000004',
        bank_code: '058',
        currency: 'NGN',
      });
    const [row] = await db().select().from(schema.sellers).where(eq(schema.sellers.id, seller.id));
    expect(row).toMatchObject({
      status: 'approved',
      commissionPercent: 12,
      recipientCode: 'RCP_0581000000004',
    });
    const logged = await db()
      .select()
      .from(schema.adminActivity)
      .where(eq(schema.adminActivity.kind, 'seller'));
    expect(logged.filter((e) => e.subjectId === String(seller.id)).map((e) => e.action)).toEqual([
      'status_changed',
    ]);
  });

  it('changes nothing when Paystack refuses the recipient', async () => {
    const f = await farmer('1000000005');
    const seller = await applyToSell(deps(), f.id, form(f, '1000000005'));
    stand.accounts.delete('058:1000000005'); // the stand-in now refuses it
    const error = await refusal(approveSeller(deps(), admin, seller.id));
    expect(error.message).toBe(SELLER_MESSAGES.recipientFailed);
    const [row] = await db().select().from(schema.sellers).where(eq(schema.sellers.id, seller.id));
    expect(row).toMatchObject({ status: 'applied', recipientCode: null });
  });

  it('declines only with a reason, suspends with one, and keeps the commission within 0–100', async () => {
    const f = await farmer('1000000006');
    const seller = await applyToSell(deps(), f.id, form(f, '1000000006'));
    expect((await refusal(declineSeller(deps(), admin, seller.id, '  '))).fieldErrors).toEqual({
      reason: [SELLER_MESSAGES.declineReason],
    });
    expect((await refusal(approveSeller(deps(), admin, seller.id, '101'))).fieldErrors).toEqual({
      commissionPercent: [SELLER_MESSAGES.commission],
    });
    // An application's commission is the one it is approved with: a change before is refused.
    expect((await refusal(setSellerCommission(deps(), admin, seller.id, '15'))).message).toBe(
      SELLER_MESSAGES.commissionNotYet,
    );
    const approved = await approveSeller(deps(), admin, seller.id, '8');
    expect(approved.commissionPercent).toBe(8);
    for (const bad of ['-1', '101', '7.5'])
      expect((await refusal(setSellerCommission(deps(), admin, seller.id, bad))).fieldErrors).toEqual({
        commissionPercent: [SELLER_MESSAGES.commission],
      });
    expect((await setSellerCommission(deps(), admin, seller.id, '15')).commissionPercent).toBe(15);
    expect((await refusal(suspendSeller(deps(), admin, seller.id, ''))).fieldErrors).toEqual({
      reason: [SELLER_MESSAGES.suspendReason],
    });
    expect(await suspendSeller(deps(), admin, seller.id, 'Short weight twice')).toMatchObject({
      status: 'suspended',
      suspendReason: 'Short weight twice',
    });
    const g = await farmer('1000000007');
    const other = await applyToSell(deps(), g.id, form(g, '1000000007'));
    expect(await declineSeller(deps(), admin, other.id, 'No farm records yet')).toMatchObject({
      status: 'declined',
      declineReason: 'No farm records yet',
    });
    // Declined leaves room for a new application.
    await expect(applyToSell(deps(), g.id, form(g, '1000000007'))).resolves.toMatchObject({
      status: 'applied',
    });
  });
});

describe('the activity log of the owner’s seller actions (issue 51 §7)', () => {
  const logOf = (subjectId: string | number) =>
    db()
      .select()
      .from(schema.adminActivity)
      .where(
        and(eq(schema.adminActivity.kind, 'seller'), eq(schema.adminActivity.subjectId, String(subjectId))),
      )
      .orderBy(asc(schema.adminActivity.id));
  /** Who did it, as the log keeps it (read once the admin is known). */
  const by = () => ({ adminId: admin.id, adminEmail: ADMIN_EMAIL });

  it('records a decline, a suspension and a commission change with what they changed; a refused one records nothing', async () => {
    const f = await farmer('1000000011');
    const seller = await applyToSell(deps(), f.id, form(f, '1000000011'));
    await approveSeller(deps(), admin, seller.id, '8');
    await refusal(setSellerCommission(deps(), admin, seller.id, '101'));
    await setSellerCommission(deps(), admin, seller.id, '15');
    await refusal(suspendSeller(deps(), admin, seller.id, ' '));
    await suspendSeller(deps(), admin, seller.id, 'Short weight twice');
    const entries = await logOf(seller.id);
    expect(
      entries.map((e) => ({
        action: e.action,
        label: e.subjectLabel,
        adminId: e.adminId,
        adminEmail: e.adminEmail,
        before: { status: e.before?.status, commissionPercent: e.before?.commissionPercent },
        after: {
          status: e.after?.status,
          commissionPercent: e.after?.commissionPercent,
          suspendReason: e.after?.suspendReason,
        },
      })),
    ).toEqual([
      {
        action: 'status_changed',
        label: `Okafor Fish Farm (#${seller.id})`,
        ...by(),
        before: { status: 'applied', commissionPercent: null },
        after: { status: 'approved', commissionPercent: 8, suspendReason: null },
      },
      {
        action: 'updated',
        label: `Okafor Fish Farm (#${seller.id})`,
        ...by(),
        before: { status: undefined, commissionPercent: 8 },
        after: { status: undefined, commissionPercent: 15, suspendReason: undefined },
      },
      {
        action: 'status_changed',
        label: `Okafor Fish Farm (#${seller.id})`,
        ...by(),
        before: { status: 'approved', commissionPercent: 15 },
        after: { status: 'suspended', commissionPercent: 15, suspendReason: 'Short weight twice' },
      },
    ]);

    const g = await farmer('1000000012');
    const other = await applyToSell(deps(), g.id, form(g, '1000000012'));
    await refusal(declineSeller(deps(), admin, other.id, ''));
    await declineSeller(deps(), admin, other.id, 'No farm records yet');
    expect(
      (await logOf(other.id)).map((e) => [
        e.action,
        e.before?.status,
        e.after?.status,
        e.after?.declineReason,
      ]),
    ).toEqual([['status_changed', 'applied', 'declined', 'No farm records yet']]);
  });

  it('records the default commission’s change, from what it was; a refused one records nothing', async () => {
    const was = await defaultCommission(db());
    const percent = was === 11 ? 13 : 11;
    const logged = (await logOf('default-commission')).length;
    await refusal(setDefaultCommission(db(), admin, '-1'));
    expect((await logOf('default-commission')).length).toBe(logged);
    await setDefaultCommission(db(), admin, String(percent));
    expect((await logOf('default-commission')).slice(logged)).toMatchObject([
      {
        action: 'updated',
        subjectLabel: 'Default commission',
        ...by(),
        before: { commissionPercent: was },
        after: { commissionPercent: percent },
      },
    ]);
    await setDefaultCommission(db(), admin, String(was));
  });
});

describe("a seller's bank change", () => {
  it('is refused without the password, and with it holds payouts 24 hours and queues the e-mail', async () => {
    const f = await farmer('1000000008');
    const seller = await applyToSell(deps(), f.id, form(f, '1000000008'));
    await approveSeller(deps(), admin, seller.id);
    stand.accounts.set('058:2000000008', 'ADAEZE OKAFOR');
    const limit = { max: 100, windowSeconds: 60 };
    const who = { userId: f.id, clientAddress: '127.0.0.9' };
    // The shop's check: Better Auth's hash of the account's password, each try counted.
    expect(await passwordMatches(server.services.auth, db(), limit, who, 'not-the-password')).toBe(false);
    expect(await passwordMatches(server.services.auth, db(), limit, who, f.password)).toBe(true);
    const checking = { ...deps(), checkPassword: server.services.checkPassword };
    const change = { bankCode: '058', accountNumber: '2000000008', clientAddress: '127.0.0.9' };
    expect(
      (await refusal(changeBankAccount(checking, f.id, { ...change, password: 'not-the-password' })))
        .fieldErrors,
    ).toEqual({
      password: [SELLER_MESSAGES.password],
    });
    const [unchanged] = await db().select().from(schema.sellers).where(eq(schema.sellers.id, seller.id));
    expect(unchanged).toMatchObject({ accountNumber: '1000000008', payoutsHeldUntil: null });

    const now = new Date('2026-12-02T10:00:00Z');
    const changed = await changeBankAccount({ ...checking, now: () => now }, f.id, {
      ...change,
      password: f.password,
    });
    expect(changed).toMatchObject({
      accountNumber: '2000000008',
      accountName: 'ADAEZE OKAFOR',
      recipientCode: 'RCP_0582000000008',
    });
    expect(changed.payoutsHeldUntil?.toISOString()).toBe('2026-12-03T10:00:00.000Z');
    const mails = await queryRows<{ data: { subject: string; text: string } }>(
      db(),
      sql`select data from pgboss.job where name = 'mail' and data->>'to' = ${f.email}`,
    );
    expect(mails.map((m) => m.data.subject)).toEqual(['FreshCatch: your payout bank account was changed']);
    expect(mails[0]!.data.text).toContain('account ending 0008');
    // No WhatsApp or SMS chosen for the farm: the e-mail alone.
    expect(await db().select().from(schema.messages).where(eq(schema.messages.userId, f.id))).toEqual([]);
  });

  it("is told on WhatsApp too when the seller chose it for their farm's messages", async () => {
    const f = await farmer('1000000009');
    const seller = await applyToSell(deps(), f.id, form(f, '1000000009'));
    await approveSeller(deps(), admin, seller.id);
    await db().transaction((tx) =>
      chooseContact(tx, f.id, { channel: 'whatsapp', source: 'farm', phone: '0803 123 4567', topic: 'farm' }),
    );
    stand.accounts.set('058:2000000009', 'ADAEZE OKAFOR');
    await changeBankAccount(
      {
        ...deps(),
        checkPassword: server.services.checkPassword,
        now: () => new Date('2026-12-02T10:00:00Z'),
      },
      f.id,
      { bankCode: '058', accountNumber: '2000000009', clientAddress: '127.0.0.10', password: f.password },
    );
    const sent = await db().select().from(schema.messages).where(eq(schema.messages.userId, f.id));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'seller_bank_changed',
      channel: 'whatsapp',
      toPhone: '+2348031234567',
      farmId: f.farmId,
      orderId: null,
    });
    // Who, the new account's bank and last digits, the hold's end in Lagos time (11:00 WAT), whom to call.
    expect(sent[0]!.params).toEqual([
      'Okafor Fish Farm',
      'Guaranty Trust Bank, account ending 0009',
      '3 Dec, 11:00',
      '+234 803 555 0142',
    ]);
    expect(TEMPLATE_BODIES.seller_bank_changed).toContain('If you did not make this change');
  });
});
