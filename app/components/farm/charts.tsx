import { dayMonth } from '#core/calendar';
import { groupThousands } from '#core/money';

/**
 * The farm book's charts, drawn as plain SVG by the server: a farmer on 2G gets them with the page, with
 * no chart library to fetch (docs/decisions/059). Each is a figure with a caption and, for screen
 * readers, its figures as a table.
 */

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { top: 8, right: 8, bottom: 20, left: 40 };

interface Series {
  label: string;
  points: { x: number; y: number }[];
  className: string;
  dashed?: boolean;
}

function scale(domain: [number, number], range: [number, number]) {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  return (value: number) => r0 + ((value - d0) / span) * (r1 - r0);
}

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / power) * power;
}

export function LineChart({
  title,
  series,
  dots,
  xLabel,
  yUnit,
  table,
}: {
  title: string;
  series: Series[];
  /** Points drawn as dots (the samples weighed). */
  dots?: { label: string; points: { x: number; y: number }[] };
  xLabel: string;
  yUnit: string;
  table: { head: string[]; rows: (string | number)[][] };
}) {
  const all = [...series.flatMap((s) => s.points), ...(dots?.points ?? [])];
  const maxX = Math.max(1, ...all.map((p) => p.x));
  const maxY = niceMax(Math.max(0, ...all.map((p) => p.y)));
  const x = scale([0, maxX], [PAD.left, WIDTH - PAD.right]);
  const y = scale([0, maxY], [HEIGHT - PAD.bottom, PAD.top]);
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3">
      <figcaption className="text-sm font-semibold text-slate-900">{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-2 h-auto w-full" aria-hidden="true">
        <line
          x1={PAD.left}
          y1={HEIGHT - PAD.bottom}
          x2={WIDTH - PAD.right}
          y2={HEIGHT - PAD.bottom}
          className="stroke-slate-300"
        />
        <line
          x1={PAD.left}
          y1={PAD.top}
          x2={PAD.left}
          y2={HEIGHT - PAD.bottom}
          className="stroke-slate-300"
        />
        <text x={PAD.left - 4} y={PAD.top + 8} textAnchor="end" className="fill-slate-600 text-[9px]">
          {`${groupThousands(maxY)} ${yUnit}`}
        </text>
        <text x={PAD.left - 4} y={HEIGHT - PAD.bottom} textAnchor="end" className="fill-slate-600 text-[9px]">
          0
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 4} textAnchor="end" className="fill-slate-600 text-[9px]">
          {`${xLabel} ${maxX}`}
        </text>
        {series.map((s) => (
          <polyline
            key={s.label}
            fill="none"
            strokeWidth={2}
            strokeDasharray={s.dashed ? '4 3' : undefined}
            className={s.className}
            points={s.points.map((p) => `${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ')}
          />
        ))}
        {dots?.points.map((p) => (
          <circle key={`${p.x}-${p.y}`} cx={x(p.x)} cy={y(p.y)} r={3.5} className="fill-accent-600" />
        ))}
      </svg>
      <ul className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-700">
        {series.map((s) => (
          <li key={s.label}>
            <span aria-hidden="true" className={s.dashed ? 'text-slate-500' : 'text-brand-700'}>
              {s.dashed ? '- - ' : '— '}
            </span>
            {s.label}
          </li>
        ))}
        {dots ? (
          <li>
            <span aria-hidden="true" className="text-accent-600">
              ●{' '}
            </span>
            {dots.label}
          </li>
        ) : null}
      </ul>
      <ChartTable caption={title} {...table} />
    </figure>
  );
}

export function BarChart({
  title,
  bars,
  yUnit,
  empty,
  table,
}: {
  title: string;
  bars: { label: string; value: number }[];
  yUnit: string;
  empty: string;
  table: { head: string[]; rows: (string | number)[][] };
}) {
  const maxY = niceMax(Math.max(0, ...bars.map((b) => b.value)));
  const y = scale([0, maxY], [HEIGHT - PAD.bottom, PAD.top]);
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, bars.length);
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3">
      <figcaption className="text-sm font-semibold text-slate-900">{title}</figcaption>
      {bars.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{empty}</p>
      ) : (
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-2 h-auto w-full" aria-hidden="true">
          <line
            x1={PAD.left}
            y1={HEIGHT - PAD.bottom}
            x2={WIDTH - PAD.right}
            y2={HEIGHT - PAD.bottom}
            className="stroke-slate-300"
          />
          <text x={PAD.left - 4} y={PAD.top + 8} textAnchor="end" className="fill-slate-600 text-[9px]">
            {`${groupThousands(maxY)} ${yUnit}`}
          </text>
          <text
            x={PAD.left - 4}
            y={HEIGHT - PAD.bottom}
            textAnchor="end"
            className="fill-slate-600 text-[9px]"
          >
            0
          </text>
          {bars.map((bar, i) => (
            <rect
              key={bar.label}
              x={PAD.left + i * slot + slot * 0.15}
              width={Math.max(1, slot * 0.7)}
              y={y(bar.value)}
              height={HEIGHT - PAD.bottom - y(bar.value)}
              className="fill-brand-600"
            />
          ))}
          <text x={PAD.left} y={HEIGHT - 4} className="fill-slate-600 text-[9px]">
            {bars[0]!.label}
          </text>
          <text x={WIDTH - PAD.right} y={HEIGHT - 4} textAnchor="end" className="fill-slate-600 text-[9px]">
            {bars[bars.length - 1]!.label}
          </text>
        </svg>
      )}
      <ChartTable caption={title} {...table} />
    </figure>
  );
}

function ChartTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    // A table's width is never less than its cells': the wrapper takes it out of the page's width.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The latest 60 days of a daily figure (feed, deaths), a bar a day, with the same figures as a table. */
export function DailyBarChart({
  title,
  yUnit,
  empty,
  column,
  days,
  figure = (value) => value,
}: {
  title: string;
  yUnit: string;
  empty: string;
  /** The table's heading for the figure. */
  column: string;
  days: readonly { on: string; value: number }[];
  figure?: (value: number) => string | number;
}) {
  const latest = days.slice(-60);
  return (
    <BarChart
      title={title}
      yUnit={yUnit}
      empty={empty}
      bars={latest.map((d) => ({ label: dayMonth(d.on), value: d.value }))}
      table={{ head: ['Day', column], rows: latest.map((d) => [dayMonth(d.on), figure(d.value)]) }}
    />
  );
}
