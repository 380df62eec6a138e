import { Download, Printer } from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { parseRowIdParam } from '~/lib/errors.server';
import { load } from '~/lib/route.server';
import { dayMonth, shopDay } from '#core/calendar';
import { harvestWord, MOVE_DIRECTION_WORD } from '#core/farm/kinds';
import { cycleReport, reportFigures } from '#core/farm/report';
import { POND_KIND_LABEL, SPECIES_LABEL } from '#core/farm/species';
import { formatKg, formatNaira, groupThousands } from '#core/money';
import type { Route } from './+types/cycle-report';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Cycle report: ${loaderData.report.pond.name}, ${loaderData.report.farm.name} — FreshCatch`
      : 'Cycle report — FreshCatch',
  },
];

/** The owner's door (owner-area.tsx) let the owner in; cycleReport refuses anyone else again. */
export const loader = load({
  auth: 'farm',
  run: async ({ farm, params, services: { db } }) => {
    const cycleId = parseRowIdParam(params.cycleId, 'This cycle is not on the farm.');
    const report = await cycleReport(db, farm, cycleId, shopDay(new Date()));
    return { report, figures: reportFigures(report), farmId: farm.farmId };
  },
});

/** "2026-03-01" → "1 Mar 2026": a report is read months later, so with its year. */
function fullDay(day: string): string {
  return `${dayMonth(day)} ${day.slice(0, 4)}`;
}

function Table({
  caption,
  head,
  rows,
  foot,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
  foot?: (string | number)[];
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left">
            {head.map((cell, i) => (
              <th
                key={cell}
                scope="col"
                className={i === 0 ? 'py-1 pr-2' : 'px-2 py-1 text-right whitespace-nowrap'}
              >
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-b border-slate-200 break-inside-avoid">
              {row.map((cell, i) => (
                <td
                  key={i}
                  className={i === 0 ? 'py-1 pr-2' : 'px-2 py-1 text-right whitespace-nowrap tabular-nums'}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {foot ? (
          <tfoot>
            <tr className="font-semibold">
              {foot.map((cell, i) => (
                <td
                  key={i}
                  className={i === 0 ? 'py-1 pr-2' : 'px-2 py-1 text-right whitespace-nowrap tabular-nums'}
                >
                  {cell}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="break-inside-avoid-page space-y-2">
      <h2 id={id} className="border-b-2 border-slate-800 pb-1 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Pairs({ pairs }: { pairs: [string, string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 print:grid-cols-3">
      {pairs.map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-700">{label}</dt>
          <dd className="font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The cycle report (issue 50 §5): the cycle's book on one page for a bank or a buyer, printed from
 * the browser (app.css prints only the report: no header, footer or farm tabs) or downloaded as CSV.
 */
export default function CycleReport() {
  const { report, figures: rows, farmId } = useLoaderData<typeof loader>();
  const { cycle, book, costs, forecast, market } = report;
  const cycleUrl = `/farm/${farmId}/cycles/${cycle.id}`;
  const totalFeedG = report.weeks.reduce((sum, week) => sum + week.feedG, 0);
  const totalDeaths = report.weeks.reduce((sum, week) => sum + week.deaths, 0);
  const figures = rows.map(([label, value, unit]): [string, string] => [
    label,
    value === ''
      ? '—'
      : unit === 'fish'
        ? groupThousands(Number(value))
        : `${value}${unit === '' ? '' : unit === '%' ? '%' : ` ${unit}`}`,
  ]);
  return (
    <article
      data-print-alone
      className="space-y-6 bg-white p-4 sm:p-6 print:p-0 print:text-[10.5pt]"
      aria-labelledby="report-heading"
    >
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Button type="button" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="h-4 w-4" /> Print
        </Button>
        <a href={`${cycleUrl}/report.csv`} download className={buttonClasses({ variant: 'outline' })}>
          <Download aria-hidden="true" className="h-4 w-4" /> Download CSV
        </a>
        <Link to={cycleUrl} className="text-sm font-medium text-brand-700 underline">
          Back to the cycle
        </Link>
      </div>

      <header className="space-y-1">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase print:text-black">
          FreshCatch farm book · cycle report
        </p>
        <h1 id="report-heading" className="text-2xl font-bold text-slate-900">
          {report.pond.name}, {report.farm.name}
        </h1>
        <p className="text-slate-700">
          {[report.farm.town, report.farm.state].filter(Boolean).join(', ')}
          {report.pond.kind ? ` · ${POND_KIND_LABEL[report.pond.kind]}` : ''} · cycle {cycle.id}
        </p>
        <p className="text-slate-700">
          {cycle.closedOn
            ? `Harvested ${fullDay(cycle.closedOn)}, ${report.day} days after stocking.`
            : `Fish in the pond: the book as of ${fullDay(report.asOf)}, day ${report.day}.`}
        </p>
      </header>

      <Section id="stocking-heading" title="Stocking">
        <Pairs
          pairs={[
            ['Date', fullDay(cycle.stockedOn)],
            ['Fish', SPECIES_LABEL[cycle.species]],
            ['Number', groupThousands(cycle.stockedCount)],
            ['Average weight', formatKg(cycle.stockedAvgG)],
            ['Where from', cycle.source || '—'],
            ['Cost', formatNaira(cycle.stockCostKobo)],
          ]}
        />
        {report.moves.length > 0 ? (
          <Table
            caption="Fish moved in and out"
            head={['Moved', 'In/out', 'Fish', 'Weight', 'Cost share']}
            rows={report.moves.map((move) => [
              fullDay(move.on),
              MOVE_DIRECTION_WORD[move.direction],
              groupThousands(move.count),
              formatKg(move.weightG),
              formatNaira(move.costKobo),
            ])}
          />
        ) : null}
      </Section>

      <Section id="book-heading" title="The book">
        <Pairs pairs={figures} />
        <p className="text-xs text-slate-700">
          FCR: kg of feed per kg of fish gained. SGR: growth in % of body weight a day since stocking.
          Survival: fish alive, harvested or moved out over fish stocked or moved in. Plan: {cycle.tableTitle}
          .
        </p>
      </Section>

      <Section id="costs-heading" title="Costs">
        <Table
          caption="Costs"
          head={['Item', 'Amount']}
          rows={[
            ['Fingerlings', formatNaira(costs.fingerlingsKobo)],
            ...(costs.movedInKobo > 0 ? [['Fish moved in', formatNaira(costs.movedInKobo)]] : []),
            ...(costs.movedOutKobo > 0 ? [['Fish moved out', formatNaira(-costs.movedOutKobo)]] : []),
            ['Feed', formatNaira(costs.feedKobo)],
          ]}
          foot={['Total', formatNaira(costs.totalKobo)]}
        />
        <p className="text-sm text-slate-900">
          Cost per kg of fish (in the pond and harvested):{' '}
          <strong>{costs.perKgKobo === null ? '—' : formatNaira(costs.perKgKobo)}</strong>
        </p>
        {costs.unpricedFeedG > 0 ? (
          <p className="text-sm text-amber-900">
            {formatKg(costs.unpricedFeedG)} of feed had no price in the feed store and is not in the cost.
          </p>
        ) : null}
      </Section>

      <Section id="weeks-heading" title="Feed and deaths by week">
        <Table
          caption="Feed and deaths by week from stocking"
          head={['Week', 'From', 'Feed', 'Deaths']}
          rows={report.weeks.map((week) => [
            week.week,
            dayMonth(week.from),
            week.feedG > 0 ? formatKg(week.feedG) : '—',
            groupThousands(week.deaths),
          ])}
          foot={['Total', '', formatKg(totalFeedG), groupThousands(totalDeaths)]}
        />
      </Section>

      <Section id="samples-heading" title="Samples">
        {report.samples.length > 0 ? (
          <Table
            caption="Samples against the plan"
            head={['Sampled', 'Fish', 'Average', 'Plan']}
            rows={report.samples.map((sample) => [
              fullDay(sample.on),
              groupThousands(sample.count),
              formatKg(sample.averageG),
              formatKg(sample.planG),
            ])}
          />
        ) : (
          <p className="text-sm text-slate-700">No sample weighed yet.</p>
        )}
      </Section>

      <Section id="harvests-heading" title="Harvests">
        {report.harvests.length > 0 ? (
          <Table
            caption="Harvests"
            head={['Harvested', 'Fish', 'Weight', 'Kind']}
            rows={report.harvests.map((harvest) => [
              fullDay(harvest.on),
              groupThousands(harvest.count),
              formatKg(harvest.weightG),
              harvestWord(harvest.final),
            ])}
            foot={['Total', groupThousands(book.harvestedCount), formatKg(book.harvestedG), '']}
          />
        ) : (
          <p className="text-sm text-slate-700">Nothing harvested yet.</p>
        )}
      </Section>

      {forecast ? (
        <Section id="forecast-heading" title="Harvest forecast">
          <p className="text-sm text-slate-900">
            {formatKg(cycle.targetG)} fish around <strong>{fullDay(forecast.on)}</strong> (in {forecast.days}{' '}
            days): about {formatKg(forecast.biomassG)} to harvest, on the plan rescaled to the latest sample.
          </p>
          {market.harvestValueKobo !== null && market.pricePerKgKobo !== null ? (
            <Pairs
              pairs={[
                [
                  `At FreshCatch's ${formatNaira(market.pricePerKgKobo)}/kg`,
                  formatNaira(market.harvestValueKobo),
                ],
                ['Margin on the cost so far', formatNaira(market.marginKobo ?? 0)],
              ]}
            />
          ) : null}
        </Section>
      ) : null}

      <p className="border-t border-slate-300 pt-2 text-xs text-slate-700">
        From the farm&apos;s own records in the FreshCatch farm book, as of {fullDay(report.asOf)}. Feed and
        deaths are as recorded by the farm; weights between samples follow the plan&apos;s growth curve.
      </p>
    </article>
  );
}
