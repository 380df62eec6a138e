import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '~/components/catalog/product-image';
import { OrderSummary } from '~/components/checkout/order-summary';
import { formatAdminDateTime } from '~/lib/dates';
import { DELIVERY_METHOD_LABELS } from '#core/delivery/methods';
import { slotDateLabel } from '#core/delivery/slots';
import { formatNaira, formatWeight } from '#core/money';
import type { UserOrderDetails } from '#core/orders/service';
import { ORDER_EVENT_LABELS, type OrderEventKind } from '#core/orders/statuses';
import { displayPhone } from '#core/phone-display';
import { buyerOrigin } from '#core/sellers/origin-words';

type Order = UserOrderDetails['order'];

/** A card of a placed order's page, headed by its title (the heading names the section). */
function OrderSection({ title, children }: { title: string; children: ReactNode }) {
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

/** The items as bought: their price and weight then, linked to the product while it is still sold. */
export function OrderItems({
  items,
  origins,
}: {
  items: Order['items'];
  /** The farm each line that named one comes from, by its batch. */
  origins: UserOrderDetails['origins'];
}) {
  return (
    <OrderSection title="Items">
      <ul className="divide-y divide-slate-200">
        {items.map((item) => (
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
                {item.quantity > 1 ? ` (${item.quantity} × ${formatWeight(item.productWeightGrams)})` : ''}
              </p>
              {item.batchId !== null && origins[item.batchId] ? (
                <p className="text-slate-600">{buyerOrigin(origins[item.batchId]!)}</p>
              ) : null}
            </div>
            <p className="text-sm font-semibold">{formatNaira(item.totalPriceKobo)}</p>
          </li>
        ))}
      </ul>
    </OrderSection>
  );
}

/** How and where the order goes, and to whom. */
export function OrderDelivery({ order }: { order: Order }) {
  return (
    <OrderSection title="Delivery">
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
        {order.deliverySlotStartsAt && order.deliverySlotEndsAt ? (
          <>
            <dt className="text-slate-600">Delivery slot</dt>
            <dd>{slotDateLabel(order.deliverySlotStartsAt, order.deliverySlotEndsAt)}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">Recipient</dt>
        <dd>
          {order.shippingName} · {displayPhone(order.shippingPhone)}
        </dd>
        <dt className="text-slate-600">Address</dt>
        <dd>{order.shippingAddress}</dd>
      </dl>
    </OrderSection>
  );
}

/** What happened to the order, oldest first. */
export function OrderHistory({ history }: { history: UserOrderDetails['history'] }) {
  return (
    <OrderSection title="History">
      <ol className="space-y-2 text-sm">
        {history.map((event, i) => (
          <li key={i} className="flex flex-wrap justify-between gap-2 border-l-2 border-brand-600 pl-3">
            <span className="font-medium">
              {ORDER_EVENT_LABELS[event.kind as OrderEventKind] ?? event.kind}
            </span>
            <time className="text-slate-600" dateTime={new Date(event.at).toISOString()} data-keep-clear="">
              {formatAdminDateTime(event.at)}
            </time>
          </li>
        ))}
      </ol>
    </OrderSection>
  );
}

/** The notifications the shopper was sent about this order. */
export function OrderNotifications({ notifications }: { notifications: UserOrderDetails['notifications'] }) {
  return (
    <OrderSection title="Notifications">
      {notifications.length === 0 ? (
        <p className="text-sm text-slate-700">No notifications about this order yet.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {notifications.map((note) => (
            <li key={note.id} className="rounded border border-slate-200 p-3">
              <p>{note.message}</p>
              <time className="text-xs text-slate-600" dateTime={new Date(note.createdAt).toISOString()}>
                {formatAdminDateTime(note.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </OrderSection>
  );
}

/** What the order cost, as checkout priced it (the shared order summary). */
export function OrderPrice({ order, blocks }: { order: Order; blocks: UserOrderDetails['blocks'] }) {
  return (
    <OrderSection title="Summary">
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
    </OrderSection>
  );
}

/** The payment: its state, reference, when it was paid, and what was refunded of it. */
export function OrderPayment({ order, refunds }: { order: Order; refunds: UserOrderDetails['refunds'] }) {
  return (
    <OrderSection title="Payment">
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
    </OrderSection>
  );
}
