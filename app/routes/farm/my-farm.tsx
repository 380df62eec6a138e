import { Fish, Sprout } from 'lucide-react';
import { Form, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field, SelectField } from '~/components/ui/field';
import { thisVisitCopyHeaders } from '~/lib/cache.server';
import { act, load } from '~/lib/route.server';
import { useActionResult } from '~/lib/use-action-result';
import { createFarm, farmsOf, joinInvitations } from '#core/farm/farms';
import { NIGERIAN_STATES } from '#core/farm/places';
import { FarmFormSchema } from '#core/farm/schemas';
import type { Route } from './+types/my-farm';

export const meta: Route.MetaFunction = () => [{ title: 'My farm — FreshCatch' }];

/** My farm: the farms this user owns or works on (invitations waiting for them are taken up here). */
/** Opened once, a farm page opens again at the pond with no signal (kept by this phone for this visit). */
export const headers: Route.HeadersFunction = () => thisVisitCopyHeaders();

export const loader = load({
  auth: 'farmer',
  run: async ({ user, services: { db } }) => {
    await joinInvitations(db, user.id);
    return { farms: await farmsOf(db, user.id) };
  },
});

export const action = act({
  auth: 'farmer',
  form: FarmFormSchema,
  run: async ({ user, input, services: { db } }) => {
    const farm = await createFarm(db, user.id, input);
    return redirect(`/farm/${farm.id}/ponds`);
  },
});

export default function MyFarm() {
  const { farms } = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>(), {
    failureToast: 'unless-field-errors',
  });
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">My farm</h1>
        <p className="text-slate-700">
          Your farm book: plan stocking, feeding and harvests, pond by pond, on your phone — even where there
          is no signal.
        </p>
      </header>
      {farms.length > 0 ? (
        <section aria-labelledby="farms-heading" className="space-y-3">
          <h2 id="farms-heading" className="text-lg font-semibold">
            Your farms
          </h2>
          <ul className="space-y-2">
            {farms.map((farm) => (
              <li key={farm.id}>
                <Link
                  to={`/farm/${farm.id}`}
                  className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-700"
                >
                  <Fish aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{farm.name}</span>
                    <span className="block text-sm text-slate-700">
                      {farm.town}, {farm.state} · {farm.role === 'owner' ? 'Your farm' : 'You work here'}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section
        aria-labelledby="new-farm-heading"
        className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="new-farm-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Sprout aria-hidden="true" className="h-5 w-5 text-green-700" />
          {farms.length > 0 ? 'Start another farm' : 'Start your farm book'}
        </h2>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <Field label="Farm name" name="name" required maxLength={80} error={fieldErrors.name} />
          <SelectField label="State" name="state" required defaultValue="" error={fieldErrors.state}>
            <option value="" disabled>
              Choose the state
            </option>
            {NIGERIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </SelectField>
          <Field label="Town" name="town" required maxLength={80} error={fieldErrors.town} />
          <Button type="submit">Start the farm</Button>
        </Form>
      </section>
    </div>
  );
}
