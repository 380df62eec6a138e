import { Form, useActionData, useLoaderData } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field, SelectField } from '~/components/ui/field';
import { act, load } from '~/lib/route.server';
import { useActionResult } from '~/lib/use-action-result';
import { shopDateTime } from '#core/calendar';
import { formatNaira } from '#core/money';
import { PAYOUT_STATUS_LABELS } from '#core/sellers/payout-rules';
import { latestPayouts, owedToWhom, payOneSeller, payoutsNow, startPayoutRun } from '#core/sellers/payouts';
import { PAYOUT_RUN_WHEN } from '#core/sellers/rules';
import { AdminPayoutActionSchema } from '#core/sellers/schemas';
import type { Route } from './+types/payouts';

export const meta: Route.MetaFunction = () => [{ title: 'Payouts — FreshCatch Admin' }];

/** Issue 51 §5 and §7: what is owed to whom, the payouts and why any failed. */
export const loader = load({
  auth: 'admin',
  run: async ({ services: { db, payouts: payoutDeps } }) => {
    // Payable as the payout run sees it, by the payouts' own clock.
    const now = payoutsNow(payoutDeps);
    const [owed, payouts] = await Promise.all([owedToWhom(db, now), latestPayouts(db, { limit: 50 })]);
    return {
      owed: owed.map((row) => ({
        sellerId: row.sellerId,
        businessName: row.businessName,
        standing: row.standing,
        payable: formatNaira(row.payableKobo),
        waiting: formatNaira(row.waitingKobo),
        paid: formatNaira(row.paidKobo),
        payableKobo: row.payableKobo,
      })),
      payouts: payouts.map((row) => ({
        id: row.id,
        businessName: row.businessName,
        amount: formatNaira(row.amountKobo),
        status: PAYOUT_STATUS_LABELS[row.status],
        reason: row.reason,
        made: shopDateTime(row.createdAt),
        reference: row.reference,
      })),
    };
  },
});

/** Pay now: every seller payable (a run, by the job queue) or one, with the owner's password again. */
export const action = act({
  auth: 'admin',
  form: AdminPayoutActionSchema,
  run: async ({ admin, input, services, clientIp }) => {
    const form = { password: input.password ?? '', clientAddress: clientIp };
    if (input.sellerId === 'all') {
      const { runId } = await startPayoutRun(services.payouts, admin, form);
      return {
        toast: {
          title: `Payout run ${runId} started`,
          description: 'Each seller payable now is paid by transfer; this page shows how each went.',
        },
      };
    }
    const payout = await payOneSeller(services.payouts, admin, input.sellerId, form);
    return {
      toast: {
        title: 'Payout sent',
        description: `${formatNaira(payout.amountKobo)}: ${PAYOUT_STATUS_LABELS[payout.status]}.`,
      },
    };
  },
});

export default function AdminPayouts() {
  const { owed, payouts } = useLoaderData<typeof loader>();
  const errors = useActionResult(useActionData<typeof action>(), { failureToast: 'unless-field-errors' });
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Payouts</h1>
        <p className="text-slate-700">
          A seller’s money becomes payable when the claim window of their order closes. The weekly run pays
          every payable balance by Paystack Transfer {PAYOUT_RUN_WHEN}; you can pay now.
        </p>
      </header>

      <section
        aria-labelledby="pay-now"
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="pay-now" className="text-lg font-semibold">
          Pay now
        </h2>
        <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
          <SelectField label="Who" name="sellerId" defaultValue="all" className="w-64">
            <option value="all">Every seller payable now</option>
            {owed
              .filter((row) => row.payableKobo > 0)
              .map((row) => (
                <option key={row.sellerId} value={row.sellerId}>
                  {row.businessName} ({row.payable})
                </option>
              ))}
          </SelectField>
          <Field
            label="Your password again"
            name="password"
            type="password"
            autoComplete="current-password"
            className="w-56"
            error={errors.password}
          />
          <Button type="submit" name="intent" value="pay">
            Pay now
          </Button>
        </Form>
      </section>

      <section aria-labelledby="owed" className="space-y-3">
        <h2 id="owed" className="text-lg font-semibold">
          Owed to whom
        </h2>
        {owed.length === 0 ? (
          <p className="text-slate-700">No seller has sold anything yet.</p>
        ) : (
          // A long business name breaks rather than making the box scroll sideways on a phone.
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-2 py-2 sm:px-3">
                    Seller
                  </th>
                  <th scope="col" className="hidden px-2 py-2 sm:px-3 sm:table-cell">
                    Standing
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-3 text-right">
                    Payable
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-3 text-right">
                    Waiting <span className="sr-only sm:not-sr-only">for claims</span>
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-3 text-right">
                    Paid
                  </th>
                </tr>
              </thead>
              <tbody>
                {owed.map((row) => (
                  <tr key={row.sellerId} className="border-t border-slate-100">
                    <th scope="row" className="px-2 py-2 sm:px-3 font-medium [overflow-wrap:anywhere]">
                      {row.businessName}
                      <span className="block text-xs font-normal text-slate-700 sm:hidden">
                        {row.standing}
                      </span>
                    </th>
                    <td className="hidden px-2 py-2 sm:px-3 sm:table-cell">{row.standing}</td>
                    <td className="px-2 py-2 sm:px-3 text-right tabular-nums">{row.payable}</td>
                    <td className="px-2 py-2 sm:px-3 text-right tabular-nums">{row.waiting}</td>
                    <td className="px-2 py-2 sm:px-3 text-right tabular-nums">{row.paid}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="payouts" className="space-y-3">
        <h2 id="payouts" className="text-lg font-semibold">
          Latest payouts
        </h2>
        {payouts.length === 0 ? (
          <p className="text-slate-700">No payout has been made yet.</p>
        ) : (
          <ul className="space-y-2">
            {payouts.map((payout) => (
              <li key={payout.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <p className="font-medium">
                  {payout.businessName}: {payout.amount} · {payout.status}
                </p>
                <p className="text-slate-700">
                  {payout.made} · <span className="break-all">{payout.reference}</span>
                </p>
                {payout.reason ? <p className="text-slate-800">{payout.reason}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
