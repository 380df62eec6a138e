import { Download } from 'lucide-react';
import { Link, useActionData, useLoaderData } from 'react-router';
import { type AdminListColumn, AdminListScreen } from '~/components/admin/list-screen';
import { OrderDetails } from '~/components/admin/orders/order-details';
import { OrderFilters } from '~/components/admin/orders/order-filters';
import { RowIcon } from '~/components/admin/row-icon';
import { AdminThumbnail } from '~/components/admin/thumbnail';
import { OrderStateBadges } from '~/components/orders/order-badges';
import { buttonClasses } from '~/components/ui/button';
import { EmailAddress } from '~/components/ui/email-address';

import { act, load } from '~/lib/route.server';
import { formatShopperDate } from '~/lib/dates';
import { redirectWithToast } from '~/lib/toast.server';
import { backToList, useListHref } from '~/lib/use-list-href';
import { useActionResult } from '~/lib/use-action-result';
import { countLabel } from '#core/paging';
import { isOwner, STAFF_ORDER_STATUSES } from '#core/roles';
import { formatNaira } from '#core/money';
import { shortOrderId } from '#core/notifications/messages';
import {
  type AdminOrderRow,
  deleteOrder,
  getOrderForAdmin,
  listOrdersForAdmin,
  updateOrderStatus,
} from '#core/orders/management';
import { claimsOfOrder } from '#core/orders/claims';
import { orderMessages } from '#core/messages/history';
import { REFUND_WAITING, refundOrder } from '#core/orders/refunds';
import { OrderActionSchema, OrderListQuerySchema } from '#core/orders/schemas';
import type { Route } from './+types/orders';
import { slotDaysForFilter } from '#core/delivery/slot-bookings';

export const meta: Route.MetaFunction = () => [{ title: 'Orders — FreshCatch Admin' }];

export const loader = load({
  auth: 'admin',
  query: OrderListQuerySchema,
  run: async ({ admin, query, services: { db } }) => {
    const [list, details, claims, messages, slots] = await Promise.all([
      listOrdersForAdmin(db, admin, query),
      query.order ? getOrderForAdmin(db, admin, query.order!) : null,
      query.order ? claimsOfOrder(db, admin, query.order) : [],
      query.order ? orderMessages(db, admin, query.order) : [],
      slotDaysForFilter(db, admin),
    ]);
    const owner = isOwner(admin);
    // Staff move an order on to delivered, never cancel it (core/roles.ts): their dialog offers no more.
    const shown =
      details && !owner
        ? { ...details, choices: details.choices.filter((c) => STAFF_ORDER_STATUSES.includes(c.status)) }
        : details;
    return { list, details: shown, claims, messages, query, slots, owner };
  },
});

export const action = act({
  auth: 'admin',
  form: OrderActionSchema,
  // A refund sends money back (issue 52 §2); cancelling a paid order refunds through the same intent.
  fresh: (input) => input.intent === 'refund',
  run: async ({ admin, input, services: { db, checkout }, request, context }) => {
    if (input.intent === 'status') {
      await updateOrderStatus(checkout, admin, input.orderId, input.status);
      return { toast: { title: 'Status Updated', description: `Order status updated to ${input.status}` } };
    }
    if (input.intent === 'refund') {
      const outcome = await refundOrder(checkout, admin, input.orderId, input.request);
      return {
        toast:
          outcome === 'requested'
            ? { title: 'Refund Requested', description: REFUND_WAITING }
            : {
                title: 'Refund Issued',
                description:
                  outcome === 'processed'
                    ? 'The payment has been refunded to the customer.'
                    : 'The refund is with the payment provider; it reaches the customer in a few days.',
              },
      };
    }
    await deleteOrder(db, admin, input.orderId);
    // Back to the list the admin was looking at, without the deleted order's dialog.
    return redirectWithToast(context, backToList(request, { order: null, index: null }), {
      type: 'success',
      title: 'Order Deleted',
      description: 'The order has been successfully deleted.',
    });
  },
});

/** The list's filters (not its page or open order) for the CSV export. */
function exportQuery(query: {
  q?: string;
  status?: string;
  payment?: string;
  userId?: string;
  slot?: number;
}) {
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'payment', 'userId'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.slot) params.set('slot', String(query.slot));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Every row's View link looks the same: its classes are put together once. */
const VIEW_BUTTON_CLASSES = buttonClasses({ variant: 'outline', size: 'sm' });

const ORDER_COLUMNS: AdminListColumn<AdminOrderRow>[] = [
  { heading: 'Order ID', className: 'font-mono', cell: (order) => `#${shortOrderId(order.id)}` },
  {
    heading: 'Customer',
    cell: (order) => (
      <>
        <span className="block font-medium">{order.recipient}</span>
        {/* On a phone's card the address may wrap after its '@'; the table keeps it on one line
            (nowrap alone does not: Chromium still breaks at a <wbr>). */}
        <span className="block wrap-break-word text-slate-600 sm:whitespace-nowrap sm:[&_wbr]:hidden">
          {order.customerEmail ? <EmailAddress email={order.customerEmail} /> : 'Deleted account'}
        </span>
      </>
    ),
  },
  {
    heading: 'Items',
    cell: (order) => (
      <span className="flex items-center gap-1">
        {order.thumbnails.map((item, i) => (
          <AdminThumbnail
            key={i}
            url={item.imageUrl}
            alt={item.name}
            width={36}
            height={36}
            className="h-9 w-9 rounded object-cover"
          />
        ))}
        {order.itemCount > order.thumbnails.length ? (
          <span className="text-xs text-slate-600">+{order.itemCount - order.thumbnails.length}</span>
        ) : null}
      </span>
    ),
  },
  { heading: 'Amount', className: 'font-medium', cell: (order) => formatNaira(order.totalKobo) },
  {
    heading: 'Date',
    className: 'whitespace-nowrap',
    cell: (order) => (
      <time dateTime={new Date(order.createdAt).toISOString()}>{formatShopperDate(order.createdAt)}</time>
    ),
  },
  {
    heading: 'Status',
    cell: (order) => (
      <span className="flex flex-wrap gap-1">
        <OrderStateBadges words={order.words} paymentPrefix="Payment: " />
      </span>
    ),
  },
];

export default function AdminOrders() {
  const { list, details, claims, messages, query, slots, owner } = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>());
  const hrefWith = useListHref('/admin/orders');

  return (
    <AdminListScreen
      path="/admin/orders"
      title="Orders"
      actions={
        <div className="flex items-center gap-3">
          <p className="text-sm text-slate-600">
            {countLabel(list, 'order', 'orders')}
            {query.userId ? ' of one customer' : ''}
          </p>
          {owner ? (
            <a
              href={`/admin/orders/export${exportQuery(query)}`}
              download
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
            </a>
          ) : null}
        </div>
      }
      search={{
        id: 'orders-q',
        label: 'Search orders',
        placeholder: 'Order ID, name, address or phone',
        value: query.q,
      }}
      filters={<OrderFilters query={query} slots={slots} />}
      filtered={Boolean(query.q || query.status || query.payment || query.userId || query.slot)}
      submitLabel="Apply"
      rows={list.orders}
      rowKey={(order) => order.id}
      columns={ORDER_COLUMNS}
      rowActions={(order) => (
        <Link
          to={hrefWith({ order: order.id })}
          preventScrollReset
          className={VIEW_BUTTON_CLASSES}
          aria-label={`View order #${shortOrderId(order.id)}`}
        >
          <RowIcon name="view" /> View
        </Link>
      )}
      minWidth={720}
      empty="No orders found"
      paging={list}
      dialogParam="order"
      dialog={
        details
          ? {
              title: `Order #${shortOrderId(details.order.id)}`,
              wide: true,
              content: (
                <OrderDetails
                  details={details}
                  claims={claims}
                  messages={messages}
                  fieldErrors={fieldErrors}
                  owner={owner}
                />
              ),
            }
          : null
      }
    >
      {fieldErrors.orderId ? (
        <p role="alert" className="text-sm text-red-700">
          {fieldErrors.orderId}
        </p>
      ) : null}
    </AdminListScreen>
  );
}
