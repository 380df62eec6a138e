import { randomUUID } from 'node:crypto';
import { Link, useLoaderData } from 'react-router';
import { DailyBarChart, LineChart } from '~/components/farm/charts';
import { CycleOwnerForms } from '~/components/farm/cycle-owner-forms';
import { RecentLines } from '~/components/farm/recent-lines';
import { LineForm } from '~/components/farm/line-form';
import { RefusedLines } from '~/components/farm/waiting-lines';
import { Field } from '~/components/ui/field';
import { parseRowIdParam } from '~/lib/errors.server';
import { act, load } from '~/lib/route.server';
import { dayMonth, shopDay } from '#core/calendar';
import { recentLines, recordEntry } from '#core/farm/entries';
import { LineFormSchema } from '#core/farm/schemas';
import { SPECIES_LABEL } from '#core/farm/species';
import { cycleView, pondsWithFish } from '#core/farm/views';
import { formatKg, formatNaira, groupThousands } from '#core/money';
import type { Route } from './+types/cycle';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.view.pondName ?? 'Cycle'} — My farm — FreshCatch` },
];

export const loader = load({
  auth: 'farm',
  run: async ({ farm, params, services: { db } }) => {
    const cycleId = parseRowIdParam(params.cycleId, 'This cycle is not on the farm.');
    const today = shopDay(new Date());
    const [view, ponds, lines] = await Promise.all([
      cycleView(db, farm, cycleId, today),
      farm.role === 'owner' ? pondsWithFish(db, farm) : [],
      recentLines(db, farm, cycleId),
    ]);
    return {
      view,
      today,
      farmId: farm.farmId,
      role: farm.role,
      ponds,
      lines,
      ids: { sample: randomUUID(), harvest: randomUUID(), move: randomUUID() },
    };
  },
});

export const action = act({
  auth: 'farm',
  form: LineFormSchema,
  run: async ({ farm, input, services: { db } }) => {
    const recorded = await recordEntry(db, farm, input);
    return {
      toast: {
        title: recorded.already.length > 0 ? 'Saved already' : 'Saved',
        description: 'It is in the farm book.',
      },
    };
  },
});

function decimals(value: number | null, digits: number): string {
  return value === null ? '—' : String(Number(value.toFixed(digits)));
}

export default function Cycle() {
  const { view, today, role, ids, farmId, ponds, lines } = useLoaderData<typeof loader>();
  const { cycle, book, forecast, money } = view;
  const open = cycle.closedOn === null;
  const facts: [string, string][] = [
    ['Fish alive', groupThousands(book.alive)],
    ['Average weight', formatKg(book.avgWeightG)],
    ['Biomass', formatKg(book.biomassG)],
    ['Feed given', formatKg(book.feedG)],
    ['FCR (feed ÷ gain)', decimals(book.fcr, 2)],
    ['SGR (%/day)', decimals(book.sgr, 2)],
    ['Survival', `${decimals(book.survivalPercent, 1)}%`],
  ];
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{view.pondName}</h1>
        <p className="text-slate-700">
          {SPECIES_LABEL[cycle.species]} · stocked {dayMonth(cycle.stockedOn)} (
          {groupThousands(cycle.stockedCount)} fish) · day {view.day}
          {cycle.closedOn ? ` · harvested ${dayMonth(cycle.closedOn)}` : ''}
        </p>
        {role === 'owner' ? (
          <Link
            to={`/farm/${farmId}/cycles/${cycle.id}/report`}
            className="text-sm font-medium text-brand-700 underline"
          >
            Cycle report
          </Link>
        ) : null}
      </header>
      {view.densityWarning ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {view.densityWarning}
        </p>
      ) : null}

      <section
        aria-labelledby="forecast-heading"
        className="rounded-lg border border-brand-200 bg-brand-50 p-4"
      >
        <h2 id="forecast-heading" className="font-semibold">
          Harvest forecast
        </h2>
        {forecast ? (
          <p className="mt-1 text-slate-900">
            {formatKg(cycle.targetG)} fish around <strong>{dayMonth(forecast.on)}</strong> (in {forecast.days}{' '}
            days): about {formatKg(forecast.biomassG)} to harvest.
          </p>
        ) : (
          <p className="mt-1 text-slate-700">
            {open ? 'No harvest date within two years on this plan.' : 'Harvested.'}
          </p>
        )}
        {money ? (
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-700">Cost so far</dt>
            <dd className="font-semibold">{formatNaira(money.costKobo)}</dd>
            <dt className="text-slate-700">Cost per kg</dt>
            <dd className="font-semibold">
              {money.costPerKgKobo === null ? '—' : formatNaira(money.costPerKgKobo)}
            </dd>
            {money.harvestValueKobo !== null && money.pricePerKgKobo !== null ? (
              <>
                <dt className="text-slate-700">
                  Worth at FreshCatch&apos;s {formatNaira(money.pricePerKgKobo)}/kg
                </dt>
                <dd className="font-semibold">{formatNaira(money.harvestValueKobo)}</dd>
                <dt className="text-slate-700">Margin on the cost so far</dt>
                <dd className="font-semibold">{formatNaira(money.marginKobo ?? 0)}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </section>

      <section aria-labelledby="book-heading">
        <h2 id="book-heading" className="text-lg font-semibold">
          The book so far
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-700">{label}</dt>
              <dd className="text-base font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <details className="mt-2 text-sm text-slate-700">
          <summary className="cursor-pointer">Where the plan comes from: {view.tableTitle}</summary>
          <p className="mt-1">{view.tableSource}</p>
        </details>
      </section>

      <section aria-labelledby="charts-heading" className="space-y-3">
        <h2 id="charts-heading" className="text-lg font-semibold">
          Growth, feed and deaths
        </h2>
        <LineChart
          title="Average weight: the plan, the forecast and the samples"
          xLabel="day"
          yUnit="g"
          series={[
            {
              label: 'Plan',
              points: view.curve.map((p) => ({ x: p.day, y: p.planG })),
              className: 'stroke-slate-400',
              dashed: true,
            },
            {
              label: 'Forecast from samples',
              points: view.curve.map((p) => ({ x: p.day, y: p.projectedG })),
              className: 'stroke-brand-700',
            },
          ]}
          dots={{
            label: 'Samples',
            points: view.samples.map((s) => ({ x: s.day, y: s.averageG })),
          }}
          table={{
            head: ['Sampled', 'Fish', 'Average', 'Plan'],
            rows: view.samples.map((s) => [dayMonth(s.on), s.count, formatKg(s.averageG), formatKg(s.planG)]),
          }}
        />
        <DailyBarChart
          title="Feed per day"
          yUnit="g"
          empty="No feeding recorded yet."
          column="Feed"
          days={view.feedByDay.map((d) => ({ on: d.on, value: d.feedG }))}
          figure={formatKg}
        />
        <DailyBarChart
          title="Deaths per day"
          yUnit="fish"
          empty="No deaths recorded."
          column="Dead"
          days={view.deathsByDay.map((d) => ({ on: d.on, value: d.count }))}
        />
      </section>

      <RecentLines farmId={farmId} lines={lines} />
      {open ? (
        <section aria-labelledby="sample-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="sample-heading" className="text-lg font-semibold">
            Record a sample
          </h2>
          <p className="text-sm text-slate-700">Weigh 100–200 fish together, not on a feeding morning.</p>
          <div className="mt-2 space-y-2">
            <RefusedLines cycleId={cycle.id} />
          </div>
          <LineForm intent="sample" id={ids.sample} cycleId={cycle.id} on={today} submitLabel="Save sample">
            {(errors) => (
              <div className="mt-3 grid grid-cols-2 gap-3">
                <Field label="Fish weighed" name="count" inputMode="numeric" error={errors.count} />
                <Field
                  label="Their total weight (kg)"
                  name="weightKg"
                  inputMode="decimal"
                  error={errors.weightKg ?? errors.weightG}
                />
              </div>
            )}
          </LineForm>
        </section>
      ) : null}
      {open && role === 'owner' ? (
        <CycleOwnerForms
          farmId={farmId}
          cycleId={cycle.id}
          pondId={cycle.pondId}
          species={cycle.species}
          today={today}
          moveId={ids.move}
          ratePercent={cycle.ratePercent}
          ponds={ponds}
        />
      ) : null}
      {open && role === 'owner' ? (
        <section
          aria-labelledby="harvest-heading"
          className="rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id="harvest-heading" className="text-lg font-semibold">
            Record a harvest
          </h2>
          <LineForm
            intent="harvest"
            id={ids.harvest}
            cycleId={cycle.id}
            on={today}
            submitLabel="Save harvest"
          >
            {(errors) => (
              <div className="mt-3 grid grid-cols-2 gap-3">
                <Field label="Fish harvested" name="count" inputMode="numeric" error={errors.count} />
                <Field
                  label="Their weight (kg)"
                  name="weightKg"
                  inputMode="decimal"
                  error={errors.weightKg}
                />
                <label className="col-span-2 flex items-center gap-2 text-sm">
                  <input type="checkbox" name="final" className="h-4 w-4" /> This is the last harvest: the
                  pond is empty
                </label>
              </div>
            )}
          </LineForm>
        </section>
      ) : null}
    </div>
  );
}
