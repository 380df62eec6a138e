import { Link, useLoaderData } from 'react-router';
import { HubBatches } from '~/components/seller/hub-batches';
import { LineClaims } from '~/components/seller/line-claims';
import { dayMonth, shopDay, shopMoment } from '#core/calendar';
import { formatNaira } from '#core/money';
import { orderStatusLabel } from '#core/orders/words';
import { BATCH_STANDING_LABELS, sellerBatches, sellerSales } from '#core/sellers/area';
import { sellerClaimOutcome, sellerClaims } from '#core/sellers/line-claims';
import { offersOfSeller } from '#core/sellers/offers';
import { load } from '~/lib/route.server';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [{ title: 'Your sales — FreshCatch' }];

/** The seller's photo address of a claim (routes/seller/claim-photo.ts checks the claim is on their line). */
const claimPhoto = (claimId: number) => `/seller/claims/${claimId}/photo`;

/**
 * What to bring to the hub, the batches there, claims on the seller's fish, and the sales as they happen
 * (issue 51 §6). Their offers are listed where they are made (/farm/:farmId/offers): linked, not repeated.
 */
export const loader = load({
  auth: 'seller',
  run: async ({ user, seller, services: { db } }) => {
    const [offers, sales, batches, claims] = await Promise.all([
      offersOfSeller(db, user.id),
      sellerSales(db, seller.id),
      sellerBatches(db, seller.id),
      sellerClaims(db, seller.id),
    ]);
    const now = new Date();
    return {
      businessName: seller.businessName,
      suspended: seller.status === 'suspended',
      suspendReason: seller.suspendReason,
      farmId: seller.farmId,
      toBring: offers.filter((offer) => offer.status === 'accepted'),
      batches: batches.map((batch) => ({
        id: batch.batchId,
        offerId: batch.offerId,
        productName: batch.productName,
        received: batch.received,
        left: batch.left,
        harvested: dayMonth(batch.harvestedOn),
        bestBefore: batch.bestBefore ? dayMonth(batch.bestBefore) : null,
        receivedOn: dayMonth(shopDay(batch.receivedAt)),
        standing: batch.standing,
        standingLabel: BATCH_STANDING_LABELS[batch.standing],
      })),
      claims: claims.map((claim) => ({
        ...claim,
        outcome: sellerClaimOutcome(claim),
        photoUrl: claimPhoto(claim.id),
        thumbnailUrl: `${claimPhoto(claim.id)}?width=400`,
      })),
      sales: sales.map((sale) => ({ ...sale, placed: shopMoment(sale.placedAt, now) })),
    };
  },
});

const linkClass = 'font-medium text-brand-700 underline';

export default function SellerHome() {
  const { businessName, suspended, suspendReason, farmId, toBring, batches, claims, sales } =
    useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">{businessName}: your sales</h1>
        {suspended ? (
          <p className="mt-2 rounded-md bg-amber-50 p-3 text-amber-900" role="status">
            Your selling is suspended{suspendReason ? `: ${suspendReason}` : '.'} What you sold is still
            yours.
          </p>
        ) : null}
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
          {farmId !== null && !suspended ? (
            <li>
              <Link to={`/farm/${farmId}/offers`} className={linkClass}>
                Offer a harvest
              </Link>
            </li>
          ) : null}
          {farmId !== null ? (
            <li>
              <Link to={`/farm/${farmId}/offers#your-offers`} className={linkClass}>
                Your offers and the shop’s answers
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/seller/statement" className={linkClass}>
              Your statement and payouts
            </Link>
          </li>
        </ul>
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
      <HubBatches batches={batches} />
      <LineClaims claims={claims} />
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
