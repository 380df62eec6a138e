import { DELIVERY_TIMES, priceOrder, type PricedLine, type RateFacts } from '#core/checkout/pricing';
import { DELIVERY_METHOD_LABELS, DELIVERY_METHODS, type DeliveryMethod } from '#core/delivery/methods';
import { formatNaira } from '#core/money';
import { methodRefusal } from '#core/delivery/shelf-life';

/** What a method's fee is worked out from: the cart's lines, the stored rates and the location typed. */
export interface FeeFacts {
  lines: PricedLine[];
  rates: RateFacts[];
  location: string;
}

/**
 * The four delivery methods as radios, each with its time and its full fee for this order (spec §4), or
 * Free where the owner's free-delivery rule covers it (decision 045). A method too slow for what the
 * cart holds (fresh fish on a 2–3 day route) is shown disabled with the reason the server would give.
 */
export function DeliveryMethodPicker({
  method,
  onChange,
  order,
  shelfLife,
}: {
  method: DeliveryMethod;
  onChange: (method: DeliveryMethod) => void;
  order: FeeFacts;
  /** Days the cart's goods keep (core/delivery/shelf-life.ts); null when nothing spoils. */
  shelfLife: number | null;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Delivery method</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {DELIVERY_METHODS.map((m) => {
          const fee = priceOrder({ method: m, ...order });
          const refusal = methodRefusal(m, shelfLife);
          return (
            // The reason sits beside the label, not in it: the radio's name stays the method's, and the
            // reason is read as its description.
            <div
              key={m}
              data-keep-clear=""
              className="rounded-md border border-slate-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:disabled]:bg-slate-50"
            >
              {/* The label wraps its radio and the method's name: jsx-a11y cannot see text made by expressions. */}
              {/* eslint-disable-next-line jsx-a11y/label-has-associated-control */}
              <label className="flex cursor-pointer items-start gap-3 p-3 has-[:disabled]:cursor-not-allowed">
                <input
                  type="radio"
                  name="delivery-method"
                  value={m}
                  checked={method === m}
                  disabled={refusal !== null}
                  aria-describedby={refusal ? `method-${m}-refusal` : undefined}
                  onChange={() => onChange(m)}
                  className="mt-1 accent-brand-700"
                />
                <span className="text-sm">
                  <span className="block font-semibold">{DELIVERY_METHOD_LABELS[m]}</span>
                  <span className="block text-slate-600">
                    {DELIVERY_TIMES[m] ? `${DELIVERY_TIMES[m]} · ` : 'Collect it yourself · '}
                    {fee.freeDelivery?.reached ? 'Free' : formatNaira(fee.fullDeliveryFeeKobo)}
                  </span>
                </span>
              </label>
              {refusal ? (
                <p id={`method-${m}-refusal`} className="-mt-2 px-3 pb-3 pl-10 text-sm text-amber-800">
                  {refusal}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
