import { CalendarClock } from 'lucide-react';
import { Link, useActionData, useLoaderData } from 'react-router';
import { DeliverySlotForm } from '~/components/admin/delivery-slot-form';
import { type AdminListColumn, AdminListScreen } from '~/components/admin/list-screen';
import { RowConfirmButton, RowLink } from '~/components/admin/row-icon';
import { act, load } from '~/lib/route.server';
import { redirectWithToast } from '~/lib/toast.server';
import { useActionResult } from '~/lib/use-action-result';
import {
  type AdminDeliverySlot,
  createDeliverySlot,
  deleteDeliverySlot,
  getDeliverySlotForAdmin,
  listDeliverySlotsForAdmin,
  setDeliverySlotOpen,
  updateDeliverySlot,
} from '#core/delivery/slot-bookings';
import { DeliverySlotActionSchema, DeliverySlotListQuerySchema } from '#core/delivery/schemas';
import { cutoffRuleLabel, dayName, formatWindow } from '#core/delivery/slots';
import { ratedPlaces } from '#core/delivery/management';
import { PLACE_NOT_ON_LIST_MARK } from '#core/delivery/places';
import type { Route } from './+types/delivery-slots';

export const meta: Route.MetaFunction = () => [{ title: 'Delivery Slots — FreshCatch Admin' }];

const LIST = '/admin/delivery-slots';

export const loader = load({
  auth: 'admin',
  query: DeliverySlotListQuerySchema,
  run: async ({ admin, query, services: { db, checkout } }) => {
    const now = checkout.now?.() ?? new Date();
    const [slots, editing, places] = await Promise.all([
      listDeliverySlotsForAdmin(db, admin, now),
      typeof query.edit === 'number' ? getDeliverySlotForAdmin(db, admin, query.edit as number) : null,
      ratedPlaces(db),
    ]);
    return { slots, editing, places, adding: query.edit === 'new', today: now.toISOString() };
  },
});

export const DELIVERY_SLOT_TOASTS = {
  added: { title: 'Success', description: 'Delivery slot added successfully' },
  updated: { title: 'Success', description: 'Delivery slot updated successfully' },
  closed: { title: 'Success', description: 'Delivery slot closed: it is no longer offered' },
  opened: { title: 'Success', description: 'Delivery slot opened again' },
  deleted: { title: 'Success', description: 'Delivery slot deleted successfully' },
};

export const action = act({
  auth: 'admin',
  form: DeliverySlotActionSchema,
  run: async ({ admin, input, services: { db }, context }) => {
    if (input.intent === 'close' || input.intent === 'open') {
      await setDeliverySlotOpen(db, admin, input.slotId, input.intent === 'open');
      const toast = input.intent === 'open' ? DELIVERY_SLOT_TOASTS.opened : DELIVERY_SLOT_TOASTS.closed;
      return redirectWithToast(context, LIST, { type: 'success', ...toast });
    }
    if (input.intent === 'delete') {
      await deleteDeliverySlot(db, admin, input.slotId);
      return redirectWithToast(context, LIST, { type: 'success', ...DELIVERY_SLOT_TOASTS.deleted });
    }
    if (input.intent === 'update') {
      await updateDeliverySlot(db, admin, input.slotId, input);
      return redirectWithToast(context, LIST, { type: 'success', ...DELIVERY_SLOT_TOASTS.updated });
    }
    await createDeliverySlot(db, admin, input);
    return redirectWithToast(context, LIST, { type: 'success', ...DELIVERY_SLOT_TOASTS.added });
  },
});

const windowOfSlot = (slot: AdminDeliverySlot) => formatWindow(slot.startMinute, slot.endMinute);

function columns(today: string): AdminListColumn<AdminDeliverySlot>[] {
  return [
    {
      heading: 'Location',
      className: 'font-medium',
      cell: (slot) =>
        slot.listed ? (
          slot.location
        ) : (
          <>
            {slot.location}{' '}
            <span className="block text-sm font-normal text-amber-800">({PLACE_NOT_ON_LIST_MARK})</span>
          </>
        ),
    },
    { heading: 'Window', cell: windowOfSlot },
    { heading: 'Orders close', cell: (slot) => cutoffRuleLabel(slot) },
    { heading: 'Capacity', cell: (slot) => slot.capacity },
    {
      heading: 'Booked (dispatch sheets)',
      cell: (slot) =>
        slot.days.length === 0 ? (
          '-'
        ) : (
          <ul className="space-y-1" aria-label={`Booked days of ${slot.location} ${windowOfSlot(slot)}`}>
            {slot.days.map((d) => (
              <li key={d.dayId}>
                <Link
                  to={`/admin/dispatch?day=${d.dayId}`}
                  className="font-medium text-brand-700 hover:underline"
                  aria-label={`Dispatch sheet: ${dayName(d.day, today)} ${windowOfSlot(slot)}, ${d.booked} of ${slot.capacity} booked`}
                >
                  {dayName(d.day, today)}: {d.booked}/{slot.capacity}
                </Link>
              </li>
            ))}
          </ul>
        ),
    },
    { heading: 'Status', cell: (slot) => (slot.active ? 'Open' : 'Closed') },
  ];
}

export default function AdminDeliverySlots() {
  const { slots, editing, places, adding, today } = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>(), {
    failureToast: 'unless-field-errors',
  });
  const todayDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(today));

  return (
    <AdminListScreen
      path={LIST}
      title="Delivery Slots"
      add="Add Delivery Slot"
      rows={slots}
      rowKey={(slot) => slot.id}
      columns={columns(todayDay)}
      rowActions={(slot) => (
        <>
          <RowLink
            to={`${LIST}?edit=${slot.id}`}
            icon="edit"
            label={`Edit ${windowOfSlot(slot)} slot for ${slot.location}`}
          />
          <RowConfirmButton
            icon={slot.active ? 'revoke' : 'grant'}
            label={`${slot.active ? 'Close' : 'Open'} ${windowOfSlot(slot)} slot for ${slot.location}`}
            title={slot.active ? 'Close this slot?' : 'Open this slot?'}
            description={
              slot.active
                ? 'It will no longer be offered at checkout. Orders already booked keep their places.'
                : 'It will be offered at checkout again.'
            }
            fields={{ intent: slot.active ? 'close' : 'open', slotId: slot.id }}
            confirmLabel={slot.active ? 'Close' : 'Open'}
          />
          <RowConfirmButton
            icon="delete"
            label={`Delete ${windowOfSlot(slot)} slot for ${slot.location}`}
            title="Are you sure?"
            description="This will permanently delete this delivery slot. A slot with orders still to deliver cannot be deleted: close it instead."
            fields={{ intent: 'delete', slotId: slot.id }}
            confirmLabel="Delete"
          />
        </>
      )}
      minWidth={760}
      empty={
        <div className="rounded-lg border border-slate-200 bg-white p-8 text-center">
          <CalendarClock aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
          <h2 className="mt-2 font-semibold">No delivery slots</h2>
          <p className="text-sm text-slate-700">
            Without slots, Express Delivery is booked without a time. Add one to offer delivery times.
          </p>
        </div>
      }
      dialogParam="edit"
      dialog={
        adding || editing
          ? {
              title: editing ? 'Edit Delivery Slot' : 'Add Delivery Slot',
              content: (
                <DeliverySlotForm
                  key={editing?.id ?? 'new'}
                  slot={editing}
                  places={places}
                  fieldErrors={fieldErrors}
                  cancelTo={LIST}
                />
              ),
            }
          : null
      }
    />
  );
}
