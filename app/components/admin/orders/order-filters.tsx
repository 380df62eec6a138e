import { capitalise } from '~/components/orders/order-badges';
import { inputClasses } from '~/components/ui/field';
import type { OrderListQuery } from '#core/orders/schemas';
import { PAYMENT_FILTER_LABELS, PAYMENT_FILTERS } from '#core/orders/schemas';
import { ORDER_STATUSES } from '#core/orders/statuses';
import type { SlotDayChoice } from '#core/delivery/slot-bookings';
import { dayDate, formatWindow } from '#core/delivery/slots';

/** "Port Harcourt · Sat 28 Nov, 2–5 pm (3 booked)". */
export const slotDayLabel = (slot: SlotDayChoice) =>
  `${slot.location} · ${dayDate(slot.day)}, ${formatWindow(slot.startMinute, slot.endMinute)} (${slot.booked} booked)`;

/**
 * The admin orders list's own filters, beside its search: status and payment, and the customer whose
 * orders it shows (kept when the admin searches within them).
 */
export function OrderFilters({
  query,
  slots = [],
}: {
  query: Pick<OrderListQuery, 'status' | 'payment' | 'userId' | 'slot'>;
  /** The slot days with bookings, newest first. */
  slots?: SlotDayChoice[];
}) {
  return (
    <>
      {query.userId ? <input type="hidden" name="userId" value={query.userId} /> : null}
      <div>
        <label htmlFor="orders-status" className="mb-1 block text-sm font-medium">
          Status
        </label>
        <select id="orders-status" name="status" defaultValue={query.status ?? ''} className={inputClasses}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {capitalise(status)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="orders-payment" className="mb-1 block text-sm font-medium">
          Payment
        </label>
        <select
          id="orders-payment"
          name="payment"
          defaultValue={query.payment ?? ''}
          className={inputClasses}
        >
          <option value="">All payments</option>
          {PAYMENT_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {PAYMENT_FILTER_LABELS[filter]}
            </option>
          ))}
        </select>
      </div>
      {slots.length > 0 || query.slot ? (
        <div>
          <label htmlFor="orders-slot" className="mb-1 block text-sm font-medium">
            Delivery slot
          </label>
          <select id="orders-slot" name="slot" defaultValue={query.slot ?? ''} className={inputClasses}>
            <option value="">All slots</option>
            {slots.map((slot) => (
              <option key={slot.dayId} value={slot.dayId}>
                {slotDayLabel(slot)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}
