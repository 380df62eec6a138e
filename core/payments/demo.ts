import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { placeholderRow, preparedPerDb } from '../../db/prepared';
import { demoPayments } from '../../db/schema';
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

/**
 * The provider used when no Paystack keys are set: a page of our own, clearly marked
 * 'Demo payment — no money moves', where the shopper chooses Pay or Decline. Its choice is stored and
 * read back by verify(), so settling an order goes through exactly the path a real payment takes.
 */
export class DemoPaymentProvider implements PaymentProvider {
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

  /** Records the refund of a paid demo payment, once: no money moves. */
  async refund(reference: string, amountKobo: number): Promise<RefundStarted> {
    const refunded = await this.db
      .update(demoPayments)
      .set({ refundedKobo: amountKobo })
      .where(
        and(
          eq(demoPayments.reference, reference),
          eq(demoPayments.status, 'success'),
          isNull(demoPayments.refundedKobo),
        ),
      )
      .returning({ reference: demoPayments.reference });
    if (refunded.length === 0)
      throw new PaymentProviderError(`The demo payment ${reference} is not paid, or already refunded`, false);
    return { status: 'processed', refundReference: `DEMO-REFUND-${reference}` };
  }

  /** The demo payment's refund, if it has one (its own record of what it refunded). */
  async refundsOf(reference: string): Promise<ProviderRefund[]> {
    const [payment] = await this.db
      .select({ refundedKobo: demoPayments.refundedKobo })
      .from(demoPayments)
      .where(eq(demoPayments.reference, reference));
    return payment?.refundedKobo
      ? [{ id: `DEMO-REFUND-${reference}`, amountKobo: payment.refundedKobo, status: 'processed' }]
      : [];
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
