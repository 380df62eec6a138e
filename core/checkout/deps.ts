import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { JobQueue } from '../jobs/queue';
import { type PaymentProvider } from '../payments/provider';

/** What checkout's three jobs (quote.ts, place.ts, settle.ts) share: their dependencies and constants. */

export interface LogLike {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface CheckoutDeps {
  db: Db;
  payments: PaymentProvider;
  /** E-mails go out through the job queue, enqueued in the transaction that causes them. */
  jobs: JobQueue;
  logger: LogLike;
  publicUrl: string;
  formatMoney: (kobo: number) => string;
  now?: () => Date;
}

export const ORDER_PROCESSING_ERROR = {
  title: 'Order Processing Error',
  message: 'There was an issue creating your order. Please contact support.',
};

/** Unique, and only letters, digits and '-' (Paystack's reference alphabet). */
export function newPaymentReference(now = new Date()): string {
  return `FC-${now.getTime().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;
}

/**
 * How long an unpaid order holds a use of a code that has a usage limit: buyers who never pay cannot
 * keep a capped code (FREEDELIVERY's 20 uses) from everyone else for the order's whole lifetime.
 */
export const CAPPED_CODE_HOLD_MS = 10 * 60 * 1000;
