import { ArrowLeft } from 'lucide-react';
import { Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { ClaimSection } from '~/components/orders/claim-section';
import type { ChatHandle } from '~/components/layout/whatsapp-button';
import { ConfirmDialog } from '~/components/ui/dialog';
import { OrderStateBadges } from '~/components/orders/order-badges';
import {
  OrderDelivery,
  OrderHistory,
  OrderItems,
  OrderNotifications,
  OrderPayment,
  OrderPrice,
} from '~/components/orders/order-details';
import { Button, buttonClasses } from '~/components/ui/button';
import { formatAdminDateTime, formatShopperDate } from '~/lib/dates';
import { useActionResult } from '~/lib/use-action-result';
import { CANCEL_MESSAGES, cancelUnpaidOrder } from '#core/checkout/cancel';
import { fileClaim, orderClaimsFor } from '#core/orders/claims';
import { OrderPageActionSchema } from '#core/orders/schemas';
import { formatNaira } from '#core/money';
import { shortOrderId } from '#core/notifications/messages';
import { getUserOrder } from '#core/orders/service';
import type { CancelReason } from '#core/orders/statuses';
import type { Route } from './+types/account-order';
import { act, load } from '~/lib/route.server';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Order #${shortOrderId(data.details.order.id)} — FreshCatch` : 'Order — FreshCatch' },
  { name: 'robots', content: 'noindex' },
];

/** The WhatsApp chat opens naming the order. */
export const handle: ChatHandle = {
  chat: (data) => {
    const id = (data as { details?: { order: { id: string } } } | undefined)?.details?.order.id;
    return id ? { kind: 'order', orderNumber: shortOrderId(id) } : null;
  },
};

export const loader = load({
  auth: 'shopper',
  run: async ({ user, params, services: { db, checkout } }) => {
    const details = await getUserOrder(db, user.id, params.id ?? '');
    const { order } = details;
    const claims = await orderClaimsFor(db, order.id);
    // "Pay now" resumes the same payment (its reference, its payment page), with the provider that took it.
    const payNow =
      order.paymentState === 'awaiting' && order.paymentProvider === checkout.payments.name
        ? order.paymentAuthorizationUrl
        : null;
    return { details, payNow, claims };
  },
});

export const action = act({
  auth: 'shopper',
  form: OrderPageActionSchema,
  run: async ({ user, params, input, services: { checkout, storage } }) => {
    if (input.intent === 'claim') {
      const photo = Buffer.from(await input.photo.arrayBuffer());
      await fileClaim(
        { ...checkout, storage },
        user.id,
        params.id ?? '',
        { lines: input.lines, description: input.description, photo },
        formatAdminDateTime,
      );
      return { toast: { title: 'Claim sent', description: CLAIM_SENT } };
    }
    await cancelUnpaidOrder(checkout, user.id, params.id ?? '');
    return { toast: { title: 'Order cancelled', description: CANCEL_MESSAGES.cancelled } };
  },
});

const CLAIM_SENT = 'The shop will look at it and tell you what it decides.';

/** Why an order that was never paid ended, in the shopper's words. */
const UNPAID_ENDED: Record<CancelReason, string> = {
  shopper: 'You cancelled this order before paying for it. Nothing was charged.',
  declined: 'The payment for this order did not go through, so it was not placed. Nothing was charged.',
  unpaid: 'This order was not paid in time, so it was not placed. Nothing was charged.',
  replaced: 'A newer checkout of yours took the place of this order before it was paid. Nothing was charged.',
  shop: 'The shop cancelled this order before it was paid. Nothing was charged.',
  refunded: 'This order was not paid, so nothing was charged.',
};

export default function AccountOrder() {
  const { details, payNow, claims } = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>());
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const cancelling = submitting === 'cancel';
  const { order, origins, blocks, history, notifications, refunds } = details;
  const unpaidEnded = order.paymentState === 'expired' || order.paymentState === 'failed';

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Link
        to="/account?tab=orders"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> My Orders
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Order #{shortOrderId(order.id)}</h1>
          <p className="text-sm text-slate-600">
            Placed{' '}
            <time dateTime={new Date(order.createdAt).toISOString()}>
              {formatShopperDate(order.createdAt)}
            </time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <OrderStateBadges words={order.words} paymentPrefix="Payment: " />
        </div>
      </div>

      {order.paymentState === 'awaiting' ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p className="font-medium text-amber-900">This order is waiting for its payment.</p>
          {details.payableUntil ? (
            <p className="text-sm text-amber-900">
              You can pay it until{' '}
              <time dateTime={new Date(details.payableUntil).toISOString()}>
                {formatAdminDateTime(details.payableUntil)}
              </time>
              ; after that it expires.
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            {payNow ? (
              <a href={payNow} className={buttonClasses()}>
                Pay now {formatNaira(order.totalKobo)}
              </a>
            ) : null}
            <ConfirmDialog
              title="Cancel order"
              description={`Cancel order #${shortOrderId(order.id)}? It will not be paid for or delivered, and nothing is charged.`}
              trigger={
                <Button type="button" variant="outline" disabled={cancelling}>
                  {cancelling ? 'Cancelling...' : 'Cancel order'}
                </Button>
              }
              fields={{ intent: 'cancel' }}
              confirmLabel="Cancel order"
              keepLabel="Keep the order"
            />
          </div>
        </div>
      ) : null}
      {unpaidEnded ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
          {UNPAID_ENDED[order.cancelReason ?? 'unpaid']}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          <OrderItems items={order.items} origins={origins} />
          <ClaimSection claims={claims} busy={submitting === 'claim'} fieldErrors={fieldErrors} />
          <OrderDelivery order={order} />
          <OrderHistory history={history} />
          <OrderNotifications notifications={notifications} />
        </div>

        <div className="space-y-6">
          <OrderPrice order={order} blocks={blocks} />
          <OrderPayment order={order} refunds={refunds} />
        </div>
      </div>
    </div>
  );
}
