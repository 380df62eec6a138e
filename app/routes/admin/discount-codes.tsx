import { useEffect } from 'react';
import { useActionData, useLoaderData } from 'react-router';
import { RowConfirmButton, RowLink } from '~/components/admin/row-icon';
import { type AdminColumn } from '~/components/admin/data-table';
import { DiscountCodeForm } from '~/components/admin/discount-code-form';
import { FreeDeliveryCard } from '~/components/admin/discount-codes/free-delivery-card';
import { type AdminListColumn, AdminListScreen } from '~/components/admin/list-screen';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';

import { act, load } from '~/lib/route.server';
import { formatShortDate } from '~/lib/dates';
import { redirectWithToast } from '~/lib/toast.server';
import { backToList, useListHref } from '~/lib/use-list-href';
import { showToast, useActionResult } from '~/lib/use-action-result';
import {
  discountUsageLabel,
  discountValueLabel,
  type DiscountSortColumn,
  nextDiscountSort,
} from '#core/discounts/admin-rules';
import {
  type AdminDiscountCode,
  createDiscountCode,
  deleteDiscountCode,
  freeDeliveryUses,
  getDiscountCodeForAdmin,
  listDiscountCodesForAdmin,
  updateDiscountCode,
} from '#core/discounts/management';
import { discountDisplayStatus } from '#core/discounts/rules';
import { discountTypeLabel } from '#core/discounts/types';
import { DiscountCodeActionSchema, DiscountCodeListQuerySchema } from '#core/discounts/schemas';
import { formatNaira } from '#core/money';
import type { Route } from './+types/discount-codes';

export const meta: Route.MetaFunction = () => [{ title: 'Discount Codes — FreshCatch Admin' }];

const LIST = '/admin/discount-codes';

export const loader = load({
  auth: 'admin',
  query: DiscountCodeListQuerySchema,
  run: async ({ admin, query, services: { db, logger } }) => {
    // Spec §8: the list and the FREEDELIVERY count fail on their own (an inline alert; a warning with 0).
    const [list, uses, editing] = await Promise.allSettled([
      listDiscountCodesForAdmin(db, admin, query),
      freeDeliveryUses(db, admin),
      typeof query.edit === 'number' ? getDiscountCodeForAdmin(db, admin, query.edit) : Promise.resolve(null),
    ]);
    for (const failed of [list, uses])
      if (failed.status === 'rejected')
        logger.error({ err: failed.reason }, 'discount codes screen: a query failed');
    // The code asked for is the page itself: without it, the route's 404 (or the error boundary).
    if (editing.status === 'rejected') throw editing.reason;
    return {
      list: list.status === 'fulfilled' ? list.value : null,
      freeDelivery: {
        uses: uses.status === 'fulfilled' ? uses.value : 0,
        countFailed: uses.status === 'rejected',
      },
      editing: editing.value,
      adding: query.edit === 'new',
      now: new Date(),
    };
  },
});

export const action = act({
  auth: 'admin',
  form: DiscountCodeActionSchema,
  run: async ({ admin, input, services: { db }, request, context }) => {
    const listUrl = backToList(request, { edit: null });
    if (input.intent === 'delete') {
      await deleteDiscountCode(db, admin, input.codeId);
      return redirectWithToast(context, listUrl, {
        type: 'success',
        title: 'Discount code deleted successfully',
      });
    }
    if (input.intent === 'update') {
      await updateDiscountCode(db, admin, input.codeId, input);
      return redirectWithToast(context, listUrl, {
        type: 'success',
        title: 'Discount code updated successfully',
      });
    }
    await createDiscountCode(db, admin, input);
    return redirectWithToast(context, listUrl, {
      type: 'success',
      title: 'Discount code created successfully',
    });
  },
});

/** The columns; `sortable` makes a heading that links to the list sorted by its column. */
function codeColumns(
  sortable: (column: DiscountSortColumn, label: string) => AdminColumn,
  now: Date,
): AdminListColumn<AdminDiscountCode>[] {
  return [
    { heading: sortable('code', 'Code'), className: 'font-mono font-medium', cell: (code) => code.code },
    { heading: 'Type', className: 'whitespace-nowrap', cell: (code) => discountTypeLabel(code.type) },
    { heading: sortable('value', 'Value'), cell: (code) => discountValueLabel(code, formatNaira) },
    { heading: 'Location', cell: (code) => code.locationRestriction || 'No restriction' },
    { heading: sortable('usage', 'Usage'), cell: (code) => discountUsageLabel(code) },
    {
      heading: sortable('expires', 'Expires'),
      className: 'whitespace-nowrap',
      cell: (code) => (code.expiresAt ? formatShortDate(code.expiresAt) : 'Never'),
    },
    {
      heading: 'Status',
      cell: (code) => {
        const status = discountDisplayStatus(
          { ...code, expiresAt: code.expiresAt && new Date(code.expiresAt) },
          now,
        );
        return <Badge variant={status === 'Active' ? 'success' : 'secondary'}>{status}</Badge>;
      },
    },
  ];
}

export default function AdminDiscountCodes() {
  const { list, freeDelivery, editing, adding, now } = useLoaderData<typeof loader>();
  const editingMode = Boolean(editing);
  const fieldErrors = useActionResult(useActionData<typeof action>(), {
    failureToast: (failure) => ({
      title: failure.error.title.startsWith('Failed')
        ? failure.error.title
        : editingMode
          ? 'Failed to update discount code'
          : 'Failed to create discount code',
      description: failure.error.message,
    }),
  });
  useEffect(() => {
    if (freeDelivery.countFailed)
      showToast({
        type: 'info',
        title: 'Warning',
        description:
          "Could not fetch usage data for 'freedelivery' code. Displayed count might be inaccurate.",
      });
  }, [freeDelivery.countFailed]);

  const hrefWith = useListHref(LIST);
  const sortable = (column: DiscountSortColumn, label: string): AdminColumn => {
    if (!list) return label;
    const next = nextDiscountSort(list.sort, column);
    return {
      label,
      sortHref: hrefWith({ sort: next.column, dir: next.dir, page: null, edit: null }),
      sorted:
        list.sort.column === column ? (list.sort.dir === 'asc' ? 'ascending' : 'descending') : undefined,
    };
  };

  return (
    <AdminListScreen
      path={LIST}
      title="Discount Codes"
      className="space-y-6"
      add="Create New Code"
      section={{ id: 'all-codes', heading: 'All Discount Codes' }}
      rows={list?.codes ?? null}
      unavailable={
        <Alert tone="error" title="Error">
          Failed to fetch discount codes. Please check your permissions.
        </Alert>
      }
      rowKey={(code) => code.id}
      columns={codeColumns(sortable, new Date(now))}
      rowActions={(code) => (
        <>
          <RowLink to={hrefWith({ edit: String(code.id) })} icon="edit" label={`Edit ${code.code}`} />
          <RowConfirmButton
            icon="delete"
            label={`Delete ${code.code}`}
            title="Delete Discount Code"
            description="Are you sure you want to delete this discount code? This action cannot be undone."
            fields={{ intent: 'delete', codeId: code.id }}
          />
        </>
      )}
      minWidth={900}
      empty="No discount codes available"
      paging={list ?? undefined}
      dialogParam="edit"
      dialog={
        adding || editing
          ? {
              title: editing ? 'Edit Discount Code' : 'Create New Discount Code',
              wide: true,
              content: (
                <DiscountCodeForm
                  key={editing?.id ?? 'new'}
                  code={editing}
                  fieldErrors={fieldErrors}
                  cancelTo={hrefWith({ edit: null })}
                />
              ),
            }
          : null
      }
    >
      <FreeDeliveryCard uses={freeDelivery.uses} />
    </AdminListScreen>
  );
}
