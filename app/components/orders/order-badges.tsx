import { Badge, type BadgeVariant } from '~/components/ui/badge';
import type { OrderWords, Tone } from '#core/orders/words';

const TONE_VARIANTS: Record<Tone, BadgeVariant> = {
  success: 'success',
  warning: 'warning',
  danger: 'destructive',
  info: 'secondary',
  neutral: 'outline',
};

export const capitalise = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/**
 * An order's state as core/orders/words.ts names it: its status ('Shipped', 'Cancelled — payment
 * declined') and its money ('Paid', 'Refunded ₦33,900'), the same on every screen.
 */
export function OrderStateBadges({
  words,
  paymentPrefix = '',
}: {
  words: OrderWords;
  paymentPrefix?: string;
}) {
  return (
    <>
      <Badge variant={TONE_VARIANTS[words.status.tone]}>{words.status.label}</Badge>
      <Badge variant={TONE_VARIANTS[words.payment.tone]}>
        {paymentPrefix}
        {words.payment.label}
      </Badge>
    </>
  );
}
