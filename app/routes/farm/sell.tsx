import { Form, Link, useActionData, useLoaderData } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { act, load } from '~/lib/route.server';
import { useActionResult } from '~/lib/use-action-result';
import { SellActionSchema } from '#core/sellers/schemas';
import {
  applyToSell,
  changeBankAccount,
  checkBankAccount,
  latestSellerOf,
  listBanks,
} from '#core/sellers/service';
import type { Route } from './+types/sell';

export const meta: Route.MetaFunction = () => [{ title: 'Sell your harvest — My farm — FreshCatch' }];

/** Issue 51 §1: the farm's owner applies to sell, sees where the application stands, changes the bank. */
export const loader = load({
  auth: 'farm',
  run: async ({ farm, services: { db, payments } }) => {
    const seller = await latestSellerOf(db, farm.userId);
    return {
      banks: await listBanks(payments),
      seller: seller && {
        status: seller.status,
        farmId: seller.farmId,
        businessName: seller.businessName,
        bankName: seller.bankName,
        accountEnding: seller.accountNumber.slice(-4),
        accountName: seller.accountName,
        commissionPercent: seller.commissionPercent,
        declineReason: seller.declineReason,
        suspendReason: seller.suspendReason,
        payoutsHeldUntil: seller.payoutsHeldUntil?.toISOString() ?? null,
      },
    };
  },
});

export const action = act({
  auth: 'farm',
  form: SellActionSchema,
  run: async ({ farm, input, services, clientIp }) => {
    const deps = { db: services.db, banks: services.payments, jobs: services.jobs };
    const account = { bankCode: input.bankCode, accountNumber: input.accountNumber };
    if (input.intent === 'check') {
      const checked = await checkBankAccount(services.payments, account);
      return { checked: { ...account, accountName: checked.accountName, bankName: checked.bank.name } };
    }
    if (input.intent === 'apply') {
      await applyToSell(deps, farm.userId, { ...account, farmId: farm.farmId, ...input });
      return { toast: { title: 'Application sent', description: 'We review it and tell you soon.' } };
    }
    await changeBankAccount({ ...deps, checkPassword: services.checkPassword }, farm.userId, {
      ...account,
      password: input.password,
      clientAddress: clientIp,
    });
    return {
      toast: { title: 'Bank account changed', description: 'Payouts wait 24 hours; we sent you an e-mail.' },
    };
  },
});

const STANDING: Record<string, string> = {
  applied: 'Your application is waiting for review.',
  approved: 'You are a FreshCatch seller.',
  suspended: 'Your selling is suspended.',
  declined: 'Your last application was declined. You can apply again.',
};

function BankFields({ banks, errors, checked }: BankFieldsProps) {
  return (
    <>
      <label className="block text-sm font-medium text-slate-900" htmlFor="bankCode">
        Bank
      </label>
      <select
        id="bankCode"
        name="bankCode"
        defaultValue={checked?.bankCode ?? ''}
        aria-invalid={errors?.bankCode ? true : undefined}
        aria-describedby={errors?.bankCode ? 'bankCode-error' : undefined}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
      >
        <option value="">Choose your bank</option>
        {banks.map((bank) => (
          <option key={bank.code} value={bank.code}>
            {bank.name}
          </option>
        ))}
      </select>
      {errors?.bankCode ? (
        <p id="bankCode-error" className="text-sm text-red-700">
          {errors.bankCode}
        </p>
      ) : null}
      <Field
        label="Account number (10 digits)"
        name="accountNumber"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={checked?.accountNumber}
        error={errors?.accountNumber}
      />
      {checked ? (
        <p className="rounded-md bg-emerald-50 p-3 text-emerald-900" role="status">
          Account name: <strong>{checked.accountName}</strong> ({checked.bankName}). Is this yours?
        </p>
      ) : null}
    </>
  );
}

interface BankFieldsProps {
  banks: { code: string; name: string }[];
  errors: Record<string, string> | undefined;
  checked: { bankCode: string; accountNumber: string; accountName: string; bankName: string } | undefined;
}

export default function Sell() {
  const { banks, seller } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const errors = useActionResult(data, { failureToast: 'unless-field-errors' });
  const checked = data && 'checked' in data ? data.checked : undefined;
  const active = seller && seller.status !== 'declined';
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Sell your harvest</h1>
        <p className="text-slate-700">
          Sell your fish on FreshCatch: you bring the harvest to our Port Harcourt hub, we deliver it, and we
          pay you by bank transfer less our commission.
        </p>
      </header>
      {seller ? (
        <section aria-labelledby="standing" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="standing" className="text-lg font-semibold">
            {seller.businessName}
          </h2>
          <p>{STANDING[seller.status]}</p>
          {seller.declineReason && seller.status === 'declined' ? (
            <p>Reason: {seller.declineReason}</p>
          ) : null}
          {seller.suspendReason && seller.status === 'suspended' ? (
            <p>Reason: {seller.suspendReason}</p>
          ) : null}
          {seller.status === 'approved' || seller.status === 'suspended' ? (
            <p className="my-2">
              {seller.status === 'approved' ? (
                <>
                  <Link to="../offers" relative="path" className="font-medium text-brand-700 underline">
                    Offer a harvest
                  </Link>
                  {' · '}
                </>
              ) : null}
              <Link to="/seller" className="font-medium text-brand-700 underline">
                Your sales
              </Link>
            </p>
          ) : null}
          <p className="text-sm text-slate-700">
            Payouts to {seller.bankName}, account ending {seller.accountEnding} ({seller.accountName})
            {seller.commissionPercent !== null ? ` · commission ${seller.commissionPercent}%` : ''}
            {seller.payoutsHeldUntil && new Date(seller.payoutsHeldUntil) > new Date()
              ? ` · payouts held until ${new Date(seller.payoutsHeldUntil).toLocaleString('en-NG', { timeZone: 'Africa/Lagos' })}`
              : ''}
          </p>
        </section>
      ) : null}
      {active ? (
        <Form method="post" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" noValidate>
          <h2 className="text-lg font-semibold">Change the bank account</h2>
          <p className="text-sm text-slate-700">For your safety, payouts wait 24 hours after a change.</p>
          <input type="hidden" name="intent" value="change-bank" />
          <BankFields banks={banks} errors={errors} checked={checked} />
          <Field
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            error={errors?.password}
          />
          <Button type="submit">Change the bank account</Button>
        </Form>
      ) : (
        <Form method="post" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" noValidate>
          <h2 className="text-lg font-semibold">Apply to sell</h2>
          <Field
            label="Business name"
            name="businessName"
            autoComplete="organization"
            error={errors?.businessName ?? errors?.farmId}
          />
          <Field label="Phone" name="phone" type="tel" autoComplete="tel" error={errors?.phone} />
          <BankFields banks={banks} errors={errors} checked={checked} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="check" variant="outline">
              Check the account
            </Button>
            <Button type="submit" name="intent" value="apply">
              Apply
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
