import { CheckCircle2, Clock, Package, Users } from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { adminScreenWithoutForm, requireAdmin } from '~/lib/auth.server';
import { getDashboardCounts } from '#core/admin/dashboard';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard — FreshCatch Admin' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { counts: await getDashboardCounts(context.services.db, admin) };
}

export const action = adminScreenWithoutForm;

export default function AdminDashboard() {
  const { counts } = useLoaderData<typeof loader>();
  const cards = [
    { label: 'Total products', value: counts.totalProducts, icon: Package },
    { label: 'Registered users', value: counts.registeredUsers, icon: Users },
    { label: 'Pending orders', value: counts.pendingOrders, icon: Clock },
    { label: 'Fulfilled orders', value: counts.fulfilledOrders, icon: CheckCircle2 },
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
        </div>
      </section>
    </div>
  );
}
