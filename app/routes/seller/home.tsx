import { Link, useLoaderData } from 'react-router';
import { dayMonth, shopMoment } from '#core/calendar';
import { formatNaira } from '#core/money';
import { orderStatusLabel } from '#core/orders/words';
import { sellerSales } from '#core/sellers/area';
import { offersOfSeller } from '#core/sellers/offers';
import { load } from '~/lib/route.server';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [{ title: 'Your sales — FreshCatch' }];

/** What to bring to the hub, and the sales as they happen (issue 51 §6). */
export const loader = load({
  auth: 'seller',
  run: async ({ user, seller, services: { db } }) => {
    const [offers, sales] = await Promise.all([offersOfSeller(db, user.id), sellerSales(db, seller.id)]);
    const now = new Date();
    return {
      businessName: seller.businessName,
      suspended: seller.status === 'suspended',
      suspendReason: seller.suspendReason,
      farmId: seller.farmId,
      toBring: offers.filter((offer) => offer.status === 'accepted'),
      sales: sales.map((sale) => ({ ...sale, placed: shopMoment(sale.placedAt, now) })),
    };
  },
});

export default function SellerHome() {
  const { businessName, suspended, suspendReason, farmId, toBring, sales } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{businessName}: your sales</h1>
        {suspended ? (
          <p className="mt-2 rounded-md bg-amber-50 p-3 text-amber-900" role="status">
            Your selling is suspended{suspendReason ? `: ${suspendReason}` : '.'} What you sold is still
            yours.
          </p>
        ) : (
          <p className="text-slate-700">
            <Link to={`/farm/${farmId}/offers`} className="font-medium text-brand-700 underline">
              Offer a harvest
            </Link>
          </p>
        )}
        <p className="text-slate-700">
          <Link to="/seller/statement" className="font-medium text-brand-700 underline">
            Your statement and payouts
          </Link>
        </p>
      </header>
      <section aria-labelledby="to-bring" className="space-y-2">
        <h2 id="to-bring" className="text-lg font-semibold">
          To bring to the hub
        </h2>
        {toBring.length === 0 ? (
          <p className="text-slate-700">Nothing accepted is waiting to be brought.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {toBring.map((offer) => (
              <li key={offer.id} className="p-3">
                <span className="font-semibold">{dayMonth(offer.bringOn)}</span>: {offer.amount} of{' '}
                {offer.productName} at {offer.price}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="sales" className="space-y-2">
        <h2 id="sales" className="text-lg font-semibold">
          Sales
        </h2>
        {sales.length === 0 ? (
          <p className="text-slate-700">Nothing of yours has sold yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {sales.map((sale) => (
              <li key={`${sale.order}-${sale.offerId}-${sale.productName}`} className="p-3">
                <p className="font-semibold">
                  {sale.amount} of {sale.productName} · {formatNaira(sale.valueKobo)}
                </p>
                <p className="text-sm text-slate-700">
                  Order #{sale.order} · {sale.placed} · {orderStatusLabel(sale.status)} · from offer #
                  {sale.offerId}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
