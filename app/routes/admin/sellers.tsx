import { Form, useActionData, useLoaderData } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { act, load } from '~/lib/route.server';
import { useActionResult } from '~/lib/use-action-result';
import { AdminSellerActionSchema } from '#core/sellers/schemas';
import { ownerChoices } from '#core/sellers/rules';
import {
  approveSeller,
  declineSeller,
  defaultCommission,
  listSellersForAdmin,
  setDefaultCommission,
  setSellerCommission,
  suspendSeller,
} from '#core/sellers/service';
import { displayPhone } from '#core/phone-display';
import type { Route } from './+types/sellers';

export const meta: Route.MetaFunction = () => [{ title: 'Sellers — FreshCatch Admin' }];

export const loader = load({
  auth: 'admin',
  run: async ({ admin, services: { db } }) => {
    const sellers = await listSellersForAdmin(db, admin);
    return {
      defaultCommission: await defaultCommission(db),
      sellers: sellers.map((s) => ({
        id: s.id,
        businessName: s.businessName,
        ownerName: s.ownerName,
        ownerEmail: s.ownerEmail,
        farmName: s.farmName,
        phone: s.phone,
        // The farmer deleted their account: listed for the books, nothing more to do.
        closed: s.userId === null,
        may: ownerChoices(s),
        status: s.status,
        commissionPercent: s.commissionPercent,
        bank: `${s.bankName} · ${s.accountNumber} · ${s.accountName}`,
        recipientCode: s.recipientCode,
        reason: s.status === 'declined' ? s.declineReason : s.status === 'suspended' ? s.suspendReason : null,
        payoutsHeldUntil: s.payoutsHeldUntil?.toISOString() ?? null,
      })),
    };
  },
});

/** Issue 51 §1: approve, decline with a reason, suspend, the commission per seller and the default. */
export const action = act({
  auth: 'admin',
  form: AdminSellerActionSchema,
  // What a seller keeps of a sale (issue 52 §2).
  fresh: (input) => input.intent === 'commission' || input.intent === 'default-commission',
  run: async ({ admin, input, services }) => {
    const deps = { db: services.db, banks: services.payments, jobs: services.jobs };
    switch (input.intent) {
      case 'approve':
        await approveSeller(deps, admin, input.sellerId, input.commissionPercent);
        return { toast: { title: 'Seller approved', description: 'Their payout account is registered.' } };
      case 'decline':
        await declineSeller(deps, admin, input.sellerId, input.reason);
        return { toast: { title: 'Application declined', description: 'The farmer sees your reason.' } };
      case 'suspend':
        await suspendSeller(deps, admin, input.sellerId, input.reason);
        return { toast: { title: 'Seller suspended', description: 'The seller sees your reason.' } };
      case 'commission':
        await setSellerCommission(deps, admin, input.sellerId, input.commissionPercent);
        return { toast: { title: 'Commission saved', description: 'It applies to their next sales.' } };
      case 'default-commission':
        await setDefaultCommission(services.db, admin, input.commissionPercent);
        return {
          toast: { title: 'Default commission saved', description: 'New sellers get it on approval.' },
        };
    }
  },
});

const STATUS_LABEL = {
  applied: 'Waiting for review',
  approved: 'Approved',
  declined: 'Declined',
  suspended: 'Suspended',
};

export default function AdminSellers() {
  const { sellers, defaultCommission: fallback } = useLoaderData<typeof loader>();
  const errors = useActionResult(useActionData<typeof action>(), { failureToast: 'unless-field-errors' });
  return (
    <div className="max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold">Sellers</h1>
      <Form
        method="post"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
        noValidate
      >
        <input type="hidden" name="intent" value="default-commission" />
        <Field
          label="Default commission (%)"
          name="commissionPercent"
          inputMode="numeric"
          defaultValue={String(fallback)}
          error={errors?.commissionPercent}
        />
        <Button type="submit" variant="outline">
          Save default
        </Button>
      </Form>
      {sellers.length === 0 ? <p>No farmer has applied yet.</p> : null}
      <ul className="space-y-4">
        {sellers.map((s) => (
          <li
            key={s.id}
            id={`seller-${s.id}`}
            className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
          >
            <h2 className="text-lg font-semibold break-words">
              {s.businessName}{' '}
              <span className="text-sm font-normal text-slate-700">· {STATUS_LABEL[s.status]}</span>
            </h2>
            <dl className="grid gap-1 text-sm sm:grid-cols-2">
              <div>
                <dt className="inline font-medium">Farmer: </dt>
                <dd className="inline break-words">
                  {s.closed
                    ? 'Account deleted'
                    : `${s.ownerName} (${s.ownerEmail}) · ${displayPhone(s.phone)}`}
                </dd>
              </div>
              <div>
                <dt className="inline font-medium">Farm: </dt>
                <dd className="inline">{s.farmName ?? '—'}</dd>
              </div>
              <div>
                <dt className="inline font-medium">Bank: </dt>
                <dd className="inline break-words">{s.closed ? '—' : s.bank}</dd>
              </div>
              <div>
                <dt className="inline font-medium">Commission: </dt>
                <dd className="inline">
                  {s.commissionPercent === null ? `default (${fallback}%)` : `${s.commissionPercent}%`}
                </dd>
              </div>
              {s.reason ? (
                <div>
                  <dt className="inline font-medium">Reason: </dt>
                  <dd className="inline">{s.reason}</dd>
                </div>
              ) : null}
              {s.payoutsHeldUntil ? (
                <div>
                  <dt className="inline font-medium">Payouts held until: </dt>
                  <dd className="inline">
                    {new Date(s.payoutsHeldUntil).toLocaleString('en-NG', { timeZone: 'Africa/Lagos' })}
                  </dd>
                </div>
              ) : null}
            </dl>
            <div className="flex flex-wrap gap-3">
              {s.may.approve ? (
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="sellerId" value={s.id} />
                  <input type="hidden" name="intent" value="approve" />
                  <Button type="submit">
                    Approve<span className="sr-only"> {s.businessName}</span>
                  </Button>
                </Form>
              ) : null}
              {s.may.decline || s.may.suspend ? (
                <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
                  <input type="hidden" name="sellerId" value={s.id} />
                  <input type="hidden" name="intent" value={s.may.decline ? 'decline' : 'suspend'} />
                  <Field
                    label={`Reason to ${s.may.decline ? 'decline' : 'suspend'} ${s.businessName}`}
                    name="reason"
                    error={errors?.reason}
                  />
                  <Button type="submit" variant="outline">
                    {s.may.decline ? 'Decline' : 'Suspend'}
                  </Button>
                </Form>
              ) : null}
              {s.may.commission ? (
                <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
                  <input type="hidden" name="sellerId" value={s.id} />
                  <input type="hidden" name="intent" value="commission" />
                  <Field
                    label={`Commission of ${s.businessName} (%)`}
                    name="commissionPercent"
                    inputMode="numeric"
                    defaultValue={String(s.commissionPercent ?? fallback)}
                  />
                  <Button type="submit" variant="outline">
                    Save
                  </Button>
                </Form>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
