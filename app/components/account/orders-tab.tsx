import { clsx } from 'clsx';
import { Link } from 'react-router';
import { ProductImage } from '~/components/catalog/product-image';
import { capitalise, OrderStateBadges } from '~/components/orders/order-badges';
import { Button, buttonClasses } from '~/components/ui/button';
import { cart } from '~/lib/cart';
import { formatShopperDate } from '~/lib/dates';
import { cartLinesFromOrder } from '#core/cart/rules';
import { DELIVERY_METHOD_LABELS } from '#core/delivery/methods';
import { formatNaira } from '#core/money';
import { shortOrderId } from '#core/notifications/messages';
import type { OrderStats, OrderWithItems } from '#core/orders/service';
import { ORDER_STATUSES, type OrderStatus } from '#core/orders/statuses';

function BuyAgain({ order }: { order: OrderWithItems }) {
  // The cart re-reads today's prices from the server when it opens.
  return (
    <Button variant="outline" size="sm" onClick={() => cart.addLines(cartLinesFromOrder(order.items))}>
      Buy Again
    </Button>
  );
}

export function OrdersTab({
  orders,
  stats,
  status,
}: {
  orders: OrderWithItems[];
  stats: OrderStats;
  status: OrderStatus | null;
}) {
  const cards: [string, number][] = [
    ['Total', stats.total],
    ['Pending', stats.pending],
    ['Processing', stats.processing],
    ['Shipped', stats.shipped],
    ['Completed', stats.delivered],
    ['Cancelled', stats.cancelled],
  ];
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold">My Orders</h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {cards.map(([label, value]) => (
          <li key={label} className="rounded-lg border border-slate-200 bg-white p-3 text-center">
            <p className="text-2xl font-bold">{value}</p>
            <p className="text-xs text-slate-600">{label}</p>
          </li>
        ))}
      </ul>
      <nav aria-label="Filter orders by status" className="flex flex-wrap gap-2">
        {[null, ...ORDER_STATUSES].map((s) => (
          <Link
            key={s ?? 'all'}
            to={s ? `/account?tab=orders&status=${s}` : '/account?tab=orders'}
            aria-current={status === s ? 'page' : undefined}
            className={clsx(
              'rounded-full border px-3 py-1 text-sm font-medium',
              status === s
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white hover:bg-slate-100',
            )}
          >
            {s ? capitalise(s) : 'All'}
          </Link>
        ))}
      </nav>
      {orders.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-slate-800">
            {status ? `No ${status} orders.` : "You haven't placed any orders yet."}
          </p>
          <Link to="/products" className="mt-3 inline-block font-semibold text-brand-700 hover:underline">
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {orders.map((order) => (
            <li key={order.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 className="font-semibold">
                    <Link to={`/account/orders/${order.id}`} className="hover:underline">
                      Order #{shortOrderId(order.id)}
                    </Link>
                  </h3>
                  <p className="text-sm text-slate-600">
                    <time dateTime={new Date(order.createdAt).toISOString()}>
                      {formatShopperDate(order.createdAt)}
                    </time>{' '}
                    · {DELIVERY_METHOD_LABELS[order.deliveryMethod]}
                    {order.pickupLocation ? ` · ${order.pickupLocation}` : ` · ${order.deliveryLocation}`}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <OrderStateBadges words={order.words} paymentPrefix="Payment: " />
                </div>
              </div>
              <div className="mt-3 flex items-center gap-2">
                {order.items.slice(0, 3).map((item) => (
                  <ProductImage
                    key={item.id}
                    url={item.productImageUrl}
                    alt={item.productName}
                    sizes="56px"
                    width={56}
                    height={42}
                    className="h-10 w-14 rounded object-cover"
                  />
                ))}
                {order.items.length > 3 ? (
                  <span className="text-sm font-semibold text-slate-700">+{order.items.length - 3}</span>
                ) : null}
              </div>
              <div className="mt-3 flex flex-wrap items-end justify-between gap-2 text-sm">
                <div className="space-y-0.5">
                  <p>
                    <span className="text-slate-600">Amount:</span>{' '}
                    <strong>{formatNaira(order.totalKobo)}</strong>
                  </p>
                  {order.discountKobo > 0 ? (
                    <p className="text-green-700">
                      {order.freeDelivery
                        ? `Free delivery (saved ${formatNaira(order.discountKobo)})`
                        : `Discount: ${formatNaira(order.discountKobo)}`}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  {order.paymentState === 'awaiting' ? (
                    <Link
                      to={`/account/orders/${order.id}`}
                      className={buttonClasses({ size: 'sm' })}
                      aria-label={`Pay or cancel order #${shortOrderId(order.id)}`}
                    >
                      Pay or cancel
                    </Link>
                  ) : null}
                  {order.status === 'delivered' ? <BuyAgain order={order} /> : null}
                  <Link
                    to={`/account/orders/${order.id}`}
                    className={buttonClasses({ variant: 'outline', size: 'sm' })}
                    aria-label={`View order #${shortOrderId(order.id)}`}
                  >
                    View order
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
