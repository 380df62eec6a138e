import { Truck } from 'lucide-react';
import { useActionData, useLoaderData } from 'react-router';
import { DeliveryRateForm } from '~/components/admin/delivery-rate-form';
import { type AdminListColumn, AdminListScreen } from '~/components/admin/list-screen';
import { RowConfirmButton, RowLink } from '~/components/admin/row-icon';

import { act, load } from '~/lib/route.server';
import { redirectWithToast } from '~/lib/toast.server';
import { useActionResult } from '~/lib/use-action-result';
import {
  type AdminDeliveryRate,
  createDeliveryRate,
  deleteDeliveryRate,
  getDeliveryRateForAdmin,
  listDeliveryRatesForAdmin,
  updateDeliveryRate,
} from '#core/delivery/management';
import { DELIVERY_METHOD_LABELS } from '#core/delivery/methods';
import { DeliveryRateActionSchema, DeliveryRateListQuerySchema } from '#core/delivery/schemas';
import { formatNaira } from '#core/money';
import type { Route } from './+types/delivery-rates';

export const meta: Route.MetaFunction = () => [{ title: 'Delivery Rates — FreshCatch Admin' }];

const LIST = '/admin/delivery-rates';

export const loader = load({
  auth: 'admin',
  query: DeliveryRateListQuerySchema,
  run: async ({ admin, query, services: { db } }) => {
    const [rates, editing] = await Promise.all([
      listDeliveryRatesForAdmin(db, admin),
      typeof query.edit === 'number' ? getDeliveryRateForAdmin(db, admin, query.edit as number) : null,
    ]);
    return { rates, editing, adding: query.edit === 'new' };
  },
});

/** Spec §8's success texts (the spec has none for adding: ours says the same of it). */
export const DELIVERY_RATE_TOASTS = {
  added: { title: 'Success', description: 'Delivery rate added successfully' },
  updated: { title: 'Success', description: 'Delivery rate updated successfully' },
  deleted: { title: 'Success', description: 'Delivery rate deleted successfully' },
};

export const action = act({
  auth: 'admin',
  form: DeliveryRateActionSchema,
  run: async ({ admin, input, services: { db }, context }) => {
    if (input.intent === 'delete') {
      await deleteDeliveryRate(db, admin, input.rateId);
      return redirectWithToast(context, LIST, { type: 'success', ...DELIVERY_RATE_TOASTS.deleted });
    }
    if (input.intent === 'update') {
      await updateDeliveryRate(db, admin, input.rateId, input);
      return redirectWithToast(context, LIST, { type: 'success', ...DELIVERY_RATE_TOASTS.updated });
    }
    await createDeliveryRate(db, admin, input);
    return redirectWithToast(context, LIST, { type: 'success', ...DELIVERY_RATE_TOASTS.added });
  },
});

const RATE_COLUMNS: AdminListColumn<AdminDeliveryRate>[] = [
  { heading: 'Location', className: 'font-medium', cell: (rate) => rate.location },
  { heading: 'Method', cell: (rate) => DELIVERY_METHOD_LABELS[rate.method] },
  { heading: 'Base Rate (₦)', cell: (rate) => formatNaira(rate.baseRateKobo) },
  {
    heading: 'Pickup Locations',
    cell: (rate) =>
      rate.method === 'pickup' && rate.pickupLocations.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label={`Pickup locations in ${rate.location}`}>
          {rate.pickupLocations.map((place) => (
            <li key={place} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs text-brand-800">
              {place}
            </li>
          ))}
        </ul>
      ) : (
        '-'
      ),
  },
  // Ours (decision 045): orders of at least this travel free.
  {
    heading: 'Free From',
    cell: (rate) => (rate.freeFromKobo === null ? '-' : formatNaira(rate.freeFromKobo)),
  },
];

export default function AdminDeliveryRates() {
  const { rates, editing, adding } = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>(), {
    failureToast: 'unless-field-errors',
  });

  return (
    <AdminListScreen
      path={LIST}
      title="Delivery Rates"
      add="Add Delivery Rate"
      rows={rates}
      rowKey={(rate) => rate.id}
      columns={RATE_COLUMNS}
      rowActions={(rate) => (
        <>
          <RowLink
            to={`${LIST}?edit=${rate.id}`}
            icon="edit"
            label={`Edit ${DELIVERY_METHOD_LABELS[rate.method]} rate for ${rate.location}`}
          />
          <RowConfirmButton
            icon="delete"
            label={`Delete ${DELIVERY_METHOD_LABELS[rate.method]} rate for ${rate.location}`}
            title="Are you sure?"
            description="This will permanently delete this delivery rate."
            fields={{ intent: 'delete', rateId: rate.id }}
          />
        </>
      )}
      minWidth={680}
      empty={
        <div className="rounded-lg border border-slate-200 bg-white p-8 text-center">
          <Truck aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
          <h2 className="mt-2 font-semibold">No delivery rates</h2>
          <p className="text-sm text-slate-700">Get started by creating a new delivery rate.</p>
        </div>
      }
      dialogParam="edit"
      dialog={
        adding || editing
          ? {
              title: editing ? 'Edit Delivery Rate' : 'Add Delivery Rate',
              content: (
                <DeliveryRateForm
                  key={editing?.id ?? 'new'}
                  rate={editing}
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
