import { CheckCircle2, Clock, Package, Users } from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import { SalesChart } from '~/components/admin/sales-chart';
import { OrderStatusBadge } from '~/components/orders/order-badges';
import { buttonClasses } from '~/components/ui/button';
import { adminScreenWithoutForm, requireAdmin } from '~/lib/auth.server';
import { formatShopperDate } from '~/lib/dates';
import { countUsers } from '#core/accounts/service';
import { countProducts } from '#core/catalog/service';
import { formatNaira } from '#core/money';
import { shortOrderId } from '#core/notifications/messages';
import { countOrdersForDashboard, latestPaidOrders, salesByDay } from '#core/orders/reports';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard — FreshCatch Admin' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const { db } = context.services;
  const [products, users, orders, sales, latest] = await Promise.all([
    countProducts(db),
    countUsers(db, admin),
    countOrdersForDashboard(db, admin),
    salesByDay(db, admin),
    latestPaidOrders(db, admin),
  ]);
  return { counts: { products, users, ...orders }, sales, latest };
}

export const action = adminScreenWithoutForm;

export default function AdminDashboard() {
  const { counts, sales, latest } = useLoaderData<typeof loader>();
  const cards = [
    { label: 'Total products', value: counts.products, icon: Package },
    { label: 'Registered users', value: counts.users, icon: Users },
    {
      label: 'Pending orders',
      value: counts.waiting,
      icon: Clock,
      hint: 'Paid and waiting to be processed',
      to: '/admin/orders?status=pending&payment=paid',
    },
    {
      label: 'Fulfilled orders',
      value: counts.fulfilled,
      icon: CheckCircle2,
      hint: 'Delivered',
      to: '/admin/orders?status=delivered',
    },
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <card.icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
            <p className="mt-2 text-sm text-slate-600">{card.label}</p>
            <p className="text-3xl font-bold">{card.value}</p>
            {card.hint ? (
              <p className="mt-1 text-xs text-slate-600">
                {card.to ? (
                  <Link to={card.to} className="underline hover:text-brand-700">
                    {card.hint}
                  </Link>
                ) : (
                  card.hint
                )}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="quick-actions"
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="quick-actions" className="font-semibold">
          Quick actions
        </h2>
        <div className="mt-3 flex flex-wrap gap-3">
          <Link to="/admin/products" className={buttonClasses()}>
            Manage products
          </Link>
          <Link to="/admin/orders" className={buttonClasses({ variant: 'outline' })}>
            View orders
          </Link>
          <Link to="/admin/activity" className={buttonClasses({ variant: 'outline' })}>
            View activity
          </Link>
        </div>
      </section>
      <div className="grid gap-6 xl:grid-cols-2">
        <section
          aria-labelledby="sales"
          className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="sales" className="mb-3 font-semibold">
            Paid revenue per day
          </h2>
          <SalesChart days={sales} />
        </section>
        <section
          aria-labelledby="latest"
          className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="latest" className="mb-3 font-semibold">
            Latest paid orders
          </h2>
          {latest.length === 0 ? (
            <p className="text-sm text-slate-700">No orders found</p>
          ) : (
            <ul className="divide-y divide-slate-200 text-sm">
              {latest.map((order) => (
                <li key={order.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <Link
                    to={`/admin/orders?order=${order.id}`}
                    className="font-mono font-medium text-brand-700 underline"
                  >
                    #{shortOrderId(order.id)}
                  </Link>
                  <span className="min-w-0 flex-1 truncate">{order.recipient}</span>
                  <span className="font-medium">{formatNaira(order.totalKobo)}</span>
                  {order.paidAt ? (
                    <time className="text-slate-600" dateTime={new Date(order.paidAt).toISOString()}>
                      {formatShopperDate(order.paidAt)}
                    </time>
                  ) : null}
                  <OrderStatusBadge status={order.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
