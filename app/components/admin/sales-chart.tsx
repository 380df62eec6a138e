import { formatNaira } from '#core/money';
import type { SalesDay } from '#core/orders/reports';

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

// One formatter for every label: toLocaleDateString builds a new one per call (60 a dashboard).
const DAY_FORMAT = new Intl.DateTimeFormat('en-NG', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLabel = (day: string) => DAY_FORMAT.format(new Date(`${day}T12:00:00Z`));

/**
 * Paid revenue per day as bars, drawn on the server (an SVG: it reads without JavaScript), with the
 * same figures as a table for screen readers.
 */
export function SalesChart({ days }: { days: SalesDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.revenueKobo));
  const barWidth = WIDTH / days.length - GAP;
  const totalKobo = days.reduce((sum, d) => sum + d.revenueKobo, 0);
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-slate-700">
        {formatNaira(totalKobo)} from {totalOrders} paid {totalOrders === 1 ? 'order' : 'orders'} in the last{' '}
        {days.length} days
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`}
        className="h-auto w-full"
        aria-hidden="true"
        focusable="false"
      >
        <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="stroke-slate-300" strokeWidth={1} />
        {days.map((d, i) => {
          const height = d.revenueKobo === 0 ? 0 : Math.max(2, (d.revenueKobo / max) * (HEIGHT - 10));
          return (
            <rect
              key={d.day}
              x={i * (barWidth + GAP)}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              rx={2}
              className="fill-brand-700"
            >
              <title>{`${dayLabel(d.day)}: ${formatNaira(d.revenueKobo)}, ${d.orders} orders`}</title>
            </rect>
          );
        })}
        <text x={0} y={HEIGHT + 16} className="fill-slate-600 text-[11px]">
          {dayLabel(days[0]!.day)}
        </text>
        <text x={WIDTH} y={HEIGHT + 16} textAnchor="end" className="fill-slate-600 text-[11px]">
          {dayLabel(days.at(-1)!.day)}
        </text>
      </svg>
      {/* A table keeps the height of its rows whatever height it is given, so sr-only on the table itself
          left 30 rows (~1,600 px) of invisible table under the page; a block box clips it to 1 px. */}
      <div className="sr-only">
        <table>
          <caption>Paid orders and revenue per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Paid orders</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayLabel(d.day)}</th>
                <td>{d.orders}</td>
                <td>{formatNaira(d.revenueKobo)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
