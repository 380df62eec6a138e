import { useId } from 'react';
import type { FarmOnPage } from '#core/sellers/origins';
import { formatNaira } from '#core/money';
import { formatStock, type StockUnit } from '#core/stock/rules';

const OPTION =
  'grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 rounded-md p-2 text-sm hover:bg-slate-50 has-[:checked]:bg-brand-50';
const RADIO = 'row-span-3 mt-1 h-4 w-4 accent-brand-700';

/**
 * "Where it comes from" (issue 51 §3): the shop's own stock and each farm's harvest at the hub, each with
 * its price and what is left; the buyer picks one, the shop's rule (the oldest first) is chosen until
 * they do. A radio group: one choice, reachable by keyboard, each option labelled in full.
 */
export function SourceChoice({
  unit,
  ownPriceKobo,
  ownAvailable,
  ownAge,
  farms,
  value,
  onChange,
  priceLabel,
}: {
  unit: StockUnit;
  ownPriceKobo: number;
  ownAvailable: number;
  /** "Caught today": the shop's own batch the next buyer gets; null when it has none. */
  ownAge: string | null;
  farms: FarmOnPage[];
  /** The batch chosen, or null for the shop's own. */
  value: number | null;
  onChange: (batchId: number | null) => void;
  /** "per kg", "per fish": what the farm's price is for. */
  priceLabel: string;
}) {
  const name = useId();
  const per = unit === 'kg' ? 'per kg' : 'each';
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3" data-testid="source-choice">
      <legend className="px-1 text-sm font-semibold text-slate-900">Choose where it comes from</legend>
      <p className="text-xs text-slate-600">Not sure? The shop’s choice is the oldest harvest first.</p>
      <ul className="mt-2 space-y-2">
        {ownAge !== null && ownAvailable > 0 ? (
          <li>
            <label className={OPTION}>
              <input
                type="radio"
                name={name}
                className={RADIO}
                checked={value === null}
                onChange={() => onChange(null)}
              />
              <span className="font-semibold text-slate-900">FreshCatch’s own stock</span>
              <span className="col-start-2 text-slate-700">
                {ownAge} · {formatNaira(ownPriceKobo)} {priceLabel} · {formatStock(ownAvailable, unit)} left
              </span>
            </label>
          </li>
        ) : null}
        {farms.map((farm) => (
          <li key={farm.batchId}>
            <label className={OPTION}>
              <input
                type="radio"
                name={name}
                className={RADIO}
                checked={value === farm.batchId}
                onChange={() => onChange(farm.batchId)}
                disabled={farm.available <= 0}
              />
              <span className="text-slate-900">
                <strong className="font-semibold">{farm.farm}</strong> ({farm.seller}), {farm.place}
              </span>
              <span className="col-start-2 text-slate-700">
                {farm.harvested} · {formatNaira(farm.priceKobo)} {per} · {formatStock(farm.available, unit)}{' '}
                left
              </span>
              {farm.record ? <span className="col-start-2 text-slate-600">{farm.record}</span> : null}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
