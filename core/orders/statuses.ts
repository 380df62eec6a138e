/** An order's states and reasons are the schema's (db/schema/enums.ts); their words are here. */
export {
  CANCEL_REASONS,
  HOLD_STATES,
  CLAIM_STATUSES,
  ORDER_EVENT_KINDS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
  type CancelReason,
  type HoldState,
  type ClaimStatus,
  type OrderEventKind,
  type OrderStatus,
  type PaymentStatus,
  type RefundedLine,
  type RefundReason,
  type RefundStatus,
} from '../../db/schema/enums';
import type { OrderEventKind, RefundReason } from '../../db/schema/enums';

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
  claim_filed: 'Freshness claim filed',
  claim_approved: 'Claim approved',
  claim_declined: 'Claim declined',
  payment_reminder: 'Payment reminder sent',
};

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
