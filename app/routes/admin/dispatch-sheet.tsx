import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import { Button } from '~/components/ui/button';
import { adminScreenWithoutForm } from '~/lib/auth/guards.server';
import { load } from '~/lib/route.server';
import {
  dispatchSheet,
  slotDaysForFilter,
  type DispatchSheet as DispatchSheetData,
  type SlotDayChoice,
} from '#core/delivery/slot-bookings';
import { slotDayLabel } from '~/components/admin/orders/order-filters';
import { DispatchSheetQuerySchema } from '#core/delivery/schemas';
import { dayDate, formatWindow } from '#core/delivery/slots';
import { formatNaira, formatWeight } from '#core/money';
import { shortOrderId } from '#core/notifications/messages';
import type { Route } from './+types/dispatch-sheet';
import { displayPhone } from '#core/phone-display';
import { packerOrigin } from '#core/sellers/origin-words';

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data?.sheet
      ? `Dispatch sheet: ${data.sheet.slot.location}, ${dayDate(data.sheet.slot.day)} ${formatWindow(data.sheet.slot.startMinute, data.sheet.slot.endMinute)} — FreshCatch Admin`
      : 'Dispatch sheet — FreshCatch Admin',
  },
];

export const loader = load({
  auth: 'admin',
  query: DispatchSheetQuerySchema,
  run: async ({ admin, query, services: { db } }) => {
    if (query.day === undefined) return { sheet: null, days: await slotDaysForFilter(db, admin) };
    return { sheet: await dispatchSheet(db, admin, query.day as number), days: [] };
  },
});

export const action = adminScreenWithoutForm;

/**
 * A slot's dispatch sheet: the list a rider carries — each paid stop with its recipient, address,
 * phone, items and weights — and the totals. Printed from the browser; the print stylesheet drops the
 * admin frame and the buttons.
 */
export default function DispatchSheetRoute() {
  const { sheet, days } = useLoaderData<typeof loader>();
  if (!sheet) return <SlotDays days={days} />;
  return <DispatchSheet sheet={sheet} />;
}

/** Without a slot day: the booked slot days, newest first, each a link to its sheet. */
function SlotDays({ days }: { days: SlotDayChoice[] }) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Dispatch sheets</h1>
      {days.length === 0 ? (
        <p className="text-slate-700">No delivery slot has been booked yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Booked slot days">
          {days.map((day) => (
            <li key={day.dayId}>
              <Link
                to={`/admin/dispatch?day=${day.dayId}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {slotDayLabel(day)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DispatchSheet({ sheet }: { sheet: DispatchSheetData }) {
  const { slot, stops, totals, unpaid } = sheet;
  const slotWindow = formatWindow(slot.startMinute, slot.endMinute);
  return (
    <article className="mx-auto max-w-4xl space-y-4 bg-white p-4 sm:p-6 print:max-w-none print:p-0 print:text-[11pt]">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link
          to="/admin/delivery-slots"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Delivery Slots
        </Link>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/admin/orders?slot=${slot.dayId}`}
            className="inline-flex items-center rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
          >
            Orders in this slot
          </Link>
          <Button type="button" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="h-4 w-4" /> Print
          </Button>
        </div>
      </div>
      <header className="border-b-2 border-slate-900 pb-2">
        <h1 className="text-2xl font-bold">Dispatch sheet</h1>
        <p className="text-lg">
          {slot.location} · {dayDate(slot.day)}, {slotWindow}
        </p>
        <p className="text-sm text-slate-700">
          {totals.stops} {totals.stops === 1 ? 'stop' : 'stops'} · {totals.items}{' '}
          {totals.items === 1 ? 'item' : 'items'} · {formatWeight(totals.weightGrams)} ·{' '}
          {formatNaira(totals.totalKobo)} · {slot.booked} of {slot.capacity}{' '}
          {slot.capacity === 1 ? 'place' : 'places'} booked
          {unpaid > 0 ? ` (${unpaid} awaiting payment, not on this sheet)` : ''}
        </p>
      </header>
      {stops.length === 0 ? (
        <p className="text-slate-700">No paid orders are booked into this slot yet.</p>
      ) : (
        <ol className="space-y-3" aria-label="Stops">
          {stops.map((stop, i) => (
            <li
              key={stop.orderId}
              className="break-inside-avoid rounded-md border border-slate-300 p-3 print:rounded-none print:border-x-0 print:border-t-0"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-base font-semibold">
                  {i + 1}. {stop.name}
                </h2>
                <span className="font-mono text-sm">#{shortOrderId(stop.orderId)}</span>
              </div>
              <p className="text-sm">{stop.address}</p>
              <p className="text-sm">
                <a
                  href={`tel:${stop.phone}`}
                  className="font-medium text-brand-700 underline print:text-black print:no-underline"
                >
                  {displayPhone(stop.phone)}
                </a>
              </p>
              <table className="mt-2 w-full text-sm">
                <caption className="sr-only">Items for {stop.name}</caption>
                <thead>
                  <tr className="text-left text-slate-600">
                    <th scope="col" className="font-medium">
                      Item
                    </th>
                    <th scope="col" className="w-16 text-right font-medium">
                      Qty
                    </th>
                    <th scope="col" className="w-24 text-right font-medium">
                      Weight
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {stop.items.map((item, n) => (
                    <tr key={n}>
                      <td>
                        {item.name}
                        {item.origin ? (
                          <span className="block text-xs text-slate-700">{packerOrigin(item.origin)}</span>
                        ) : null}
                      </td>
                      <td className="text-right">{item.quantity}</td>
                      <td className="text-right">{formatWeight(item.weightGrams)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="border-t border-slate-200 font-semibold">
                    <td>Order total {formatNaira(stop.totalKobo)} (paid)</td>
                    <td />
                    <td className="text-right">{formatWeight(stop.weightGrams)}</td>
                  </tr>
                </tfoot>
              </table>
            </li>
          ))}
        </ol>
      )}
      <footer className="border-t-2 border-slate-900 pt-2 text-sm font-semibold">
        Totals: {totals.stops} {totals.stops === 1 ? 'stop' : 'stops'}, {totals.items}{' '}
        {totals.items === 1 ? 'item' : 'items'}, {formatWeight(totals.weightGrams)},{' '}
        {formatNaira(totals.totalKobo)}
      </footer>
    </article>
  );
}
