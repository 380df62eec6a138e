import { Download, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from 'react-router';
import { Pagination } from '~/components/catalog/pagination';
import { ProductImage } from '~/components/catalog/product-image';
import { RowIcon } from '~/components/admin/row-icon';
import { AdminThumbnail } from '~/components/admin/thumbnail';
import { AdminCell, AdminRow, AdminTable } from '~/components/admin/data-table';
import { AdminSearchBox } from '~/components/admin/search-box';
import { capitalise, OrderStateBadges } from '~/components/orders/order-badges';
import { Button, buttonClasses } from '~/components/ui/button';
import { ConfirmDialog, Dialog } from '~/components/ui/dialog';
import { EmailAddress } from '~/components/ui/email-address';
import { Field, inputClasses, SelectField } from '~/components/ui/field';
import { formAction } from '~/lib/actions.server';
import { adminOf } from '~/lib/auth.server';
import { formatShopperDate } from '~/lib/dates';
import { orThrowResponse } from '~/lib/errors.server';
import { redirectWithToast } from '~/lib/toast.server';
import { useListHref } from '~/lib/use-list-href';
import { useActionResult } from '~/lib/use-action-result';
import { DELIVERY_METHOD_LABELS } from '#core/delivery/methods';
import { readListQuery } from '#core/list-query';
import { countLabel } from '#core/paging';
import { formatNaira, formatWeight } from '#core/money';
import { shortOrderId } from '#core/notifications/messages';
import {
  deleteOrder,
  getOrderForAdmin,
  listOrdersForAdmin,
  updateOrderStatus,
  type AdminOrderDetails,
} from '#core/orders/management';
import { REFUND_WAITING, refundOrder } from '#core/orders/refunds';
import {
  OrderActionSchema,
  type REFUND_BY,
  refundLineField,
  OrderListQuerySchema,
  PAYMENT_FILTER_LABELS,
  PAYMENT_FILTERS,
} from '#core/orders/schemas';
import { CHOSEN_REFUND_REASONS, ORDER_STATUSES, REFUND_REASON_LABELS } from '#core/orders/statuses';
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

function OrderDetailsDialog({
  details,
  onClose,
  fieldErrors,
}: {
  details: AdminOrderDetails;
  onClose: () => void;
  fieldErrors: Record<string, string | undefined>;
}) {
  const { order, items } = details;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Order #${shortOrderId(order.id)}`}
      wide
    >
      <div className="space-y-5 text-sm">
        <div className="flex flex-wrap gap-2">
          <OrderStateBadges words={details.words} />
          <span className="text-slate-600">
            Placed{' '}
            <time dateTime={new Date(order.createdAt).toISOString()}>
              {formatShopperDate(order.createdAt)}
            </time>
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
          <dt className="text-slate-600">
            Discount{details.discountCode ? ` (${details.discountCode})` : ''}
          </dt>
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
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Recipient</dt>
            <dd>
              {order.shippingName} · {order.shippingPhone}
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
        {order.paymentStatus === 'success' ? (
          <RefundSection
            key={details.refunds.length}
            details={details}
            busy={busy}
            fieldErrors={fieldErrors}
          />
        ) : null}

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
      </div>
    </Dialog>
  );
}

function RefundSection({
  details,
  busy,
  fieldErrors,
}: {
  details: AdminOrderDetails;
  busy: boolean;
  fieldErrors: Record<string, string | undefined>;
}) {
  const { order, keptKobo, refunds, linesLeft } = details;
  const [by, setBy] = useState<(typeof REFUND_BY)[number]>('all');
  return (
    <section aria-labelledby="order-refund">
      <h3 id="order-refund" className="mb-2 font-semibold">
        Refunds
      </h3>
      {refunds.length > 0 ? (
        <ul className="mb-3 divide-y divide-slate-200 rounded border border-slate-200">
          {refunds.map((refund) => (
            <li key={refund.id} className="p-2">
              {refund.summary}
              <span className="block text-slate-600">
                {formatShopperDate(refund.createdAt)}
                {refund.note ? ` — “${refund.note}”` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-2 text-slate-600">Nothing has been refunded.</p>
      )}
      {details.canRefund ? (
        <details className="rounded border border-slate-200 p-3" open={Object.keys(fieldErrors).length > 0}>
          <summary className="cursor-pointer font-medium">Refund this order</summary>
          <Form method="post" preventScrollReset className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="orderId" value={order.id} />
            <SelectField label="Reason" name="reason" defaultValue="spoiled">
              {CHOSEN_REFUND_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {REFUND_REASON_LABELS[reason]}
                </option>
              ))}
            </SelectField>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-800">What to refund</legend>
              {(
                [
                  ['all', `Everything left: ${formatNaira(keptKobo)}`],
                  ['lines', 'Some lines'],
                  ['amount', 'An amount'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="by"
                    value={value}
                    checked={by === value}
                    onChange={() => setBy(value)}
                  />
                  {label}
                </label>
              ))}
            </fieldset>
            {by === 'lines' ? (
              <div className="grid gap-2 sm:grid-cols-2">
                {linesLeft.map((line) => (
                  <Field
                    key={line.id}
                    label={`${line.productName} (up to ${line.left})`}
                    name={refundLineField(line.id)}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={line.left}
                    defaultValue={0}
                    disabled={line.left === 0}
                    error={fieldErrors[refundLineField(line.id)]}
                  />
                ))}
              </div>
            ) : null}
            {by === 'amount' ? (
              <Field
                label="Amount (₦)"
                name="amount"
                inputMode="decimal"
                hint={`At most ${formatNaira(keptKobo)}`}
                error={fieldErrors.amount}
              />
            ) : null}
            <Field label="Note (optional)" name="note" maxLength={500} error={fieldErrors.note} />
            {fieldErrors.reason ? (
              <p className="text-sm font-medium text-red-700">{fieldErrors.reason}</p>
            ) : null}
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              <Undo2 aria-hidden="true" className="h-4 w-4" /> Refund
            </Button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}
