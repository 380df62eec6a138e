import type { PaymentStatus } from './statuses';

/** How long an unpaid order keeps its discount reservation before it expires. */
export const PENDING_ORDER_LIFETIME_MS = 30 * 60 * 1000;

/**
 * An order still awaiting payment this long after it was placed gets one reminder (issue 35), unless
 * less than PAYMENT_REMINDER_LAST_MS of its lifetime is left: a reminder then would arrive as it expires.
 */
export const PAYMENT_REMINDER_AFTER_MS = 10 * 60 * 1000;
export const PAYMENT_REMINDER_LAST_MS = 5 * 60 * 1000;

/**
 * How a shopper sees an order's payment: paid; awaiting payment (it can still be paid, for
 * 30 minutes after it was placed); expired (unpaid past that, even before the expiry job has run);
 * failed (declined).
 */
export type ShopperPaymentState = 'paid' | 'awaiting' | 'expired' | 'failed';

export function payableUntil(order: { createdAt: Date | string }): Date {
  return new Date(new Date(order.createdAt).getTime() + PENDING_ORDER_LIFETIME_MS);
}

export function shopperPaymentState(
  order: { paymentStatus: PaymentStatus; createdAt: Date | string },
  now: Date,
): ShopperPaymentState {
  if (order.paymentStatus === 'success') return 'paid';
  if (order.paymentStatus === 'failed') return 'failed';
  if (order.paymentStatus === 'expired') return 'expired';
  return now.getTime() < payableUntil(order).getTime() ? 'awaiting' : 'expired';
}
