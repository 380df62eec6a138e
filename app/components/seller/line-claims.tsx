import { CLAIM_OUTCOME_CLASSES, ClaimCard } from '~/components/claims/claim-card';
import { CLAIM_WINDOW_HOURS } from '#core/orders/claim-window';
import type { ClaimStatus } from '#core/orders/statuses';

/** A freshness claim on the seller's lines as the page shows it: its photo through the seller's own addresses. */
export interface LineClaim {
  id: number;
  order: string;
  status: ClaimStatus;
  outcome: string;
  createdAt: Date;
  description: string;
  lines: { productName: string; quantity: number }[];
  photoUrl: string;
  thumbnailUrl: string;
}

/**
 * Claims on the seller's lines (issue 51 §6): the order, what was claimed of their fish, the buyer's words
 * and photo, and where the claim stands. The card is the one the buyer and the shop see (ClaimCard).
 */
export function LineClaims({ claims }: { claims: LineClaim[] }) {
  return (
    <section aria-labelledby="claims" className="space-y-2">
      <h2 id="claims" className="text-lg font-semibold">
        Freshness claims on your fish
      </h2>
      <p className="text-sm text-slate-700">
        A buyer can report fish that arrived bad, with a photo, within hours of delivery (
        {CLAIM_WINDOW_HOURS.fresh} hours for fresh fish). If the shop approves, your part of the refund is
        taken from what you are owed for that line.
      </p>
      {claims.length === 0 ? (
        <p className="text-slate-700">No buyer has claimed on your fish.</p>
      ) : (
        <ul className="space-y-2">
          {claims.map((claim) => (
            <ClaimCard
              key={claim.id}
              claim={claim}
              className="rounded-lg border border-slate-200 bg-white p-3"
              thumbnailUrl={claim.thumbnailUrl}
              photoLabel={`Open the photo of the claim on order #${claim.order}`}
              photoAlt={`What the buyer sent for order #${claim.order}`}
              heading={
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">Order #{claim.order}</span>
                  <span
                    className={`inline-block rounded-full px-2 py-0.5 font-medium ${CLAIM_OUTCOME_CLASSES[claim.status]}`}
                  >
                    {claim.outcome}
                  </span>
                </p>
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
