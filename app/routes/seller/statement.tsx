import { Link, useLoaderData } from 'react-router';
import { dayMonth, shopMoment } from '#core/calendar';
import { formatNaira } from '#core/money';
import { CLAIM_WINDOW_HOURS } from '#core/orders/claim-window';
import { PAYOUT_STATUS_LABELS } from '#core/sellers/payout-rules';
import { PAYOUT_RUN_WHEN } from '#core/sellers/rules';
import { latestPayouts } from '#core/sellers/payouts';
import { isPayoutKind } from '#core/sellers/ledger-rules';
import { LEDGER_KIND_LABELS, sellerStatement } from '#core/sellers/statement';
import { load } from '~/lib/route.server';
import type { Route } from './+types/statement';

export const meta: Route.MetaFunction = () => [{ title: 'Your statement — FreshCatch' }];

/** The seller's statement (issue 51 §6): payable, waiting for the claim window, paid; each line's origin; payouts. */
export const loader = load({
  auth: 'seller',
  run: async ({ seller, services: { db } }) => {
    const now = new Date();
    const [statement, payouts] = await Promise.all([
      sellerStatement(db, seller.id, { now, limit: 200 }),
      latestPayouts(db, { sellerId: seller.id, limit: 20 }),
    ]);
    return {
      businessName: seller.businessName,
      payable: formatNaira(statement.balance.payableKobo),
      waiting: formatNaira(statement.balance.waitingKobo),
      paid: formatNaira(statement.balance.paidKobo),
      lines: statement.lines.map((line) => ({
        id: line.id,
        what: LEDGER_KIND_LABELS[line.kind],
        when: shopMoment(line.at, now),
        about: [
          line.order ? `Order #${line.order}` : null,
          line.productName,
          line.offerId ? `offer #${line.offerId}` : null,
          line.harvestedOn ? `harvested ${dayMonth(line.harvestedOn)}` : null,
        ]
          .filter(Boolean)
          .join(' · '),
        commission: isPayoutKind(line.kind)
          ? null
          : `${formatNaira(line.grossKobo)} less ${line.commissionPercent}%`,
        // What was sent to the bank reads as the sum sent, not as a charge (the CSV keeps the sign).
        yours: formatNaira(line.kind === 'payout' ? -line.amountKobo : line.amountKobo),
        waits: line.claimOpen
          ? 'Waits for the decision on a freshness claim'
          : !isPayoutKind(line.kind) && line.availableAt > now
            ? `Payable from ${shopMoment(line.availableAt, now)}`
            : null,
      })),
      payouts: payouts.map((payout) => ({
        id: payout.id,
        amount: formatNaira(payout.amountKobo),
        status: PAYOUT_STATUS_LABELS[payout.status],
        when: shopMoment(payout.createdAt, now),
        reason: payout.status === 'failed' || payout.status === 'reversed' ? payout.reason : null,
      })),
    };
  },
});

export default function SellerStatement() {
  const { businessName, payable, waiting, paid, lines, payouts } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <p className="text-sm">
          <Link to="/seller" className="font-medium text-brand-700 underline">
            Your sales
          </Link>
        </p>
        <h1 className="text-2xl font-bold text-slate-900">{businessName}: your statement</h1>
        <p className="text-slate-700">
          Your money becomes payable when the buyer can no longer claim ({CLAIM_WINDOW_HOURS.fresh} hours
          after delivery for fresh fish); it is paid to your bank account by transfer {PAYOUT_RUN_WHEN}.
        </p>
      </header>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {[
          ['Payable', payable],
          ['Waiting for the claim window', waiting],
          ['Paid', paid],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-700 sm:text-sm">{label}</dt>
            <dd className="text-base font-bold tabular-nums sm:text-lg">{value}</dd>
          </div>
        ))}
      </dl>
      <p>
        <a href="/seller/statement.csv" className="font-medium text-brand-700 underline" download>
          Download the statement (CSV)
        </a>
      </p>
      <section aria-labelledby="payouts" className="space-y-2">
        <h2 id="payouts" className="text-lg font-semibold">
          Payouts
        </h2>
        {payouts.length === 0 ? (
          <p className="text-slate-700">No payout yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {payouts.map((payout) => (
              <li key={payout.id} className="p-3">
                <p className="font-semibold">
                  {payout.amount} · {payout.status}
                </p>
                <p className="text-sm text-slate-700">{payout.when}</p>
                {payout.reason ? <p className="text-sm text-slate-800">{payout.reason}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="lines" className="space-y-2">
        <h2 id="lines" className="text-lg font-semibold">
          Lines
        </h2>
        {lines.length === 0 ? (
          <p className="text-slate-700">Nothing yet: a sale counts here once its order is delivered.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {lines.map((line) => (
              <li key={line.id} className="p-3">
                <p className="font-semibold">
                  {line.what}: {line.yours}
                </p>
                <p className="text-sm text-slate-700">
                  {line.when}
                  {line.about ? ` · ${line.about}` : ''}
                  {line.commission ? ` · ${line.commission}` : ''}
                </p>
                {line.waits ? <p className="text-sm text-amber-900">{line.waits}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
