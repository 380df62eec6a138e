import { randomUUID } from 'node:crypto';
import { useActionData, useLoaderData } from 'react-router';
import { DayPonds } from '~/components/farm/day-ponds';
import { act, load } from '~/lib/route.server';
import { useActionResult } from '~/lib/use-action-result';
import { shopDay } from '#core/calendar';
import { recordEntry } from '#core/farm/entries';
import { LineFormSchema } from '#core/farm/schemas';
import { dayView } from '#core/farm/views';
import { contactChoice } from '#core/messages/consent';
import type { Route } from './+types/day';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Today — ${loaderData?.farmName ?? 'My farm'} — FreshCatch` },
];

/** The ids the page's forms post with: a line posted twice (a double tap, a re-post) is saved once. */
const LINE_FORMS = ['fed', 'feeding', 'deaths', 'water', 'note'] as const;
export type LineIds = Record<(typeof LINE_FORMS)[number], string>;

export const loader = load({
  auth: 'farm',
  run: async ({ farm, services: { db } }) => {
    const [view, reminders] = await Promise.all([
      dayView(db, farm, shopDay(new Date())),
      farm.role === 'owner' ? contactChoice(db, farm.userId, 'farm') : null,
    ]);
    return {
      ...view,
      // The owner's reminders, to say on the page whether they are on (workers get none).
      reminders: reminders?.channel ?? null,
      farmId: farm.farmId,
      farmName: farm.farmName,
      role: farm.role,
      ids: view.ponds.map(
        () => Object.fromEntries(LINE_FORMS.map((form) => [form, randomUUID()])) as LineIds,
      ),
    };
  },
});

export const action = act({
  auth: 'farm',
  form: LineFormSchema,
  run: async ({ farm, input, services: { db } }) => {
    const recorded = await recordEntry(db, farm, input);
    const warnings = recorded.warnings.flatMap((warning) => warning.messages);
    return {
      toast: {
        title: recorded.already.length > 0 ? 'Saved already' : 'Saved',
        description: warnings[0] ?? 'It is in the farm book.',
      },
    };
  },
});

export default function FarmDay() {
  const data = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>(), {
    failureToast: 'unless-field-errors',
  });
  return <DayPonds {...data} fieldErrors={fieldErrors} />;
}
