import { Trash2 } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { ProductImage } from '~/components/catalog/product-image';
import { ClaimWithOutcome } from '~/components/claims/claim-card';
import { capitalise, OrderStateBadges } from '~/components/orders/order-badges';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/dialog';
import { formatShopperDate } from '~/lib/dates';
import { DELIVERY_METHOD_LABELS } from '#core/delivery/methods';
import { slotDateLabel } from '#core/delivery/slots';
import { formatNaira, formatWeight } from '#core/money';
import { CLAIM_WINDOW_HOURS } from '#core/orders/claim-window';
import type { ClaimView } from '#core/orders/claims';
import { shortOrderId } from '#core/notifications/messages';
import type { AdminOrderDetails } from '#core/orders/management';
import { RefundSection } from './refund-section';
import { OrderMessages } from './order-messages';
import type { MessageView } from '#core/messages/history';
import { displayPhone } from '#core/phone-display';
import { packerOrigin } from '#core/sellers/origin-words';

/**
 * An order opened from the admin orders list (the body of its dialog): its items, amounts, payment,
 * delivery and recipient, the status changes its lifecycle allows, its refunds, and Delete. Every form
 * posts to the orders route.
 */
export function OrderDetails({
  details,
  claims = [],
  messages = [],
  fieldErrors,
  owner = true,
}: {
  details: AdminOrderDetails;
  /** False for staff: no refunds or deletion (core/roles.ts; their `choices` come without cancelling). */
  owner?: boolean;
  /** Its WhatsApp and SMS messages (issue 35). */
  messages?: MessageView[];
  /** The order's freshness claims (decided on the dashboard). */
  claims?: ClaimView[];
  fieldErrors: Record<string, string | undefined>;
}) {
  const { order, items } = details;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <div className="space-y-5 text-sm">
      <div className="flex flex-wrap gap-2">
        <OrderStateBadges words={details.words} />
        <span className="text-slate-600">
          Placed{' '}
          <time dateTime={new Date(order.createdAt).toISOString()}>{formatShopperDate(order.createdAt)}</time>
        </span>
      </div>

      <section aria-labelledby="order-items">
        <h3 id="order-items" className="mb-2 font-semibold">
          Items
        </h3>
        {items.length === 0 ? (
          <p className="text-slate-700">No items found for this order</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded border border-slate-200">
            {items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 p-2">
                <ProductImage
                  url={item.productImageUrl}
                  alt={item.productName}
                  sizes="48px"
                  className="h-12 w-12 rounded object-cover"
                  width={48}
                  height={48}
                />
                <span className="flex-1">
                  <span className="block font-medium">{item.productName}</span>
                  <span className="block text-slate-600">
                    {item.quantity} × {formatNaira(item.unitPriceKobo)} ·{' '}
                    {formatWeight(item.productTotalWeightGrams)}
                  </span>
                  {item.batchId !== null && details.origins[item.batchId] ? (
                    <span className="block text-slate-700">
                      {packerOrigin(details.origins[item.batchId]!)}
                    </span>
                  ) : null}
                </span>
                <span className="font-medium">{formatNaira(item.totalPriceKobo)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="text-right">{formatNaira(details.subtotalKobo)}</dd>
        <dt className="text-slate-600">Delivery fee</dt>
        <dd className="text-right">{details.freeDelivery ? 'Free' : formatNaira(order.deliveryFeeKobo)}</dd>
        <dt className="text-slate-600">Discount{details.discountCode ? ` (${details.discountCode})` : ''}</dt>
        <dd className="text-right">
          {details.freeDelivery
            ? `Free delivery (${formatNaira(order.discountKobo)})`
            : order.discountKobo > 0
              ? `−${formatNaira(order.discountKobo)}`
              : '—'}
        </dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{formatNaira(order.totalKobo)}</dd>
      </dl>

      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Payment</dt>
          <dd>
            {details.words.payment.label} · <span className="font-mono">{order.paymentReference}</span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Delivery</dt>
          <dd>
            {DELIVERY_METHOD_LABELS[order.deliveryMethod]} · {order.deliveryLocation}
            {order.pickupLocation ? ` · ${order.pickupLocation}` : ''}
            {order.deliverySlotStartsAt && order.deliverySlotEndsAt ? (
              <span className="block">
                Slot: {slotDateLabel(order.deliverySlotStartsAt, order.deliverySlotEndsAt)}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Recipient</dt>
          <dd>
            {order.shippingName} · {displayPhone(order.shippingPhone)}
            <span className="block">{order.shippingAddress}</span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Customer e-mail</dt>
          <dd>{details.customerEmail ?? 'Deleted account'}</dd>
        </div>
      </dl>

      <section aria-labelledby="order-status">
        <h3 id="order-status" className="mb-2 font-semibold">
          Update status
        </h3>
        <div className="flex flex-wrap gap-2">
          {details.choices.map(({ status, allowed, via }) =>
            status === 'cancelled' ? (
              <ConfirmDialog
                key={status}
                title="Cancel order"
                description={
                  via === 'refund'
                    ? `This order has been paid. Cancelling it refunds ${formatNaira(details.keptKobo)} to the customer, and this cannot be undone. Cancel and refund?`
                    : 'Cancel this order? The customer is told, and it can no longer be paid for here.'
                }
                trigger={
                  <Button type="button" size="sm" variant="destructive" disabled={!allowed || busy}>
                    {via === 'refund' && allowed
                      ? `Cancel and refund ${formatNaira(details.keptKobo)}`
                      : 'Cancelled'}
                  </Button>
                }
                fields={
                  via === 'refund'
                    ? { intent: 'refund', orderId: order.id, reason: 'cancelled' }
                    : { intent: 'status', orderId: order.id, status: 'cancelled' }
                }
                confirmLabel={via === 'refund' ? 'Cancel and refund' : 'Cancel order'}
                keepLabel="Keep the order"
              />
            ) : status === 'delivered' ? (
              // Delivered cannot be undone and starts the buyer's time to report a problem: asked first.
              <ConfirmDialog
                key={status}
                title="Mark as delivered"
                description={`Mark order #${shortOrderId(order.id)} as delivered? The customer is told, and their time to report a problem starts now (${CLAIM_WINDOW_HOURS.fresh} hours for fresh fish). This cannot be undone.`}
                trigger={
                  <Button type="button" size="sm" variant="outline" disabled={!allowed || busy}>
                    {capitalise(status)}
                  </Button>
                }
                fields={{ intent: 'status', orderId: order.id, status }}
                confirmLabel="Mark as delivered"
                keepLabel="Not yet"
                confirmVariant="default"
              />
            ) : (
              <Form key={status} method="post" preventScrollReset>
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="orderId" value={order.id} />
                <input type="hidden" name="status" value={status} />
                <Button type="submit" size="sm" variant="outline" disabled={!allowed || busy}>
                  {capitalise(status)}
                </Button>
              </Form>
            ),
          )}
        </div>
      </section>

      {/* A new refund starts the form afresh (closed, nothing chosen). */}
      {owner && order.paymentStatus === 'success' ? (
        <RefundSection key={details.refunds.length} details={details} busy={busy} fieldErrors={fieldErrors} />
      ) : null}

      {claims.length > 0 ? (
        <section aria-labelledby="order-claims">
          <h3 id="order-claims" className="mb-2 font-semibold">
            Freshness claims
          </h3>
          <ul className="space-y-2">
            {claims.map((claim) => (
              <ClaimWithOutcome key={claim.id} claim={claim} reader="shop" />
            ))}
          </ul>
          {claims.some((claim) => claim.status === 'open') ? (
            <p className="mt-2">
              <Link to="/admin#claims" className="text-brand-700 underline">
                Decide it on the dashboard
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}

      <OrderMessages messages={messages} />

      {owner ? (
        <div className="flex justify-end border-t border-slate-200 pt-4">
          <ConfirmDialog
            title="Delete order"
            description="Are you sure you want to delete this order?"
            trigger={
              <Button type="button" variant="ghost" className="text-red-700">
                <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete order
              </Button>
            }
            fields={{ intent: 'delete', orderId: order.id }}
          />
        </div>
      ) : null}
    </div>
  );
}
