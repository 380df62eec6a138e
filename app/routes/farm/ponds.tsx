import { Form, useActionData, useLoaderData } from 'react-router';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field, SelectField } from '~/components/ui/field';
import { act, load } from '~/lib/route.server';
import { useActionResult } from '~/lib/use-action-result';
import { shopDay } from '#core/calendar';
import { addPond, pondsOf, setCycleRate, stockPond } from '#core/farm/cycles';
import { moveFish } from '#core/farm/moves';
import { MoveFormSchema, PondFormSchema, RateFormSchema, StockFormSchema } from '#core/farm/schemas';
import { POND_KIND_LABEL, POND_KINDS, SPECIES, SPECIES_LABEL } from '#core/farm/species';
import * as z from 'zod/mini';
import type { Route } from './+types/ponds';

export const meta: Route.MetaFunction = () => [{ title: 'Ponds — My farm — FreshCatch' }];

export const loader = load({
  auth: 'farm',
  run: async ({ farm, services: { db } }) => ({
    farmId: farm.farmId,
    ponds: await pondsOf(db, farm),
    today: shopDay(new Date()),
  }),
});

/** The owner's forms: here, and the cycle page's moves and own rate (posted here, behind the owner's door). */
const PondsActionSchema = z.discriminatedUnion('intent', [
  z.extend(PondFormSchema, { intent: z.literal('add-pond') }),
  z.extend(StockFormSchema, { intent: z.literal('stock') }),
  z.extend(MoveFormSchema, { intent: z.literal('move') }),
  z.extend(RateFormSchema, { intent: z.literal('rate') }),
]);

export const action = act({
  auth: 'farm',
  form: PondsActionSchema,
  run: async ({ farm, input, services: { db } }) => {
    if (input.intent === 'move') {
      const { intent: _, ...move } = input;
      const moved = await moveFish(db, farm, move);
      return {
        toast: {
          title: moved.already ? 'Moved already' : 'Fish moved',
          description: "Both ponds' books have it.",
        },
      };
    }
    if (input.intent === 'rate') {
      await setCycleRate(db, farm, input.cycleId, input.ratePercent);
      return {
        toast: {
          title: 'Feeding rate saved',
          description:
            input.ratePercent === null
              ? "The feeding table's rate again."
              : `${input.ratePercent}% of their weight a day.`,
        },
      };
    }
    if (input.intent === 'add-pond') {
      const { intent: _, ...pond } = input;
      await addPond(db, farm, pond);
      return { toast: { title: 'Pond added', description: `${pond.name} is on the farm.` } };
    }
    const { intent: _, ...stocking } = input;
    const { warning } = await stockPond(db, farm, stocking, shopDay(new Date()));
    return {
      toast: { title: 'Pond stocked', description: warning ?? 'Its feeding plan starts today.' },
      warning,
    };
  },
});

export default function Ponds() {
  const { farmId, ponds, today } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const fieldErrors = useActionResult(result, { failureToast: 'unless-field-errors' });
  const empty = ponds.filter((pond) => pond.cycleId === null);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">Ponds</h1>
      {result && result.ok && 'warning' in result && result.warning ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {result.warning}
        </p>
      ) : null}
      {ponds.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {ponds.map((pond) => (
            <li key={pond.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <span>
                <span className="block font-semibold">{pond.name}</span>
                <span className="block text-sm text-slate-700">
                  {POND_KIND_LABEL[pond.kind]} ·{' '}
                  {pond.volumeM3 !== null
                    ? `${pond.volumeM3} m³`
                    : `${pond.areaM2} m², ${pond.depthM} m deep`}
                </span>
              </span>
              {pond.cycleId !== null ? (
                <Link
                  to={`/farm/${farmId}/cycles/${pond.cycleId}`}
                  className="text-sm font-medium text-brand-700 underline"
                >
                  Stocked: open its cycle
                </Link>
              ) : (
                <span className="text-sm text-slate-700">Empty</span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">No pond yet: add the first below.</p>
      )}

      {empty.length > 0 ? (
        <section aria-labelledby="stock-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="stock-heading" className="text-lg font-semibold">
            Stock a pond
          </h2>
          <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2" noValidate>
            <input type="hidden" name="intent" value="stock" />
            <SelectField label="Pond" name="pondId" defaultValue={empty[0]!.id} error={fieldErrors.pondId}>
              {empty.map((pond) => (
                <option key={pond.id} value={pond.id}>
                  {pond.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Fish"
              name="species"
              defaultValue="african_catfish"
              error={fieldErrors.species}
            >
              {SPECIES.map((species) => (
                <option key={species} value={species}>
                  {SPECIES_LABEL[species]}
                </option>
              ))}
            </SelectField>
            <Field
              label="Stocking date"
              name="stockedOn"
              type="date"
              max={today}
              defaultValue={today}
              error={fieldErrors.stockedOn}
            />
            <Field label="Number of fish" name="count" inputMode="numeric" error={fieldErrors.count} />
            <Field
              label="Average weight (g)"
              name="averageG"
              inputMode="decimal"
              hint="Fingerlings are usually 2–10 g."
              error={fieldErrors.averageG}
            />
            <Field label="Where from (hatchery)" name="source" maxLength={120} error={fieldErrors.source} />
            <Field label="What they cost (₦)" name="cost" inputMode="decimal" error={fieldErrors.cost} />
            <Field
              label="Harvest at (g)"
              name="targetG"
              inputMode="numeric"
              defaultValue="1000"
              error={fieldErrors.targetG}
            />
            <div className="sm:col-span-2">
              <Button type="submit">Stock the pond</Button>
            </div>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="pond-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="pond-heading" className="text-lg font-semibold">
          Add a pond or tank
        </h2>
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="add-pond" />
          <Field label="Pond name" name="name" maxLength={60} error={fieldErrors.name} />
          <SelectField label="Kind" name="kind" defaultValue="earthen_pond" error={fieldErrors.kind}>
            {POND_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {POND_KIND_LABEL[kind]}
              </option>
            ))}
          </SelectField>
          <Field label="Area (m²)" name="areaM2" inputMode="decimal" error={fieldErrors.areaM2} />
          <Field label="Depth (m)" name="depthM" inputMode="decimal" error={fieldErrors.depthM} />
          <Field
            label="Or its volume (m³)"
            name="volumeM3"
            inputMode="decimal"
            hint="For a tank: instead of area and depth."
            error={fieldErrors.volumeM3}
          />
          <div className="sm:col-span-2">
            <Button type="submit">Add the pond</Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
