import { Form, useActionData, useLoaderData } from 'react-router';
import * as z from 'zod/mini';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { act, load } from '~/lib/route.server';
import { useActionResult } from '~/lib/use-action-result';
import { rowId } from '#core/ids';
import { inviteWorker, removeWorker, workersOf } from '#core/farm/farms';
import { InviteFormSchema } from '#core/farm/schemas';
import type { Route } from './+types/workers';

export const meta: Route.MetaFunction = () => [{ title: 'Workers — My farm — FreshCatch' }];

export const loader = load({
  auth: 'farm',
  run: async ({ farm, services: { db } }) => ({ workers: await workersOf(db, farm) }),
});

const WorkersActionSchema = z.discriminatedUnion('intent', [
  z.extend(InviteFormSchema, { intent: z.literal('invite') }),
  z.object({ intent: z.literal('remove'), workerId: rowId }),
]);

export const action = act({
  auth: 'farm',
  form: WorkersActionSchema,
  run: async ({ farm, input, services: { db } }) => {
    if (input.intent === 'remove') {
      await removeWorker(db, farm, input.workerId);
      return { toast: { title: 'Worker removed', description: 'They can no longer open this farm.' } };
    }
    await inviteWorker(db, farm, input.contact);
    return {
      toast: {
        title: 'Invited',
        description:
          'They join the farm when they sign in to FreshCatch with this e-mail or phone and join it on My farm.',
      },
    };
  },
});

export default function Workers() {
  const { workers } = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>(), {
    failureToast: 'unless-field-errors',
  });
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Workers</h1>
        <p className="text-slate-700">
          A worker records feeding, deaths, water and samples on this farm. They never see what anything cost.
        </p>
      </header>
      {workers.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {workers.map((worker) => (
            <li key={worker.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <span className="min-w-0">
                <span className="block font-semibold break-words">{worker.name ?? worker.invited}</span>
                <span className="block text-sm text-slate-700">
                  {worker.joined ? `Joined · invited as ${worker.invited}` : 'Invited, not joined yet'}
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="workerId" value={worker.id} />
                <Button type="submit" variant="outline" size="sm">
                  Remove<span className="sr-only"> {worker.name ?? worker.invited}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" noValidate>
        <input type="hidden" name="intent" value="invite" />
        <Field
          label="Invite a worker by e-mail or phone"
          name="contact"
          maxLength={120}
          hint="0803 123 4567 or name@example.com"
          error={fieldErrors.contact}
        />
        <Button type="submit">Invite</Button>
      </Form>
    </div>
  );
}
