import { Badge, type BadgeVariant } from '~/components/ui/badge';
import type { ShopperPaymentState } from '#core/orders/payment-state';
import type { OrderStatus, PaymentStatus } from '#core/orders/statuses';

const STATUS_VARIANTS: Record<OrderStatus, BadgeVariant> = {
  pending: 'warning',
  processing: 'secondary',
  shipped: 'default',
  delivered: 'success',
  cancelled: 'destructive',
};

const PAYMENT_BADGES: Record<PaymentStatus, { label: string; variant: BadgeVariant }> = {
  success: { label: 'Paid', variant: 'success' },
  pending: { label: 'Pending', variant: 'outline' },
  failed: { label: 'Failed', variant: 'destructive' },
  expired: { label: 'Expired', variant: 'destructive' },
};

export const capitalise = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** An order's fulfilment status, as the shopper's and the admin's lists show it. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{capitalise(status)}</Badge>;
}

/** An order's payment status: Paid, Pending, Failed or Expired. */
export function PaymentStatusBadge({ status, prefix = '' }: { status: PaymentStatus; prefix?: string }) {
  return (
    <Badge variant={PAYMENT_BADGES[status].variant}>
      {prefix}
      {PAYMENT_BADGES[status].label}
    </Badge>
  );
}

const SHOPPER_PAYMENT_BADGES: Record<ShopperPaymentState, { label: string; variant: BadgeVariant }> = {
  paid: { label: 'Paid', variant: 'success' },
  awaiting: { label: 'Awaiting', variant: 'outline' },
  expired: { label: 'Expired', variant: 'destructive' },
  failed: { label: 'Failed', variant: 'destructive' },
};

export const shopperPaymentLabel = (state: ShopperPaymentState) => SHOPPER_PAYMENT_BADGES[state].label;

/**
 * A shopper's view of an order's payment (issue 14): an unpaid order past its 30 minutes reads
 * 'Expired', not 'Pending', even before the expiry job has run.
 */
export function ShopperPaymentBadge({ state, prefix = '' }: { state: ShopperPaymentState; prefix?: string }) {
  return (
    <Badge variant={SHOPPER_PAYMENT_BADGES[state].variant}>
      {prefix}
      {SHOPPER_PAYMENT_BADGES[state].label}
    </Badge>
  );
}
