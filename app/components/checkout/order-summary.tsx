import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { DELIVERY_METHOD_LABELS, type DeliveryMethod } from '#core/delivery/methods';
import { formatNaira, formatWeight } from '#core/money';

export interface SummaryDelivery {
  method: DeliveryMethod;
  /** The fee as charged; not shown when `free`. */
  feeKobo: number;
  free: boolean;
  /** The fee's 50 kg blocks and what is left over (spec §9): said under the line when there are any. */
  blocks: number;
  remainderGrams: number;
  /** The weight the fee was worked out from, said first (a placed order's page). */
  weightGrams?: number;
}

export interface SummaryDiscount {
  /** Shown only when above 0: at checkout a free-delivery code shows as a free fee instead. */
  kobo: number;
  /** A placed order stores the waived fee as its discount: the line says what was saved. */
  freeDelivery: boolean;
  code?: string | null;
}

export interface OrderSummaryFigures {
  subtotalKobo: number;
  /** A "Total Weight" line: the cart's, before a delivery method prices the weight. */
  weightGrams?: number;
  delivery?: SummaryDelivery;
  discount?: SummaryDiscount;
  totalKobo: number;
  /** The cart's total is its subtotal, called 'Order Total' (spec §2's /cart). */
  totalLabel?: string;
}

/** "3.2 kg: 2 × 50 kg + 1.5 kg": the weight (when given), then the fee's blocks (when any). */
function deliveryDetail({ weightGrams, blocks, remainderGrams }: SummaryDelivery): string | null {
  const parts = [
    weightGrams === undefined ? null : formatWeight(weightGrams),
    blocks > 0 ? `${blocks} × 50 kg + ${formatWeight(remainderGrams)}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(': ') : null;
}

/**
 * The lines of an order's price, the same on the cart, at checkout and on a placed order's page:
 * subtotal, then weight, delivery and discount where the page has them, then the total.
 */
export function OrderSummary({
  subtotalKobo,
  weightGrams,
  delivery,
  discount,
  totalKobo,
  totalLabel = 'Total',
  className,
}: OrderSummaryFigures & { className?: string }) {
  const detail = delivery ? deliveryDetail(delivery) : null;
  return (
    <dl className={clsx('space-y-2 text-sm', className)}>
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd>{formatNaira(subtotalKobo)}</dd>
      </div>
      {weightGrams === undefined ? null : (
        <div className="flex justify-between">
          <dt>Total Weight</dt>
          <dd>{formatWeight(weightGrams)}</dd>
        </div>
      )}
      {delivery ? (
        <div className="flex justify-between gap-2">
          <dt>
            Delivery ({DELIVERY_METHOD_LABELS[delivery.method]})
            {detail ? <span className="block text-xs text-slate-600">{detail}</span> : null}
          </dt>
          <dd>
            {delivery.free ? <span className="text-green-700">Free</span> : formatNaira(delivery.feeKobo)}
          </dd>
        </div>
      ) : null}
      {discount && discount.kobo > 0 ? (
        <div className="flex justify-between text-green-700">
          <dt>
            {discount.freeDelivery ? 'Free delivery' : 'Discount'}
            {discount.code ? ` (${discount.code})` : ''}
          </dt>
          <dd>
            {discount.freeDelivery ? `saved ${formatNaira(discount.kobo)}` : `−${formatNaira(discount.kobo)}`}
          </dd>
        </div>
      ) : null}
      {/* The total sits at the right edge, where the floating chat button would cover it. */}
      <div
        className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold"
        data-keep-clear=""
      >
        <dt>{totalLabel}</dt>
        <dd>{formatNaira(totalKobo)}</dd>
      </div>
    </dl>
  );
}

/**
 * The cart's and checkout's summary card: its heading (each page's own words), the figures, then what
 * leads on from them (the page's children).
 */
export function OrderSummaryCard({
  title,
  className,
  children,
  ...figures
}: OrderSummaryFigures & { title: string; className?: string; children: ReactNode }) {
  return (
    <aside
      aria-labelledby="summary-heading"
      className={clsx('h-fit rounded-lg border border-slate-200 bg-white p-5', className)}
    >
      <h2 id="summary-heading" className="text-lg font-semibold">
        {title}
      </h2>
      <OrderSummary {...figures} className="mt-4" />
      {children}
    </aside>
  );
}
