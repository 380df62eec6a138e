import type { ReactNode } from 'react';
import { formatAdminDateTime } from '~/lib/dates';
import { formatNaira } from '#core/money';
import type { ClaimView } from '#core/orders/claims';

/** A claim's outcome in the buyer's words (or the shop's, on the admin's order details). */
export function claimOutcome(claim: ClaimView, reader: 'buyer' | 'shop' = 'buyer'): string {
  if (claim.status === 'open')
    return reader === 'buyer' ? 'Waiting for the shop’s decision' : 'Open: to decide';
  if (claim.status === 'approved')
    return claim.refundKobo !== null ? `Approved: ${formatNaira(claim.refundKobo)} refunded` : 'Approved';
  return claim.decisionNote ? `Declined: ${claim.decisionNote}` : 'Declined';
}

/** A claim's outcome badge colours, by where it stands (the seller's area shows them too). */
export const CLAIM_OUTCOME_CLASSES: Record<ClaimView['status'], string> = {
  open: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  declined: 'bg-slate-200 text-slate-900',
};

/** The two sizes the card comes in: a small one in a list of an order's claims, a larger one to decide. */
const SIZES = {
  small: { px: 96, photo: 'h-24 w-24', text: 'basis-48', filed: 'text-xs text-slate-600' },
  large: { px: 112, photo: 'h-28 w-28', text: 'basis-56', filed: 'text-slate-600' },
} as const;

/**
 * One claim as buyer, shop and seller see it: the photo (opening the full size), what was claimed, the
 * buyer's words and when it was filed. What differs is passed in: the line above the claimed items
 * (the outcome, or the order and its customer), the photo's texts, and what follows the card (the
 * admin's two answers). The seller's area passes its own photo addresses (`thumbnailUrl` beside
 * `photoUrl`), which check the claim is on their line before sending the photo.
 */
export function ClaimCard({
  claim,
  heading,
  photoLabel,
  photoAlt,
  thumbnailUrl,
  size = 'small',
  className,
  children,
}: {
  claim: Pick<ClaimView, 'photoUrl' | 'description' | 'createdAt'> & {
    lines: Pick<ClaimView['lines'][number], 'productName' | 'quantity'>[];
  };
  heading: ReactNode;
  photoLabel: string;
  photoAlt: string;
  /** The 400 px photo's address; by default the stored photo's own 400 px width. */
  thumbnailUrl?: string;
  size?: keyof typeof SIZES;
  className: string;
  children?: ReactNode;
}) {
  const sized = SIZES[size];
  return (
    <li className={className}>
      <div className="flex flex-wrap gap-3">
        <a href={claim.photoUrl} className="shrink-0" aria-label={photoLabel}>
          <img
            src={thumbnailUrl ?? claim.photoUrl.replace(/-800\.webp$/, '-400.webp')}
            alt={photoAlt}
            width={sized.px}
            height={sized.px}
            className={`${sized.photo} rounded object-cover`}
          />
        </a>
        <div className={`min-w-0 flex-1 ${sized.text} space-y-1 text-sm`}>
          {heading}
          <p className="font-medium">
            {claim.lines.map((line) => `${line.quantity} × ${line.productName}`).join(', ')}
          </p>
          <p className="break-words text-slate-700">“{claim.description}”</p>
          <p className={sized.filed}>
            Filed{' '}
            <time dateTime={new Date(claim.createdAt).toISOString()}>
              {formatAdminDateTime(claim.createdAt)}
            </time>
          </p>
        </div>
      </div>
      {children}
    </li>
  );
}

/** One claim with its outcome: the buyer's order page, and the admin's order details (`reader="shop"`). */
export function ClaimWithOutcome({
  claim,
  reader = 'buyer',
}: {
  claim: ClaimView;
  reader?: 'buyer' | 'shop';
}) {
  return (
    <ClaimCard
      claim={claim}
      className="rounded border border-slate-200 p-3"
      photoLabel="Open the claim's photo"
      photoAlt={`${reader === 'buyer' ? 'What you sent' : 'What the buyer sent'}: ${claim.lines.map((line) => line.productName).join(', ')}`}
      heading={
        <p>
          <span
            className={`inline-block rounded-full px-2 py-0.5 font-medium ${CLAIM_OUTCOME_CLASSES[claim.status]}`}
          >
            {claimOutcome(claim, reader)}
          </span>
        </p>
      }
    />
  );
}
