import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Tx } from '../../db/client';
import { orders, payoutRuns, sellerLedger, sellerPayouts, sellers, user } from '../../db/schema';
import { payableNowSql, postPayout, postPayoutReturned, sellerBalance, sellerBalances } from './ledger';
import type { PayoutStatus } from '../../db/schema/enums';
import type { PasswordCheck } from '../accounts/passwords';
import { recordAdminChange } from '../audit/log';
import { Conflict, Invalid, NotFound } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { sellerPayoutEmail } from '../mail/templates';
import { formatNaira } from '../money';
import { PaymentProviderError } from '../payments/provider';
import type { TransferProvider, TransferState } from '../payments/transfers';
import { assertOwner, type AdminActor } from '../roles';
import {
  OPEN_PAYOUT_STATUSES,
  PAYOUT_MESSAGES,
  UNSURE_AFTER_SENDING_MS,
  PAYOUT_NARRATION,
  newPayoutReference,
  payoutMove,
  payoutStanding,
  retryDelayMs,
} from './payout-rules';
import { whyNotPayable } from './rules';

/**
 * Payouts to sellers (issue 51 §5, docs/sellers.md "Payouts", decision 063): the only writer of
 * `payout_runs` and `seller_payouts`; the ledger's payout rows are written by core/sellers/ledger.ts
 * (`postPayout`, `postPayoutReturned`), in the payout's transaction.
 *
 * Exactly once: a payout is made in one transaction with the ledger row that takes its amount out of
 * what the seller is owed, with the seller's row locked and at most one payout of a seller on its way
 * (a unique index), so any number of runs at once pay each seller's money once. It is then sent by
 * Paystack Transfer with its own reference, on every try the same: from the second try on Paystack is
 * first asked whether it has the reference, and a duplicate reference is asked after, so a retry never
 * makes a second transfer. Only news from Paystack (its answer, a signed webhook, asking it) moves a
 * payout on; a failed or reversed transfer writes the row that makes the money owed again.
 */

declare module '../jobs/queue' {
  interface JobData {
    /** A payout run: the owner's (its run row made when started) or the weekly schedule's (none yet). */
    'payout-run': { runId?: number };
  }
}

export interface PayoutDeps {
  db: Db;
  transfers: TransferProvider;
  jobs: JobQueue;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The owner's password typed again before a run they start (core/accounts/passwords.ts). */
  checkPassword?: PasswordCheck;
  now?: () => Date;
  /** Transfers asked of Paystack at once by one sender (each is one HTTP call). */
  concurrency?: number;
  /** The shop's address, for the link to the statement in the seller's e-mail. */
  publicUrl: string;
}

export type Payout = typeof sellerPayouts.$inferSelect;

/** The payouts' clock: when money is payable (the deps' own clock, else the time now). */
export const payoutsNow = (deps: Pick<PayoutDeps, 'now'>) => deps.now?.() ?? new Date();
const field = (name: string, message: string) => new Invalid(message, { [name]: [message] });

/**
 * Makes one seller's payout of everything payable now, or nothing (not payable to, one already on its
 * way, nothing positive): the seller's row is locked first, so two runs at once make one payout. `runOf`
 * names the run it belongs to (the owner's pay-one makes its run here, only when there is a payout), and
 * `made` adds what must go with it in the same transaction (the owner's audit row).
 */
async function makePayout(
  deps: PayoutDeps,
  sellerId: number,
  runOf: (tx: Tx) => Promise<number>,
  made?: (tx: Tx, payout: Payout) => Promise<void>,
): Promise<Payout | null> {
  const now = payoutsNow(deps);
  return deps.db.transaction(async (tx) => {
    const [seller] = await tx.select().from(sellers).where(eq(sellers.id, sellerId)).for('update');
    if (!seller || whyNotPayable(seller, now) !== null) return null;
    const [open] = await tx
      .select({ id: sellerPayouts.id })
      .from(sellerPayouts)
      .where(and(eq(sellerPayouts.sellerId, sellerId), inArray(sellerPayouts.status, OPEN_PAYOUT_STATUSES)));
    if (open) return null;
    const { payableKobo } = await sellerBalance(tx, sellerId, now);
    if (payableKobo <= 0) return null;
    const [payout] = await tx
      .insert(sellerPayouts)
      .values({
        sellerId,
        runId: await runOf(tx),
        reference: newPayoutReference(),
        amountKobo: payableKobo,
        recipientCode: seller.recipientCode!,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await postPayout(tx, payout!, now);
    await made?.(tx, payout!);
    return payout!;
  });
}

/**
 * The sellers with something payable now, the candidates of a run (makePayout decides each: whether they
 * may be paid, and whether a payout of theirs is already on its way).
 */
async function sellersToPay(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ sellerId: sellerLedger.sellerId })
    .from(sellerLedger)
    .leftJoin(orders, eq(orders.id, sellerLedger.orderId))
    .groupBy(sellerLedger.sellerId)
    .having(sql`coalesce(sum(${sellerLedger.amountKobo}) filter (where ${payableNowSql(now)}), 0) > 0`)
    .orderBy(asc(sellerLedger.sellerId));
  return rows.map((row) => row.sellerId);
}

export interface RunResult {
  runId: number;
  payouts: number;
  totalKobo: number;
}

/**
 * A payout run (the weekly schedule's, or the owner's: `runId` made by startPayoutRun): every seller who
 * may be paid gets one payout of all that is payable, then every payout due is sent.
 */
export async function runPayouts(deps: PayoutDeps, runId?: number): Promise<RunResult> {
  const now = payoutsNow(deps);
  const id = runId ?? (await deps.db.insert(payoutRuns).values({ startedAt: now }).returning())[0]!.id;
  let payouts = 0;
  let totalKobo = 0;
  for (const sellerId of await sellersToPay(deps.db, now)) {
    const payout = await makePayout(deps, sellerId, async () => id);
    if (!payout) continue;
    payouts += 1;
    totalKobo += payout.amountKobo;
  }
  await deps.db
    .update(payoutRuns)
    .set({
      payouts: sql`${payoutRuns.payouts} + ${payouts}`,
      totalKobo: sql`${payoutRuns.totalKobo} + ${totalKobo}`,
    })
    .where(eq(payoutRuns.id, id));
  deps.logger?.info({ runId: id, payouts, totalKobo }, 'payout run made its payouts');
  await sendDuePayouts(deps);
  return { runId: id, payouts, totalKobo };
}

/**
 * The owner starts a run now (issue 51 §5), with their password typed again: the run row and the audit
 * row are written with its job, which the job queue runs (the page does not wait for the transfers).
 */
export async function startPayoutRun(
  deps: PayoutDeps,
  admin: AdminActor,
  form: { password: string; clientAddress: string },
): Promise<{ runId: number }> {
  assertOwner(admin);
  if (!deps.checkPassword) throw new Error('startPayoutRun needs deps.checkPassword');
  const ok = await deps.checkPassword({ userId: admin.id, clientAddress: form.clientAddress }, form.password);
  if (!ok) throw field('password', PAYOUT_MESSAGES.password);
  return deps.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(payoutRuns)
      .values({ startedBy: admin.id, startedAt: payoutsNow(deps) })
      .returning();
    await recordAdminChange(tx, admin, {
      kind: 'payout',
      action: 'created',
      subjectId: run!.id,
      subjectLabel: `Payout run ${run!.id}`,
      after: { runId: run!.id },
    });
    await deps.jobs.send(tx, 'payout-run', { runId: run!.id });
    return { runId: run!.id };
  });
}

/**
 * The owner pays one seller now (their password typed again): refused with the reason when the seller
 * may not be paid (suspended, held after a bank change) or has nothing payable; otherwise one payout,
 * sent at once.
 */
export async function payOneSeller(
  deps: PayoutDeps,
  admin: AdminActor,
  sellerId: number,
  form: { password: string; clientAddress: string },
): Promise<Payout> {
  assertOwner(admin);
  if (!deps.checkPassword) throw new Error('payOneSeller needs deps.checkPassword');
  const ok = await deps.checkPassword({ userId: admin.id, clientAddress: form.clientAddress }, form.password);
  if (!ok) throw field('password', PAYOUT_MESSAGES.password);
  const now = payoutsNow(deps);
  const [seller] = await deps.db.select().from(sellers).where(eq(sellers.id, sellerId));
  if (!seller) throw new NotFound(PAYOUT_MESSAGES.notFound);
  const why = whyNotPayable(seller, now);
  if (why) throw new Conflict(PAYOUT_MESSAGES.refused(why, seller.payoutsHeldUntil));
  const payout = await makePayout(
    deps,
    sellerId,
    async (tx) =>
      (await tx.insert(payoutRuns).values({ startedBy: admin.id, startedAt: now }).returning())[0]!.id,
    async (tx, made) => {
      await tx
        .update(payoutRuns)
        .set({ payouts: 1, totalKobo: made.amountKobo })
        .where(eq(payoutRuns.id, made.runId!));
      await recordAdminChange(tx, admin, {
        kind: 'payout',
        action: 'created',
        subjectId: made.runId!,
        subjectLabel: `Payout to ${seller.businessName}`,
        after: { runId: made.runId, sellerId, amountKobo: made.amountKobo, reference: made.reference },
      });
    },
  );
  if (!payout) {
    const [open] = await deps.db
      .select({ id: sellerPayouts.id })
      .from(sellerPayouts)
      .where(and(eq(sellerPayouts.sellerId, sellerId), inArray(sellerPayouts.status, OPEN_PAYOUT_STATUSES)));
    throw new Conflict(open ? PAYOUT_MESSAGES.open : PAYOUT_MESSAGES.nothingPayable);
  }
  await sendDuePayouts(deps);
  const [after] = await deps.db.select().from(sellerPayouts).where(eq(sellerPayouts.id, payout.id));
  return after!;
}

/**
 * Takes the next queued payout due (skipping one another sender holds) and moves its next try on by the
 * retry delay: that is the claim. A sender that dies leaves it to be taken again when the delay is over.
 */
async function claimDuePayout(deps: PayoutDeps): Promise<Payout | null> {
  const now = payoutsNow(deps);
  return deps.db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(sellerPayouts)
      .where(and(eq(sellerPayouts.status, 'queued'), lte(sellerPayouts.nextAttemptAt, now)))
      .orderBy(asc(sellerPayouts.nextAttemptAt), asc(sellerPayouts.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const attempts = due.attempts + 1;
    const [claimed] = await tx
      .update(sellerPayouts)
      .set({ attempts, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) })
      .where(eq(sellerPayouts.id, due.id))
      .returning();
    return claimed!;
  });
}

/** Sends every queued payout that is due, `concurrency` at a time. Returns how many it tried. */
export async function sendDuePayouts(deps: PayoutDeps): Promise<number> {
  let tried = 0;
  const sender = async () => {
    for (;;) {
      const payout = await claimDuePayout(deps);
      if (!payout) return;
      tried += 1;
      await sendPayout(deps, payout);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, deps.concurrency ?? 8) }, sender));
  return tried;
}

/** How long a sender waits before its one quick second try (a connection reset, a 502 in passing). */
const QUICK_RETRY_MS = 500;

/**
 * A claimed payout's try, and one quick second try if Paystack did not answer (that one asks first, as
 * every later try does). Still no answer: it stays queued for the next try the claim set.
 */
async function sendPayout(deps: PayoutDeps, payout: Payout): Promise<void> {
  const now = payoutsNow(deps);
  const next = payout.nextAttemptAt ?? now;
  let sent = payout.sentAt;
  const leaveQueued = (reason: string) =>
    deps.db
      .update(sellerPayouts)
      .set({ reason, updatedAt: now })
      .where(and(eq(sellerPayouts.id, payout.id), eq(sellerPayouts.status, 'queued')));
  try {
    let outcome: TryOutcome;
    try {
      outcome = await tryPayout(deps, payout, payout.attempts > 1, sent, (at) => (sent = at));
    } catch (error) {
      if (!PaymentProviderError.is(error) || !error.retryable) throw error;
      await new Promise((resolve) => setTimeout(resolve, QUICK_RETRY_MS));
      outcome = await tryPayout(deps, payout, true, sent, (at) => (sent = at));
    }
    if (outcome.unsure) await leaveQueued(PAYOUT_MESSAGES.unsure(outcome.unsure, next));
  } catch (error) {
    if (!PaymentProviderError.is(error) || !error.retryable) throw error;
    // Left queued: the claim already set its next try.
    deps.logger?.warn({ err: error, reference: payout.reference }, 'payout not sent; tried again later');
    await leaveQueued(PAYOUT_MESSAGES.retrying(next));
  }
}

/** What a try decided: done (settled or sent), or nothing yet because an earlier try may still land. */
type TryOutcome = { unsure: string | null };

/**
 * One try at a payout. `askFirst` (any try after the first): Paystack is asked first whether it already
 * has the reference (an earlier try may have reached it and its answer been lost). A payout is failed on
 * our side (the seller may no longer be paid or changed their account, or Paystack refused the transfer)
 * only while no transfer was ever asked for it, or a day after: otherwise an earlier try may still land,
 * and it waits for Paystack's word. Throws PaymentProviderError (retryable) when Paystack does not answer.
 */
async function tryPayout(
  deps: PayoutDeps,
  payout: Payout,
  askFirst: boolean,
  sentAt: Date | null,
  onSent: (at: Date) => void,
): Promise<TryOutcome> {
  const now = payoutsNow(deps);
  const done = { unsure: null };
  if (askFirst) {
    const state = await deps.transfers.verifyTransfer(payout.reference);
    if (state.status !== 'not_found') {
      await settlePayout(deps, payout.reference, state);
      return done;
    }
  }
  const unsure = sentAt !== null && now.getTime() - sentAt.getTime() < UNSURE_AFTER_SENDING_MS;
  const fail = async (reason: string): Promise<TryOutcome> => {
    if (unsure) return { unsure: reason };
    await settlePayout(deps, payout.reference, { status: 'failed', transferCode: null, reason });
    return done;
  };
  const [seller] = await deps.db.select().from(sellers).where(eq(sellers.id, payout.sellerId));
  const why = seller ? whyNotPayable(seller, now) : 'not_approved';
  if (why === 'suspended' || why === 'not_approved') return fail(PAYOUT_MESSAGES.cancelledSuspended);
  if (why === 'held' || seller!.recipientCode !== payout.recipientCode)
    return fail(PAYOUT_MESSAGES.cancelledBank);
  if (sentAt === null) {
    await deps.db.update(sellerPayouts).set({ sentAt: now }).where(eq(sellerPayouts.id, payout.id));
    onSent(now);
  }
  const answer = await deps.transfers.transfer({
    reference: payout.reference,
    amountKobo: payout.amountKobo,
    recipientCode: payout.recipientCode,
    reason: PAYOUT_NARRATION,
  });
  if (answer.status === 'duplicate') {
    const state = await deps.transfers.verifyTransfer(payout.reference);
    if (state.status === 'not_found')
      throw new PaymentProviderError(`Paystack has ${payout.reference} and cannot find it`, true);
    await settlePayout(deps, payout.reference, state);
    return done;
  }
  if (answer.status === 'refused') return fail(answer.reason);
  await settlePayout(deps, payout.reference, answer);
  return done;
}

/**
 * News of a transfer (Paystack's answer, a signed webhook, asking it): moves the payout as
 * payout-rules' payoutMove allows, and a failed or reversed one makes its money owed again, once. A
 * reference that is not one of our payouts, or news that changes nothing, is ignored.
 */
export async function settlePayout(
  deps: Pick<PayoutDeps, 'db' | 'jobs' | 'now' | 'logger' | 'publicUrl'>,
  reference: string,
  news: TransferState,
): Promise<void> {
  const now = payoutsNow(deps);
  await deps.db.transaction(async (tx) => {
    const [payout] = await tx
      .select()
      .from(sellerPayouts)
      .where(eq(sellerPayouts.reference, reference))
      .for('update');
    if (!payout) return;
    const move = payoutMove(payout.status, news.status);
    if (!move) {
      if (news.status === 'success' && (payout.status === 'failed' || payout.status === 'reversed'))
        deps.logger?.error({ reference }, 'Paystack says a payout we count as failed was paid: look at it');
      return;
    }
    const final = move.to === 'success' || move.to === 'failed' || move.to === 'reversed';
    await tx
      .update(sellerPayouts)
      .set({
        status: move.to,
        transferCode: news.transferCode ?? payout.transferCode,
        reason: 'reason' in news ? news.reason : move.to === 'otp' ? PAYOUT_MESSAGES.otp : null,
        nextAttemptAt: null,
        updatedAt: now,
        settledAt: final ? now : null,
      })
      .where(eq(sellerPayouts.id, payout.id));
    if (move.owedAgain) {
      await postPayoutReturned(tx, payout, now);
      deps.logger?.warn({ reference, status: move.to }, 'a payout came back: the seller is owed it again');
    }
    // The seller hears of the end: paid, or back and owed again (with the reason), by e-mail.
    if (move.to === 'success' || move.owedAgain) {
      const [seller] = await tx
        .select({
          email: user.email,
          name: user.name,
          businessName: sellers.businessName,
          bankName: sellers.bankName,
          accountNumber: sellers.accountNumber,
        })
        .from(sellers)
        .innerJoin(user, eq(user.id, sellers.userId))
        .where(eq(sellers.id, payout.sellerId));
      if (seller)
        await deps.jobs.send(
          tx,
          'mail',
          sellerPayoutEmail({
            to: seller.email,
            name: seller.name,
            businessName: seller.businessName,
            amount: formatNaira(payout.amountKobo),
            outcome: move.owedAgain ? 'returned' : 'paid',
            bankName: seller.bankName,
            accountEnding: seller.accountNumber.slice(-4),
            reason: 'reason' in news ? news.reason : null,
            statementUrl: `${deps.publicUrl}/seller/statement`,
          }),
        );
    }
  });
}

/** Payouts with Paystack (or waiting for an OTP) longer than this are asked about (a webhook may be lost). */
const ASK_AFTER_MS = 30 * 60_000;

/**
 * The every-minute housekeeping: payouts due again are sent, and a few that have been with Paystack for
 * half an hour without news are asked about.
 */
export async function reconcilePayouts(deps: PayoutDeps): Promise<void> {
  await sendDuePayouts(deps);
  const now = payoutsNow(deps);
  const stale = await deps.db
    .select({ reference: sellerPayouts.reference })
    .from(sellerPayouts)
    .where(
      and(
        inArray(sellerPayouts.status, ['pending', 'otp']),
        lte(sellerPayouts.updatedAt, new Date(now.getTime() - ASK_AFTER_MS)),
      ),
    )
    .orderBy(asc(sellerPayouts.updatedAt))
    .limit(20);
  for (const { reference } of stale) {
    try {
      const state = await deps.transfers.verifyTransfer(reference);
      if (state.status === 'not_found')
        deps.logger?.error({ reference }, 'Paystack does not know a payout it accepted; asked again later');
      if (state.status === 'not_found' || state.status === 'pending' || state.status === 'otp') {
        // Still on its way: asked again in half an hour.
        await deps.db
          .update(sellerPayouts)
          .set({ updatedAt: now })
          .where(
            and(eq(sellerPayouts.reference, reference), inArray(sellerPayouts.status, ['pending', 'otp'])),
          );
        continue;
      }
      await settlePayout(deps, reference, state);
    } catch (error) {
      if (!PaymentProviderError.is(error)) throw error;
      deps.logger?.warn({ err: error, reference }, 'could not ask Paystack about a payout');
      return;
    }
  }
}

export interface OwedRow {
  sellerId: number;
  businessName: string;
  /** "Approved", "Suspended", "Held until 4 Dec, 05:06" (payout-rules `payoutStanding`). */
  standing: string;
  payableKobo: number;
  waitingKobo: number;
  paidKobo: number;
}

/** The owner's "what is owed to whom" (issue 51 §7): each seller with a ledger, biggest payable first. */
export async function owedToWhom(db: Db, now = new Date()): Promise<OwedRow[]> {
  const balances = await sellerBalances(db, now);
  if (balances.size === 0) return [];
  const rows = await db
    .select()
    .from(sellers)
    .where(inArray(sellers.id, [...balances.keys()]));
  return rows
    .map((seller) => ({
      sellerId: seller.id,
      businessName: seller.businessName,
      standing: payoutStanding(seller, now),
      ...balances.get(seller.id)!,
    }))
    .sort((a, b) => b.payableKobo - a.payableKobo || a.businessName.localeCompare(b.businessName));
}

export interface PayoutRow {
  id: number;
  sellerId: number;
  businessName: string;
  amountKobo: number;
  status: PayoutStatus;
  reason: string | null;
  reference: string;
  createdAt: Date;
  settledAt: Date | null;
}

/** The latest payouts, of every seller or of one (the seller's own area), newest first. */
export async function latestPayouts(
  db: Db,
  options: { sellerId?: number; limit?: number } = {},
): Promise<PayoutRow[]> {
  const rows = await db
    .select({
      id: sellerPayouts.id,
      sellerId: sellerPayouts.sellerId,
      businessName: sellers.businessName,
      amountKobo: sellerPayouts.amountKobo,
      status: sellerPayouts.status,
      reason: sellerPayouts.reason,
      reference: sellerPayouts.reference,
      createdAt: sellerPayouts.createdAt,
      settledAt: sellerPayouts.settledAt,
    })
    .from(sellerPayouts)
    .innerJoin(sellers, eq(sellers.id, sellerPayouts.sellerId))
    .where(options.sellerId === undefined ? undefined : eq(sellerPayouts.sellerId, options.sellerId))
    .orderBy(desc(sellerPayouts.createdAt), desc(sellerPayouts.id))
    .limit(options.limit ?? 50);
  return rows.map((row) => ({ ...row, amountKobo: Number(row.amountKobo) }));
}
