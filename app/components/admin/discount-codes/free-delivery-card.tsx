import { Badge } from '~/components/ui/badge';
import { FREE_DELIVERY_CAP, freeDeliveryStatus } from '#core/discounts/admin-rules';

/** The FREEDELIVERY card over the discount codes (spec §2): paid Port Harcourt orders that used it, of 20. */
export function FreeDeliveryCard({ uses }: { uses: number }) {
  const state = freeDeliveryStatus(uses);
  const progress = Math.min(100, Math.round((uses / FREE_DELIVERY_CAP) * 100));
  return (
    <section
      aria-labelledby="freedelivery-card"
      className="max-w-md rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="freedelivery-card" className="font-mono text-lg font-semibold">
          freedelivery
        </h2>
        <Badge variant={state === 'Active' ? 'success' : 'destructive'}>{state}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-700">Free delivery for the first 20 customers in Port Harcourt</p>
      <p className="mt-3 text-sm font-medium">
        {uses} / {FREE_DELIVERY_CAP} used
      </p>
      <div
        role="progressbar"
        aria-label="freedelivery uses"
        aria-valuemin={0}
        aria-valuemax={FREE_DELIVERY_CAP}
        aria-valuenow={Math.min(uses, FREE_DELIVERY_CAP)}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-700" style={{ width: `${progress}%` }} />
      </div>
    </section>
  );
}
