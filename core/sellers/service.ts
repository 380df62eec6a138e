import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { appSettings, farms, sellerOffers, sellers, stockBatches, user } from '../../db/schema';
import type { SellerStatus } from '../../db/schema/enums';
import { recordAdminChange } from '../audit/log';
import { Conflict, Invalid, NotFound, Unavailable } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { sellerBankChangedEmail } from '../mail/templates';
import { queueFarmMessage } from '../messages/queue';
import type { Bank, BankDirectory } from '../payments/banks';
import { PaymentProviderError } from '../payments/provider';
import { phoneToE164 } from '../phone';
import type { PasswordCheck } from '../accounts/passwords';
import { assertOwner, type AdminActor } from '../roles';
import { SHOP } from '../shop';
import { shopDateTime } from '../calendar';
import { sellerBalance } from './ledger';
import {
  CONFLICT_MESSAGES,
  DEFAULT_COMMISSION_PERCENT,
  SELLER_MESSAGES,
  commissionOrNull,
  nextStatus,
  mayChangeCommission,
  nubanOrNull,
  payoutsHeldUntil,
  type SellerDecision,
} from './rules';

/**
 * Sellers (issue 51 §1, docs/sellers.md, docs/decisions/060): a farm's owner applies, the owner of the
 * shop reviews, a bank change is held. The only writer of `sellers` and of the default commission.
 */

export interface SellerDeps {
  db: Db;
  banks: BankDirectory;
  jobs: JobQueue;
  /** The password typed again before a bank change (core/accounts/passwords.ts); only that change asks it. */
  checkPassword?: PasswordCheck;
  now?: () => Date;
}

export type Seller = typeof sellers.$inferSelect;

const COMMISSION_KEY = 'seller_commission_percent';

const field = (name: string, message: string) => new Invalid(message, { [name]: [message] });

/** The bank list, or the shop's "try again" when the provider is down (never a 500). */
export async function listBanks(banks: BankDirectory): Promise<Bank[]> {
  try {
    return await banks.listBanks();
  } catch (error) {
    if (PaymentProviderError.is(error)) throw new Unavailable(SELLER_MESSAGES.banksDown);
    throw error;
  }
}

export interface BankAccountForm {
  bankCode: string;
  accountNumber: string;
}

/** The bank from the list and the name the provider resolved for the number: the field's message otherwise. */
export async function checkBankAccount(
  banks: BankDirectory,
  form: BankAccountForm,
): Promise<{ bank: Bank; accountNumber: string; accountName: string }> {
  const bank = (await listBanks(banks)).find((b) => b.code === form.bankCode);
  if (!bank) throw field('bankCode', SELLER_MESSAGES.bankNotListed);
  const accountNumber = nubanOrNull(form.accountNumber);
  if (!accountNumber) throw field('accountNumber', SELLER_MESSAGES.accountNumber);
  let resolved;
  try {
    resolved = await banks.resolveAccount(accountNumber, bank.code);
  } catch (error) {
    if (PaymentProviderError.is(error)) throw new Unavailable(SELLER_MESSAGES.banksDown);
    throw error;
  }
  if (resolved.status !== 'resolved') throw field('accountNumber', SELLER_MESSAGES.unresolved);
  return { bank, accountNumber, accountName: resolved.accountName };
}

export interface ApplicationForm extends BankAccountForm {
  farmId: number;
  businessName: string;
  phone: string;
}

/** The user's seller row that is not declined (an application, an approved or a suspended seller), if any. */
export async function activeSellerOf(db: Db | Tx, userId: string): Promise<Seller | null> {
  const [row] = await db
    .select()
    .from(sellers)
    .where(and(eq(sellers.userId, userId), ne(sellers.status, 'declined')));
  return row ?? null;
}

/** The user's latest seller row, declined ones included (the farm book shows why it was declined). */
export async function latestSellerOf(db: Db, userId: string): Promise<Seller | null> {
  const [row] = await db
    .select()
    .from(sellers)
    .where(eq(sellers.userId, userId))
    .orderBy(desc(sellers.createdAt), desc(sellers.id))
    .limit(1);
  return row ?? null;
}

/** A farm's owner applies to sell (issue 51 §1). One active application or seller per person. */
export async function applyToSell(deps: SellerDeps, userId: string, form: ApplicationForm): Promise<Seller> {
  const businessName = form.businessName.trim();
  if (!businessName || businessName.length > 120)
    throw field('businessName', 'Business name is required (at most 120 characters).');
  const phone = phoneToE164(form.phone);
  if (!phone) throw field('phone', 'Enter a Nigerian phone number, e.g. 0803 123 4567.');
  const [farm] = await deps.db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.id, form.farmId), eq(farms.ownerId, userId)));
  if (!farm) throw field('farmId', SELLER_MESSAGES.notYourFarm);
  if (await activeSellerOf(deps.db, userId)) throw field('businessName', SELLER_MESSAGES.secondApplication);
  const account = await checkBankAccount(deps.banks, form);
  try {
    const [row] = await deps.db
      .insert(sellers)
      .values({
        userId,
        farmId: farm.id,
        businessName,
        phone,
        bankCode: account.bank.code,
        bankName: account.bank.name,
        accountNumber: account.accountNumber,
        accountName: account.accountName,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, 'sellers_one_active_per_user'))
      throw field('businessName', SELLER_MESSAGES.secondApplication);
    throw error;
  }
}

/** The commission a newly approved seller gets (settings; 10 % until the owner sets one). */
export async function defaultCommission(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, COMMISSION_KEY));
  return commissionOrNull(row?.value) ?? DEFAULT_COMMISSION_PERCENT;
}

export async function setDefaultCommission(db: Db, admin: AdminActor, typed: unknown): Promise<number> {
  assertOwner(admin);
  const percent = commissionOrNull(typed);
  if (percent === null) throw field('commissionPercent', SELLER_MESSAGES.commission);
  await db.transaction(async (tx) => {
    const before = await defaultCommission(tx);
    await tx
      .insert(appSettings)
      .values({ key: COMMISSION_KEY, value: percent })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: percent, updatedAt: new Date() } });
    await recordAdminChange(tx, admin, {
      kind: 'seller',
      action: 'updated',
      subjectId: 'default-commission',
      subjectLabel: 'Default commission',
      before: { commissionPercent: before },
      after: { commissionPercent: percent },
    });
  });
  return percent;
}

export interface SellerListRow extends Seller {
  /** The farmer's account and farm; null once they deleted their account (closeSellerOfDeletedAccount). */
  ownerName: string | null;
  ownerEmail: string | null;
  farmName: string | null;
}

/** /admin/sellers: applications first, then by newest; optionally one standing. A closed seller stays listed. */
export async function listSellersForAdmin(
  db: Db,
  _admin: AdminActor,
  status?: SellerStatus,
): Promise<SellerListRow[]> {
  const rows = await db
    .select({ seller: sellers, ownerName: user.name, ownerEmail: user.email, farmName: farms.name })
    .from(sellers)
    .leftJoin(user, eq(user.id, sellers.userId))
    .leftJoin(farms, eq(farms.id, sellers.farmId))
    .where(status ? eq(sellers.status, status) : undefined)
    .orderBy(desc(eq(sellers.status, 'applied')), desc(sellers.createdAt), desc(sellers.id))
    .limit(200);
  return rows.map(({ seller, ...rest }) => ({ ...seller, ...rest }));
}

const labelOf = (seller: Seller) => `${seller.businessName} (#${seller.id})`;

const nowOf = (deps: SellerDeps) => (deps.now ?? (() => new Date()))();

/**
 * One owner change of one seller, in one transaction with the row locked and recorded in the activity
 * log: `change` sees the row as it is once locked and says what to set (it may refuse by throwing), so
 * two posts of the same change at once are one after the other.
 */
async function changeSeller(
  deps: SellerDeps,
  admin: AdminActor,
  id: number,
  action: 'status_changed' | 'updated',
  change: (seller: Seller, tx: Tx) => Promise<Partial<Seller>>,
  logged: (before: Seller, after: Seller) => { before: object; after: object } = (before, after) => ({
    before,
    after,
  }),
): Promise<Seller> {
  assertOwner(admin);
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(sellers).where(eq(sellers.id, id)).for('update');
    if (!before) throw new NotFound(SELLER_MESSAGES.notFound);
    // A closed seller (the farmer deleted their account) stays for the books: nothing more to change.
    if (before.userId === null) throw new Conflict(SELLER_MESSAGES.closed);
    const values = { ...(await change(before, tx)), updatedAt: nowOf(deps) };
    const [after] = await tx.update(sellers).set(values).where(eq(sellers.id, id)).returning();
    await recordAdminChange(tx, admin, {
      kind: 'seller',
      action,
      subjectId: id,
      subjectLabel: labelOf(after!),
      ...logged(before, after!),
    });
    return after!;
  });
}

/** A decision (approve, decline, suspend) as the standing allows it: a second post of one finds it done (Conflict). */
function decide(
  deps: SellerDeps,
  admin: AdminActor,
  id: number,
  decision: SellerDecision,
  change: (seller: Seller, tx: Tx) => Promise<Partial<Seller>>,
): Promise<Seller> {
  return changeSeller(deps, admin, id, 'status_changed', async (before, tx) => {
    const status = nextStatus(before.status, decision);
    if (!status) throw new Conflict(CONFLICT_MESSAGES[decision]);
    return { ...(await change(before, tx)), status };
  });
}

/** Paystack's transfer recipient for an account; the shop's "try again" when Paystack refuses or is down. */
async function recipientFor(
  banks: BankDirectory,
  account: { name: string; accountNumber: string; bankCode: string },
): Promise<string> {
  try {
    return await banks.createRecipient(account);
  } catch (error) {
    if (PaymentProviderError.is(error)) throw new Unavailable(SELLER_MESSAGES.recipientFailed);
    throw error;
  }
}

/**
 * Approves an application (or lifts a suspension). The first approval makes the Paystack transfer
 * recipient, before the row is locked (no call to Paystack holds a lock): if Paystack refuses or is down,
 * nothing changes. Two approvals at once may each ask Paystack: for an account number it knows, Paystack
 * answers with the recipient it has (and a recipient is only an address: no money moves); the first to
 * lock the row is the approval, the second finds the seller approved.
 */
export async function approveSeller(
  deps: SellerDeps,
  admin: AdminActor,
  id: number,
  typedCommission?: unknown,
): Promise<Seller> {
  const given =
    typedCommission === undefined || typedCommission === '' ? undefined : commissionOrNull(typedCommission);
  if (given === null) throw field('commissionPercent', SELLER_MESSAGES.commission);
  const [seen] = await deps.db.select().from(sellers).where(eq(sellers.id, id));
  if (!seen) throw new NotFound(SELLER_MESSAGES.notFound);
  if (seen.userId === null) throw new Conflict(SELLER_MESSAGES.closed);
  if (!nextStatus(seen.status, 'approve')) throw new Conflict(CONFLICT_MESSAGES.approve);
  const made = seen.recipientCode
    ? null
    : await recipientFor(deps.banks, {
        name: seen.accountName,
        accountNumber: seen.accountNumber,
        bankCode: seen.bankCode,
      });
  return decide(deps, admin, id, 'approve', async (seller, tx) => {
    const commissionPercent = given ?? seller.commissionPercent ?? (await defaultCommission(tx));
    // The account may have changed since it was read: a code made for another account is not kept.
    const sameAccount = seller.accountNumber === seen.accountNumber && seller.bankCode === seen.bankCode;
    const recipientCode = seller.recipientCode ?? (sameAccount ? made : null);
    if (!recipientCode) throw new Conflict(SELLER_MESSAGES.accountChangedWhileApproving);
    return { commissionPercent, recipientCode, declineReason: null, suspendReason: null };
  });
}

const reasonOf = (typed: unknown, message: string) => {
  const reason = typeof typed === 'string' ? typed.trim() : '';
  if (!reason || reason.length > 500) throw field('reason', message);
  return reason;
};

export async function declineSeller(deps: SellerDeps, admin: AdminActor, id: number, typed: unknown) {
  const declineReason = reasonOf(typed, SELLER_MESSAGES.declineReason);
  return decide(deps, admin, id, 'decline', async () => ({ declineReason }));
}

export async function suspendSeller(deps: SellerDeps, admin: AdminActor, id: number, typed: unknown) {
  const suspendReason = reasonOf(typed, SELLER_MESSAGES.suspendReason);
  return decide(deps, admin, id, 'suspend', async () => ({ suspendReason }));
}

/** The owner's commission for one seller (whole percent 0–100). */
export async function setSellerCommission(
  deps: SellerDeps,
  admin: AdminActor,
  id: number,
  typed: unknown,
): Promise<Seller> {
  const commissionPercent = commissionOrNull(typed);
  if (commissionPercent === null) throw field('commissionPercent', SELLER_MESSAGES.commission);
  return changeSeller(
    deps,
    admin,
    id,
    'updated',
    async (before) => {
      if (!mayChangeCommission(before.status)) throw new Conflict(SELLER_MESSAGES.commissionNotYet);
      return { commissionPercent };
    },
    (before, after) => ({
      before: { commissionPercent: before.commissionPercent },
      after: { commissionPercent: after.commissionPercent },
    }),
  );
}

/**
 * The seller changes their payout account (issue 51 §1): only with their password typed again (checked
 * and counted by `deps.checkPassword`), to a bank from the list and a resolved number.
 * A seller with a recipient gets a new one; payouts are held 24 hours and the seller is told by e-mail,
 * and on WhatsApp or by SMS when they chose one for their farm's messages.
 */
export async function changeBankAccount(
  deps: SellerDeps,
  userId: string,
  form: BankAccountForm & { password: string; clientAddress: string },
): Promise<Seller> {
  if (!deps.checkPassword) throw new Error('changeBankAccount needs deps.checkPassword');
  const passwordOk = await deps.checkPassword({ userId, clientAddress: form.clientAddress }, form.password);
  if (!passwordOk) throw field('password', SELLER_MESSAGES.password);
  const seller = await activeSellerOf(deps.db, userId);
  if (!seller) throw new NotFound(SELLER_MESSAGES.notFound);
  const account = await checkBankAccount(deps.banks, form);
  const recipientCode = seller.recipientCode
    ? await recipientFor(deps.banks, {
        name: account.accountName,
        accountNumber: account.accountNumber,
        bankCode: account.bank.code,
      })
    : null;
  const now = nowOf(deps);
  const heldUntil = payoutsHeldUntil(now);
  return deps.db.transaction(async (tx) => {
    const [after] = await tx
      .update(sellers)
      .set({
        bankCode: account.bank.code,
        bankName: account.bank.name,
        accountNumber: account.accountNumber,
        accountName: account.accountName,
        recipientCode,
        payoutsHeldUntil: heldUntil,
        updatedAt: now,
      })
      .where(and(eq(sellers.id, seller.id), ne(sellers.status, 'declined')))
      .returning();
    if (!after) throw new NotFound(SELLER_MESSAGES.notFound);
    const [owner] = await tx
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, userId));
    await deps.jobs.send(
      tx,
      'mail',
      sellerBankChangedEmail({
        to: owner!.email,
        name: owner!.name,
        businessName: after.businessName,
        bankName: account.bank.name,
        accountEnding: account.accountNumber.slice(-4),
        heldUntil,
      }),
    );
    // …and on WhatsApp or by SMS too, when they chose one for their farm's messages.
    if (after.farmId !== null)
      await queueFarmMessage(tx, deps.jobs, {
        farmId: after.farmId,
        userId,
        kind: 'seller_bank_changed',
        params: [
          after.businessName,
          `${account.bank.name}, account ending ${account.accountNumber.slice(-4)}`,
          shopDateTime(heldUntil),
          SHOP.phone,
        ],
        dedupeKey: `seller-bank-changed:${after.id}:${now.getTime()}`,
      });
    return after;
  });
}

/** Why a seller's account cannot be deleted yet, or that it can (their record closed, or none). */
export type SellerClosing = { closed: boolean } | { waits: 'owed'; owedKobo: number } | { waits: 'on-sale' };

/**
 * The seller record of an account being deleted (core/accounts/erase.ts), in its transaction: it stays for
 * the shop's books of their sales (the ledger, batches and payouts name it), with no account, no farm, and
 * the phone and bank details cleared; suspended, so no payout or offer can reach it. It waits while the
 * shop still owes the seller money (payable, or waiting for a claim window) or their harvest is still on
 * sale at the hub or offered.
 */
export async function closeSellerOfDeletedAccount(
  tx: Tx,
  userId: string,
  now = new Date(),
): Promise<SellerClosing> {
  const [seller] = await tx
    .select({ id: sellers.id })
    .from(sellers)
    .where(eq(sellers.userId, userId))
    .for('update');
  if (!seller) return { closed: false };
  const balance = await sellerBalance(tx, seller.id, now);
  const owedKobo = balance.payableKobo + balance.waitingKobo;
  if (owedKobo > 0) return { waits: 'owed', owedKobo };
  const [open] = await tx
    .select({ id: sellerOffers.id })
    .from(sellerOffers)
    .where(
      and(
        eq(sellerOffers.sellerId, seller.id),
        inArray(sellerOffers.status, ['offered', 'countered', 'accepted']),
      ),
    )
    .limit(1);
  const [onSale] = await tx
    .select({ id: stockBatches.id })
    .from(sellerOffers)
    .innerJoin(stockBatches, eq(stockBatches.id, sellerOffers.batchId))
    .where(
      and(
        eq(sellerOffers.sellerId, seller.id),
        gt(stockBatches.quantityLeft, 0),
        isNull(stockBatches.expiredAt),
      ),
    )
    .limit(1);
  if (open || onSale) return { waits: 'on-sale' };
  await tx
    .update(sellers)
    .set({
      userId: null,
      farmId: null,
      phone: '',
      accountNumber: '',
      accountName: '',
      recipientCode: null,
      status: 'suspended',
      suspendReason: SELLER_CLOSED_REASON,
      payoutsHeldUntil: null,
      updatedAt: now,
    })
    .where(eq(sellers.userId, userId));
  return { closed: true };
}

/** What the owner's sellers screen says of a seller whose account was deleted. */
export const SELLER_CLOSED_REASON = 'The seller deleted their account.';
