import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '~/components/ui/badge';
import type { BatchStanding } from '#core/sellers/area';

/** A seller's batch at the hub as the page shows it (dates already in words). */
export interface HubBatch {
  id: number;
  offerId: number;
  productName: string;
  received: string;
  left: string;
  harvested: string;
  bestBefore: string | null;
  receivedOn: string;
  standing: BatchStanding;
  /** The standing in words (core/sellers/area.ts's, put in by the loader: that module is the server's). */
  standingLabel: string;
}

const STANDING_VARIANTS: Record<BatchStanding, BadgeVariant> = {
  selling: 'success',
  'sold-out': 'secondary',
  stopped: 'warning',
};

/** The seller's batches at the hub (issue 51 §6): what each of their received offers became, and what is left. */
export function HubBatches({ batches }: { batches: HubBatch[] }) {
  return (
    <section aria-labelledby="at-the-hub" className="space-y-2">
      <h2 id="at-the-hub" className="text-lg font-semibold">
        Your batches at the hub
      </h2>
      {batches.length === 0 ? (
        <p className="text-slate-700">Nothing of yours has been received at the hub yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {batches.map((batch) => (
            <li key={batch.id} className="space-y-2 p-3">
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{batch.productName}</span>
                <Badge variant={STANDING_VARIANTS[batch.standing]}>{batch.standingLabel}</Badge>
              </p>
              <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <Fact label="Received">
                  {batch.received} on {batch.receivedOn}
                </Fact>
                <Fact label="Left">{batch.left}</Fact>
                <Fact label="Harvested">{batch.harvested}</Fact>
                {batch.bestBefore ? <Fact label="Best before">{batch.bestBefore}</Fact> : null}
                <Fact label="From offer">#{batch.offerId}</Fact>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-28">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words font-medium tabular-nums text-slate-900">{children}</dd>
    </div>
  );
}
