import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { placeholderRow, preparedPerDb } from '../../db/prepared';
import { demoPayments, demoRefunds, demoTransfers } from '../../db/schema';
import { NotFound } from '../errors';
import {
  PaymentProviderError,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentStart,
  type ProviderRefund,
  type RefundStarted,
  type StartedPayment,
} from './provider';
import type { Bank, BankDirectory, ResolvedAccount } from './banks';
import type { TransferAnswer, TransferProvider, TransferRequest, TransferState } from './transfers';

const paymentByReference = preparedPerDb((db) =>
  db
    .select()
    .from(demoPayments)
    .where(eq(demoPayments.reference, sql.placeholder('reference'))),
);

const newPayment = preparedPerDb((db) =>
  db.insert(demoPayments).values(placeholderRow(['reference', 'amountKobo', 'currency', 'email'])),
);

/** Pay or Decline, once: only a pending payment is decided. */
const decidedPayment = preparedPerDb((db) =>
  db
    .update(demoPayments)
    .set({
      status: sql`${sql.placeholder('status')}`,
      paidAt: sql`${sql.placeholder('paidAt')}::timestamptz`,
    })
    .where(and(eq(demoPayments.reference, sql.placeholder('reference')), eq(demoPayments.status, 'pending')))
    .returning({ reference: demoPayments.reference }),
);

/** The demo provider's banks. */
export const DEMO_BANKS: readonly Bank[] = [
  { code: '044', name: 'Access Bank (demo)' },
  { code: '058', name: 'Guaranty Trust Bank (demo)' },
  { code: '011', name: 'First Bank of Nigeria (demo)' },
];

/**
 * The provider used when no Paystack keys are set: a page of our own, clearly marked
 * 'Demo payment — no money moves', where the shopper chooses Pay or Decline. Its choice is stored and
 * read back by verify(), so settling an order goes through exactly the path a real payment takes.
 */
export class DemoPaymentProvider implements PaymentProvider, BankDirectory, TransferProvider {
  readonly name = 'demo' as const;
  readonly publicKey = null;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  async start(payment: PaymentStart): Promise<StartedPayment> {
    await newPayment(this.db).execute({
      reference: payment.reference,
      amountKobo: payment.amountKobo,
      currency: payment.currency,
      email: payment.email,
    });
    return { authorizationUrl: `${this.publicUrl}/checkout/demo/${encodeURIComponent(payment.reference)}` };
  }

  /**
   * Records a refund of a paid demo payment (no money moves). Like Paystack (docs/providers.md,
   * Paystack §10), several partial refunds may follow each other until the amount paid is reached; more
   * than is left is refused, and so is any refund of a payment refunded in full.
   */
  async refund(reference: string, amountKobo: number): Promise<RefundStarted> {
    return this.db.transaction(async (tx) => {
      const [payment] = await tx
        .select({ status: demoPayments.status, amountKobo: demoPayments.amountKobo })
        .from(demoPayments)
        .where(eq(demoPayments.reference, reference))
        .for('update');
      if (payment?.status !== 'success')
        throw new PaymentProviderError(`The demo payment ${reference} is not paid`, false);
      const [{ refunded }] = (await tx
        .select({ refunded: sql<number>`coalesce(sum(${demoRefunds.amountKobo}), 0)::bigint` })
        .from(demoRefunds)
        .where(eq(demoRefunds.reference, reference))) as [{ refunded: number }];
      const left = payment.amountKobo - Number(refunded);
      if (left <= 0) throw new PaymentProviderError('Transaction has been fully reversed', false);
      if (amountKobo <= 0 || amountKobo > left)
        throw new PaymentProviderError(
          `The refund is more than the ${left} kobo left of ${reference}`,
          false,
        );
      const [row] = await tx
        .insert(demoRefunds)
        .values({ reference, amountKobo })
        .returning({ id: demoRefunds.id });
      return { status: 'processed', refundReference: String(row!.id) };
    });
  }

  /** The demo payment's refunds (its own records of what it refunded), newest first, as Paystack lists them. */
  async refundsOf(reference: string): Promise<ProviderRefund[]> {
    const rows = await this.db
      .select({ id: demoRefunds.id, amountKobo: demoRefunds.amountKobo })
      .from(demoRefunds)
      .where(eq(demoRefunds.reference, reference))
      .orderBy(desc(demoRefunds.id));
    return rows.map((row) => ({ id: String(row.id), amountKobo: row.amountKobo, status: 'processed' }));
  }

  /** A short fixed list of demo banks (codes Paystack's test mode also knows); no bank is asked. */
  async listBanks(): Promise<Bank[]> {
    return DEMO_BANKS.map((bank) => ({ ...bank }));
  }

  /**
   * No bank is asked: an account number ending in 0 does not resolve (to try the refusal), any other
   * gives the same name every time, marked as the demo's.
   */
  async resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount> {
    if (!DEMO_BANKS.some((bank) => bank.code === bankCode) || accountNumber.endsWith('0'))
      return { status: 'unresolved', message: 'Could not resolve account name (demo)' };
    return { status: 'resolved', accountNumber, accountName: `DEMO ACCOUNT ${accountNumber.slice(-4)}` };
  }

  /** A recipient code of the demo's own, the same for the same account (as Paystack's is); no money can move to it. */
  async createRecipient(account: { accountNumber: string; bankCode: string }): Promise<string> {
    return `RCP_demo_${account.bankCode}_${account.accountNumber}`;
  }

  /**
   * Records a payout to a seller as done (no money moves), one per reference as Paystack keeps them: a
   * second try with the same reference is a duplicate.
   */
  async transfer(request: TransferRequest): Promise<TransferAnswer> {
    const inserted = await this.db
      .insert(demoTransfers)
      .values({
        reference: request.reference,
        transferCode: `TRF_demo_${request.reference.slice(-12)}`,
        recipientCode: request.recipientCode,
        amountKobo: request.amountKobo,
      })
      .onConflictDoNothing()
      .returning({ transferCode: demoTransfers.transferCode });
    if (inserted.length === 0) return { status: 'duplicate' };
    return { status: 'success', transferCode: inserted[0]!.transferCode };
  }

  async verifyTransfer(reference: string): Promise<TransferState | { status: 'not_found' }> {
    const [row] = await this.db.select().from(demoTransfers).where(eq(demoTransfers.reference, reference));
    return row ? { status: 'success', transferCode: row.transferCode } : { status: 'not_found' };
  }

  async verify(reference: string): Promise<PaymentOutcome> {
    const [payment] = await paymentByReference(this.db).execute({ reference });
    if (!payment) return { status: 'not_found', reference };
    if (payment.status === 'success') {
      return {
        status: 'success',
        reference,
        amountKobo: payment.amountKobo,
        currency: payment.currency,
        paidAt: payment.paidAt,
      };
    }
    if (payment.status === 'failed')
      return { status: 'failed', reference, reason: 'Declined on the demo payment page' };
    return { status: 'pending', reference };
  }
}

/** The demo page's Pay or Decline. Only a pending demo payment can be decided, once. */
export async function decideDemoPayment(
  db: Db,
  reference: string,
  outcome: 'success' | 'failed',
): Promise<void> {
  const decided = await decidedPayment(db).execute({
    reference,
    status: outcome,
    paidAt: outcome === 'success' ? new Date().toISOString() : null,
  });
  if (decided.length > 0) return;
  const [payment] = await db
    .select({ reference: demoPayments.reference })
    .from(demoPayments)
    .where(eq(demoPayments.reference, reference));
  if (!payment) throw new NotFound('This payment does not exist.');
  // Already decided: a second click changes nothing.
}
