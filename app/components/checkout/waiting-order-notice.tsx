import { useFetcher } from 'react-router';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { WAITING_ORDER_MESSAGES } from '#core/checkout/waiting-rules';
import type { WaitingOrderView } from '#core/checkout/waiting';
import { formatNaira } from '#core/money';
import { shortOrderId } from '#core/notifications/messages';

/**
 * The buyer's orders waiting for payment, said above the checkout (issue 48): the cart's own is
 * resumed by Pay; another that holds some of these products is theirs to pay for, or to cancel (its
 * stock and slot given back) and start again.
 */
export function WaitingOrderNotice({
  cartsOrder,
  otherOrder,
}: {
  cartsOrder: WaitingOrderView | null;
  otherOrder: WaitingOrderView | null;
}) {
  const cancel = useFetcher();
  if (cartsOrder)
    return (
      <Alert tone="info" title={WAITING_ORDER_MESSAGES.resumeTitle} className="mt-6">
        {WAITING_ORDER_MESSAGES.resume(shortOrderId(cartsOrder.orderId))}
      </Alert>
    );
  if (!otherOrder) return null;
  return (
    <Alert tone="warning" title={WAITING_ORDER_MESSAGES.otherTitle} className="mt-6">
      <p>
        {WAITING_ORDER_MESSAGES.other(shortOrderId(otherOrder.orderId), formatNaira(otherOrder.totalKobo))}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={otherOrder.authorizationUrl} className={buttonClasses({ size: 'sm' })}>
          {WAITING_ORDER_MESSAGES.payWaiting}
        </a>
        <cancel.Form method="post" action={`/account/orders/${otherOrder.orderId}`}>
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" size="sm" variant="outline" disabled={cancel.state !== 'idle'}>
            {WAITING_ORDER_MESSAGES.cancelWaiting}
          </Button>
        </cancel.Form>
      </div>
    </Alert>
  );
}
