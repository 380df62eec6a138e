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
};
