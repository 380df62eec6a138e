import { ArrowLeft } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { ConfirmDialog } from '~/components/ui/dialog';
import { ProductImage } from '~/components/catalog/product-image';
import { OrderSummary } from '~/components/checkout/order-summary';
import { OrderStateBadges } from '~/components/orders/order-badges';
import { Button, buttonClasses } from '~/components/ui/button';
import { formAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import { formatAdminDateTime, formatShopperDate } from '~/lib/dates';
import { orThrowResponse } from '~/lib/errors.server';
import { useActionResult } from '~/lib/use-action-result';
import { CANCEL_MESSAGES, cancelUnpaidOrder } from '#core/checkout/cancel';
import { OrderPageActionSchema } from '#core/checkout/schemas';
import { DELIVERY_METHOD_LABELS } from '#core/delivery/methods';
import { formatNaira, formatWeight } from '#core/money';
import { shortOrderId } from '#core/notifications/messages';
import { getUserOrder } from '#core/orders/service';
import { ORDER_EVENT_LABELS, type CancelReason, type OrderEventKind } from '#core/orders/statuses';
import type { Route } from './+types/account-order';
import { shop } from '~/lib/context';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Order #${shortOrderId(data.details.order.id)} — FreshCatch` : 'Order — FreshCatch' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { db, checkout } = shop(context).services;
  const details = await orThrowResponse(() => getUserOrder(db, user.id, params.id));
  const { order } = details;
  // "Pay now" resumes the same payment (its reference, its payment page), with the provider that took it.
  const payNow =
    order.paymentState === 'awaiting' && order.paymentProvider === checkout.payments.name
      ? order.paymentAuthorizationUrl
      : null;
  return { details, payNow };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  return formAction(request, OrderPageActionSchema, async () => {
    await cancelUnpaidOrder(shop(context).services.checkout, user.id, params.id);
    return { toast: { title: 'Order cancelled', description: CANCEL_MESSAGES.cancelled } };
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

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
  const { details, payNow } = useLoaderData<typeof loader>();
  useActionResult(useActionData<typeof action>());
  const navigation = useNavigation();
  const cancelling = navigation.state === 'submitting';
  const { order, blocks, history, notifications, refunds } = details;
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
          <Section title="Items">
            <ul className="divide-y divide-slate-200">
              {order.items.map((item) => (
                <li key={item.id} className="flex gap-3 py-3">
                  <ProductImage
                    url={item.productImageUrl}
                    alt={item.productName}
                    sizes="80px"
                    width={80}
                    height={60}
                    className="h-15 w-20 shrink-0 rounded object-cover"
                  />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium">
                      {item.productId ? (
                        <Link to={`/products/${item.productId}`} className="hover:underline">
                          {item.productName}
                        </Link>
                      ) : (
                        item.productName
                      )}
                    </p>
                    <p className="text-slate-600">
                      {item.quantity} × {formatNaira(item.unitPriceKobo)}
                    </p>
                    <p className="text-slate-600">
                      {formatWeight(item.productTotalWeightGrams)}
                      {item.quantity > 1
                        ? ` (${item.quantity} × ${formatWeight(item.productWeightGrams)})`
                        : ''}
                    </p>
                  </div>
                  <p className="text-sm font-semibold">{formatNaira(item.totalPriceKobo)}</p>
                </li>
              ))}
            </ul>
          </Section>

          <Section title="Delivery">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">Method</dt>
              <dd>{DELIVERY_METHOD_LABELS[order.deliveryMethod]}</dd>
              <dt className="text-slate-600">Location</dt>
              <dd>{order.deliveryLocation}</dd>
              {order.pickupLocation ? (
                <>
                  <dt className="text-slate-600">Pickup point</dt>
                  <dd>{order.pickupLocation}</dd>
                </>
              ) : null}
              <dt className="text-slate-600">Recipient</dt>
              <dd>
                {order.shippingName} · {order.shippingPhone}
              </dd>
              <dt className="text-slate-600">Address</dt>
              <dd>{order.shippingAddress}</dd>
            </dl>
          </Section>

          <Section title="History">
            <ol className="space-y-2 text-sm">
              {history.map((event, i) => (
                <li key={i} className="flex flex-wrap justify-between gap-2 border-l-2 border-brand-600 pl-3">
                  <span className="font-medium">
                    {ORDER_EVENT_LABELS[event.kind as OrderEventKind] ?? event.kind}
                  </span>
                  <time className="text-slate-600" dateTime={new Date(event.at).toISOString()}>
                    {formatAdminDateTime(event.at)}
                  </time>
                </li>
              ))}
            </ol>
          </Section>

          <Section title="Notifications">
            {notifications.length === 0 ? (
              <p className="text-sm text-slate-700">No notifications about this order yet.</p>
            ) : (
              <ul className="space-y-2 text-sm">
                {notifications.map((note) => (
                  <li key={note.id} className="rounded border border-slate-200 p-3">
                    <p>{note.message}</p>
                    <time
                      className="text-xs text-slate-600"
                      dateTime={new Date(note.createdAt).toISOString()}
                    >
                      {formatAdminDateTime(note.createdAt)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>

        <div className="space-y-6">
          <Section title="Summary">
            <OrderSummary
              subtotalKobo={order.subtotalKobo}
              delivery={{
                method: order.deliveryMethod,
                feeKobo: order.deliveryFeeKobo,
                free: order.freeDelivery,
                weightGrams: order.totalWeightGrams,
                ...blocks,
              }}
              discount={{
                kobo: order.discountKobo,
                freeDelivery: order.freeDelivery,
                code: order.discountCode,
              }}
              totalKobo={order.totalKobo}
            />
          </Section>
          <Section title="Payment">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">Status</dt>
              <dd>{order.words.payment.label}</dd>
              <dt className="text-slate-600">Reference</dt>
              <dd className="font-mono text-xs break-all">{order.paymentReference}</dd>
              {order.paidAt ? (
                <>
                  <dt className="text-slate-600">Paid</dt>
                  <dd>{formatAdminDateTime(order.paidAt)}</dd>
                </>
              ) : null}
              {refunds.map((refund) => (
                <Fragment key={refund.id}>
                  <dt className="text-slate-600">Refund</dt>
                  <dd>{refund.summary}</dd>
                </Fragment>
              ))}
            </dl>
          </Section>
        </div>
      </div>
    </div>
  );
}
