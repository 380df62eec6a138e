export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Payment states of an order. The spec shows `success` and `pending`; `failed` (declined) and
 * `expired` (abandoned past the time limit) are ours, so a reservation can be released.
 */
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * What an order's history records (core/orders/events.ts): placed, paid, a status the shop set, a
 * refund, and the ways an unpaid order ends (the payment failed, it expired, the shopper cancelled it).
 */
export const ORDER_EVENT_KINDS = [
  'placed',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'pending',
  'refunded',
  'payment_failed',
  'expired',
  'replaced',
  'refund_requested',
  'refund_failed',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export const ORDER_EVENT_LABELS: Record<OrderEventKind, string> = {
  placed: 'Order placed',
  paid: 'Payment received',
  pending: 'Back to pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  payment_failed: 'Payment failed',
  expired: 'Expired unpaid',
  replaced: 'Replaced by a newer order',
  refund_requested: 'Refund requested',
  refund_failed: 'Refund failed',
};

/**
 * Why an order is cancelled (core/orders/lifecycle.ts): the shopper cancelled it, its payment was
 * declined, it was not paid in time, a newer checkout of the same cart or code replaced it, the shop
 * cancelled it before it was paid, or the shop refunded all of it.
 */
export const CANCEL_REASONS = ['shopper', 'declined', 'unpaid', 'replaced', 'shop', 'refunded'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * A refund's progress: 'requested' while the provider is being asked (it claims the order, so a second
 * request finds it taken), 'pending' when the provider took it and the money is on its way,
 * 'processed' when it arrived, 'failed' when the provider refused.
 */
export const REFUND_STATUSES = ['requested', 'pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Why the shop gave money back (issue "Orders tell the truth"): the fish spoiled on arrival, it weighed
 * short, a line was out of stock, the order was cancelled, another reason (the admin's note says), or
 * a refund made at the payment provider that the shop found there.
 */
export const REFUND_REASONS = [
  'spoiled',
  'short_weight',
  'out_of_stock',
  'cancelled',
  'other',
  'provider',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The reasons an admin chooses from on the refund form (the others are the shop's own). */
export const CHOSEN_REFUND_REASONS = ['spoiled', 'short_weight', 'out_of_stock', 'other'] as const;

export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  spoiled: 'Spoiled on arrival',
  short_weight: 'Short weight',
  out_of_stock: 'Out of stock',
  cancelled: 'Order cancelled',
  other: 'Other',
  provider: 'Made at the payment provider',
};

/** A line of an order given back: which line, and how many of it. */
export interface RefundedLine {
  itemId: number;
  quantity: number;
}
