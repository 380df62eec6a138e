import { Form, useActionData, useLoaderData } from 'react-router';
import { ContactChoice } from '~/components/account/contact-choice';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { act, load } from '~/lib/route.server';
import { useActionResult } from '~/lib/use-action-result';
import { chooseReminders, remindersChoice } from '#core/farm/remind';
import { RemindersFormSchema } from '#core/farm/schemas';
import { FARM_REMINDER_LABELS } from '#core/messages/contact';
import { displayPhone } from '#core/phone-display';
import type { Route } from './+types/reminders';

export const meta: Route.MetaFunction = () => [{ title: 'Reminders — My farm — FreshCatch' }];

export const loader = load({
  auth: 'farm',
  run: async ({ farm, services: { db } }) => {
    const { choice, phone } = await remindersChoice(db, farm);
    return { channel: choice.channel, phone: phone ? displayPhone(phone) : '' };
  },
});

export const action = act({
  auth: 'farm',
  form: RemindersFormSchema,
  run: async ({ farm, input, services: { db } }) => {
    await chooseReminders(db, farm, input);
    return {
      toast: {
        title: input.contact === 'email' ? 'Reminders off' : 'Reminders on',
        description:
          input.contact === 'email'
            ? 'No farm reminder will be sent to you.'
            : `Your farm reminders come by ${FARM_REMINDER_LABELS[input.contact]}.`,
      },
    };
  },
});

/** What the farm is reminded of (core/farm/reminders.ts), said as the farmer reads it. */
const REMINDED = [
  'a stocked pond with nothing recorded by 6 pm',
  'a sample weighing due, 14 days after the last one',
  'feed for fewer than 5 days of a pellet size you use',
  'a harvest forecast within 7 days',
  "a water reading outside the fish's safe band",
];

export default function Reminders() {
  const { channel, phone } = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>(), {
    failureToast: 'unless-field-errors',
  });
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Reminders</h1>
        <p className="text-slate-700">A message on your phone when the farm needs you:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          {REMINDED.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </header>
      <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" noValidate>
        <ContactChoice topic="farm" phone={null} defaultValue={channel} error={fieldErrors.contact} />
        <Field
          label="Phone number for the reminders"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          defaultValue={phone}
          hint="0803 123 4567"
          error={fieldErrors.phone}
        />
        <Button type="submit">Save reminders</Button>
      </Form>
    </div>
  );
}
