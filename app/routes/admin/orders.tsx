import { Download } from 'lucide-react';
import { Link, useActionData, useLoaderData, useNavigate } from 'react-router';
import { Pagination } from '~/components/catalog/pagination';
import { RowIcon } from '~/components/admin/row-icon';
import { AdminThumbnail } from '~/components/admin/thumbnail';
import { AdminCell, AdminRow, AdminTable } from '~/components/admin/data-table';
import { OrderDetailsDialog } from '~/components/admin/orders/order-details-dialog';
import { AdminSearchBox } from '~/components/admin/search-box';
import { capitalise, OrderStateBadges } from '~/components/orders/order-badges';
import { buttonClasses } from '~/components/ui/button';
import { EmailAddress } from '~/components/ui/email-address';
import { inputClasses } from '~/components/ui/field';
import { formAction } from '~/lib/actions.server';
import { adminOf } from '~/lib/auth.server';
import { formatShopperDate } from '~/lib/dates';
import { orThrowResponse } from '~/lib/errors.server';
import { redirectWithToast } from '~/lib/toast.server';
import { useListHref } from '~/lib/use-list-href';
import { useActionResult } from '~/lib/use-action-result';
import { readListQuery } from '#core/list-query';
import { countLabel } from '#core/paging';
import { formatNaira } from '#core/money';
import { shortOrderId } from '#core/notifications/messages';
import {
  deleteOrder,
  getOrderForAdmin,
  listOrdersForAdmin,
  updateOrderStatus,
} from '#core/orders/management';
import { REFUND_WAITING, refundOrder } from '#core/orders/refunds';
import {
  OrderActionSchema,
  OrderListQuerySchema,
  PAYMENT_FILTER_LABELS,
  PAYMENT_FILTERS,
} from '#core/orders/schemas';
import { ORDER_STATUSES } from '#core/orders/statuses';
import type { Route } from './+types/orders';
import { shop } from '~/lib/context';

export const meta: Route.MetaFunction = () => [{ title: 'Orders — FreshCatch Admin' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const query = readListQuery(OrderListQuerySchema, new URL(request.url).searchParams);
  const { db } = shop(context).services;
  const [list, details] = await Promise.all([
    listOrdersForAdmin(db, admin, query),
    query.order ? orThrowResponse(() => getOrderForAdmin(db, admin, query.order!)) : null,
  ]);
  return { list, details, query };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { db } = shop(context).services;
  return formAction(request, OrderActionSchema, async (input) => {
    if (input.intent === 'status') {
      await updateOrderStatus(shop(context).services.checkout, admin, input.orderId, input.status);
      return { toast: { title: 'Status Updated', description: `Order status updated to ${input.status}` } };
    }
    if (input.intent === 'refund') {
      const outcome = await refundOrder(shop(context).services.checkout, admin, input.orderId, input.request);
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
    const back = new URL(request.url);
    back.searchParams.delete('order');
    back.searchParams.delete('index');
    return redirectWithToast(context, back.pathname + back.search, {
      type: 'success',
      title: 'Order Deleted',
      description: 'The order has been successfully deleted.',
    });
  });
}

/** The list's filters (not its page or open order) for the CSV export. */
function exportQuery(query: { q?: string; status?: string; payment?: string; userId?: string }) {
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'payment', 'userId'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Every row's View link looks the same: its classes are put together once. */
const VIEW_BUTTON_CLASSES = buttonClasses({ variant: 'outline', size: 'sm' });

export default function AdminOrders() {
  const { list, details, query } = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>());
  const hrefWith = useListHref('/admin/orders');
  const navigate = useNavigate();
  const filtered = Boolean(query.q || query.status || query.payment || query.userId);
  const exportSearch = exportQuery(query);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Orders</h1>
        <div className="flex items-center gap-3">
          <p className="text-sm text-slate-600">
            {countLabel(list, 'order', 'orders')}
            {query.userId ? ' of one customer' : ''}
          </p>
          <a
            href={`/admin/orders/export${exportSearch}`}
            download
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
          </a>
        </div>
      </div>

      <AdminSearchBox
        id="orders-q"
        label="Search orders"
        placeholder="Order ID, name, address or phone"
        value={query.q}
        clearTo="/admin/orders"
        filtered={filtered}
        submitLabel="Apply"
      >
        {query.userId ? <input type="hidden" name="userId" value={query.userId} /> : null}
        <div>
          <label htmlFor="orders-status" className="mb-1 block text-sm font-medium">
            Status
          </label>
          <select id="orders-status" name="status" defaultValue={query.status ?? ''} className={inputClasses}>
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {capitalise(status)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-payment" className="mb-1 block text-sm font-medium">
            Payment
          </label>
          <select
            id="orders-payment"
            name="payment"
            defaultValue={query.payment ?? ''}
            className={inputClasses}
          >
            <option value="">All payments</option>
            {PAYMENT_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {PAYMENT_FILTER_LABELS[filter]}
              </option>
            ))}
          </select>
        </div>
      </AdminSearchBox>

      {fieldErrors.orderId ? (
        <p role="alert" className="text-sm text-red-700">
          {fieldErrors.orderId}
        </p>
      ) : null}

      {list.orders.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">
          No orders found
        </p>
      ) : (
        <AdminTable
          columns={['Order ID', 'Customer', 'Items', 'Amount', 'Date', 'Status', 'Actions']}
          minWidth={720}
        >
          {list.orders.map((order) => (
            <AdminRow key={order.id}>
              <AdminCell label="Order ID" className="font-mono">
                #{shortOrderId(order.id)}
              </AdminCell>
              <AdminCell label="Customer">
                <span className="block font-medium">{order.recipient}</span>
                {/* On a phone's card the address may wrap after its '@'; the table keeps it on one line
                    (nowrap alone does not: Chromium still breaks at a <wbr>). */}
                <span className="block wrap-break-word text-slate-600 sm:whitespace-nowrap sm:[&_wbr]:hidden">
                  {order.customerEmail ? <EmailAddress email={order.customerEmail} /> : 'Deleted account'}
                </span>
              </AdminCell>
              <AdminCell label="Items">
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
                    <span className="text-xs text-slate-600">
                      +{order.itemCount - order.thumbnails.length}
                    </span>
                  ) : null}
                </span>
              </AdminCell>
              <AdminCell label="Amount" className="font-medium">
                {formatNaira(order.totalKobo)}
              </AdminCell>
              <AdminCell label="Date" className="whitespace-nowrap">
                <time dateTime={new Date(order.createdAt).toISOString()}>
                  {formatShopperDate(order.createdAt)}
                </time>
              </AdminCell>
              <AdminCell label="Status">
                <span className="flex flex-wrap gap-1">
                  <OrderStateBadges words={order.words} paymentPrefix="Payment: " />
                </span>
              </AdminCell>
              <AdminCell label="Actions">
                <Link
                  to={hrefWith({ order: order.id })}
                  preventScrollReset
                  className={VIEW_BUTTON_CLASSES}
                  aria-label={`View order #${shortOrderId(order.id)}`}
                >
                  <RowIcon name="view" /> View
                </Link>
              </AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      )}

      <Pagination
        page={list.page}
        pageCount={list.pages}
        hrefFor={(page) => hrefWith({ page: String(page), order: null })}
      />

      {details ? (
        <OrderDetailsDialog
          details={details}
          fieldErrors={fieldErrors}
          onClose={() => navigate(hrefWith({ order: null }), { preventScrollReset: true })}
        />
      ) : null}
    </div>
  );
}
