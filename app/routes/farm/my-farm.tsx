import { Fish, Sprout } from 'lucide-react';
import { Form, Link, redirect, useActionData, useLoaderData } from 'react-router';
import * as z from 'zod/mini';
import { Button } from '~/components/ui/button';
import { Field, SelectField } from '~/components/ui/field';
import { thisVisitCopyHeaders } from '~/lib/cache.server';
import { act, load } from '~/lib/route.server';
import { useActionResult } from '~/lib/use-action-result';
import { rowId } from '#core/ids';
import { createFarm, farmsOf, joinInvitations, pendingInvitations } from '#core/farm/farms';
import { NIGERIAN_STATES } from '#core/farm/places';
import { FarmFormSchema } from '#core/farm/schemas';
import type { Route } from './+types/my-farm';

export const meta: Route.MetaFunction = () => [{ title: 'My farm — FreshCatch' }];

/** My farm: the farms this user owns or works on, and the farms inviting them to join. */
/** Opened once, a farm page opens again at the pond with no signal (kept by this phone for this visit). */
export const headers: Route.HeadersFunction = () => thisVisitCopyHeaders();

export const loader = load({
  auth: 'farmer',
  run: async ({ user, services: { db } }) => {
    const [farms, invitations] = await Promise.all([farmsOf(db, user.id), pendingInvitations(db, user.id)]);
    return { farms, invitations };
  },
});

/*
 * Joining a farm is the worker's own tap ("Join <farm>"), not a side effect of opening the page: a GET
 * that a link's prefetch, the phone's kept copy or a retry can send never puts anyone on a farm, and a
 * worker chooses the farms whose book they keep. On a weak line it is one small post, once.
 */
const MyFarmActionSchema = z.discriminatedUnion('intent', [
  z.extend(FarmFormSchema, { intent: z.literal('start') }),
  z.object({ intent: z.literal('join'), farmId: rowId }),
]);

export const action = act({
  auth: 'farmer',
  form: MyFarmActionSchema,
  run: async ({ user, input, services: { db } }) => {
    if (input.intent === 'join') {
      await joinInvitations(db, user.id, input.farmId);
      // Joined now or before, the farm opens; no invitation: its door answers 404 as for anyone.
      return redirect(`/farm/${input.farmId}`);
    }
    const { intent: _, ...form } = input;
    const farm = await createFarm(db, user.id, form);
    return redirect(`/farm/${farm.id}/ponds`);
  },
});

export default function MyFarm() {
  const { farms, invitations } = useLoaderData<typeof loader>();
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
      {invitations.length > 0 ? (
        <section aria-labelledby="invitations-heading" className="space-y-3">
          <h2 id="invitations-heading" className="text-lg font-semibold">
            Farms inviting you
          </h2>
          <ul className="space-y-2">
            {invitations.map((invitation) => (
              <li
                key={invitation.farmId}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4"
              >
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{invitation.farmName}</span>
                  <span className="block text-sm text-slate-700">
                    {invitation.town}, {invitation.state} · asks you to keep its book as a worker
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="join" />
                  <input type="hidden" name="farmId" value={invitation.farmId} />
                  <Button type="submit">{`Join ${invitation.farmName}`}</Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
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
          <input type="hidden" name="intent" value="start" />
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
