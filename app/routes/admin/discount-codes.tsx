import { Plus } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useActionData, useLoaderData, useNavigate } from 'react-router';
import { RowConfirmButton, RowLink } from '~/components/admin/row-icon';
import { type AdminColumn, AdminCell, AdminRow, AdminTable } from '~/components/admin/data-table';
import { DiscountCodeForm } from '~/components/admin/discount-code-form';
import { Pagination } from '~/components/catalog/pagination';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { buttonClasses } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { formAction } from '~/lib/actions.server';
import { adminOf } from '~/lib/auth.server';
import { formatShortDate } from '~/lib/dates';
import { orThrowResponse } from '~/lib/errors.server';
import { redirectWithToast } from '~/lib/toast.server';
import { useListHref } from '~/lib/use-list-href';
import { showToast, useActionResult } from '~/lib/use-action-result';
import {
  discountUsageLabel,
  discountValueLabel,
  type DiscountSortColumn,
  FREE_DELIVERY_CAP,
  freeDeliveryStatus,
  nextDiscountSort,
} from '#core/discounts/admin-rules';
import {
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
import { readListQuery } from '#core/list-query';
import { formatNaira } from '#core/money';
import type { Route } from './+types/discount-codes';
import { shop } from '~/lib/context';

export const meta: Route.MetaFunction = () => [{ title: 'Discount Codes — FreshCatch Admin' }];

const LIST = '/admin/discount-codes';

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const query = readListQuery(DiscountCodeListQuerySchema, new URL(request.url).searchParams);
  const { db, logger } = shop(context).services;
  // Spec §8: the list and the FREEDELIVERY count fail on their own (an inline alert; a warning with 0).
  const [list, uses, editing] = await Promise.allSettled([
    listDiscountCodesForAdmin(db, admin, query),
    freeDeliveryUses(db, admin),
    typeof query.edit === 'number' ? getDiscountCodeForAdmin(db, admin, query.edit) : Promise.resolve(null),
  ]);
  for (const failed of [list, uses])
    if (failed.status === 'rejected')
      logger.error({ err: failed.reason }, 'discount codes screen: a query failed');
  return {
    list: list.status === 'fulfilled' ? list.value : null,
    freeDelivery: {
      uses: uses.status === 'fulfilled' ? uses.value : 0,
      countFailed: uses.status === 'rejected',
    },
    editing: await orThrowResponse(async () => {
      if (editing.status === 'rejected') throw editing.reason;
      return editing.value;
    }),
    adding: query.edit === 'new',
    now: new Date(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { db } = shop(context).services;
  const back = new URL(request.url);
  back.searchParams.delete('edit');
  const listUrl = back.pathname + back.search;
  return formAction(request, DiscountCodeActionSchema, async (input) => {
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
  });
}

const SORTABLE: [DiscountSortColumn, string][] = [
  ['code', 'Code'],
  ['value', 'Value'],
  ['usage', 'Usage'],
  ['expires', 'Expires'],
];

export default function AdminDiscountCodes() {
  const { list, freeDelivery, editing, adding, now } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
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
  const columns: AdminColumn[] = [];
  if (list) {
    const sortable = new Map(
      SORTABLE.map(([column, label]) => {
        const next = nextDiscountSort(list.sort, column);
        return [
          label,
          {
            label,
            sortHref: hrefWith({ sort: next.column, dir: next.dir, page: null, edit: null }),
            sorted:
              list.sort.column === column
                ? list.sort.dir === 'asc'
                  ? 'ascending'
                  : 'descending'
                : undefined,
          } as const,
        ];
      }),
    );
    for (const label of ['Code', 'Type', 'Value', 'Location', 'Usage', 'Expires', 'Status', 'Actions'])
      columns.push(sortable.get(label) ?? label);
  }
  const freeDeliveryState = freeDeliveryStatus(freeDelivery.uses);
  const progress = Math.min(100, Math.round((freeDelivery.uses / FREE_DELIVERY_CAP) * 100));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Discount Codes</h1>
        <Link to={hrefWith({ edit: 'new' })} preventScrollReset className={buttonClasses()}>
          <Plus aria-hidden="true" className="h-4 w-4" /> Create New Code
        </Link>
      </div>

      <section
        aria-labelledby="freedelivery-card"
        className="max-w-md rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex items-center justify-between gap-2">
          <h2 id="freedelivery-card" className="font-mono text-lg font-semibold">
            freedelivery
          </h2>
          <Badge variant={freeDeliveryState === 'Active' ? 'success' : 'destructive'}>
            {freeDeliveryState}
          </Badge>
        </div>
        <p className="mt-1 text-sm text-slate-700">
          Free delivery for the first 20 customers in Port Harcourt
        </p>
        <p className="mt-3 text-sm font-medium">
          {freeDelivery.uses} / {FREE_DELIVERY_CAP} used
        </p>
        <div
          role="progressbar"
          aria-label="freedelivery uses"
          aria-valuemin={0}
          aria-valuemax={FREE_DELIVERY_CAP}
          aria-valuenow={Math.min(freeDelivery.uses, FREE_DELIVERY_CAP)}
          className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-700" style={{ width: `${progress}%` }} />
        </div>
      </section>

      <section aria-labelledby="all-codes" className="space-y-3">
        <h2 id="all-codes" className="text-lg font-semibold">
          All Discount Codes
        </h2>
        {!list ? (
          <Alert tone="error" title="Error">
            Failed to fetch discount codes. Please check your permissions.
          </Alert>
        ) : list.codes.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">
            No discount codes available
          </p>
        ) : (
          <AdminTable columns={columns} minWidth={900}>
            {list.codes.map((code) => {
              const status = discountDisplayStatus(
                { ...code, expiresAt: code.expiresAt && new Date(code.expiresAt) },
                new Date(now),
              );
              return (
                <AdminRow key={code.id}>
                  <AdminCell label="Code" className="font-mono font-medium">
                    {code.code}
                  </AdminCell>
                  <AdminCell label="Type" className="whitespace-nowrap">
                    {discountTypeLabel(code.type)}
                  </AdminCell>
                  <AdminCell label="Value">{discountValueLabel(code, formatNaira)}</AdminCell>
                  <AdminCell label="Location">{code.locationRestriction || 'No restriction'}</AdminCell>
                  <AdminCell label="Usage">{discountUsageLabel(code)}</AdminCell>
                  <AdminCell label="Expires" className="whitespace-nowrap">
                    {code.expiresAt ? formatShortDate(code.expiresAt) : 'Never'}
                  </AdminCell>
                  <AdminCell label="Status">
                    <Badge variant={status === 'Active' ? 'success' : 'secondary'}>{status}</Badge>
                  </AdminCell>
                  <AdminCell label="Actions">
                    <span className="flex gap-1">
                      <RowLink
                        to={hrefWith({ edit: String(code.id) })}
                        icon="edit"
                        label={`Edit ${code.code}`}
                      />
                      <RowConfirmButton
                        icon="delete"
                        label={`Delete ${code.code}`}
                        title="Delete Discount Code"
                        description="Are you sure you want to delete this discount code? This action cannot be undone."
                        fields={{ intent: 'delete', codeId: code.id }}
                      />
                    </span>
                  </AdminCell>
                </AdminRow>
              );
            })}
          </AdminTable>
        )}
        {list ? (
          <Pagination
            page={list.page}
            pageCount={list.pages}
            hrefFor={(page) => hrefWith({ page: String(page), edit: null })}
          />
        ) : null}
      </section>

      {adding || editing ? (
        <Dialog
          open
          wide
          title={editing ? 'Edit Discount Code' : 'Create New Discount Code'}
          onOpenChange={(open) =>
            open ? undefined : navigate(hrefWith({ edit: null }), { preventScrollReset: true })
          }
        >
          <DiscountCodeForm
            key={editing?.id ?? 'new'}
            code={editing}
            fieldErrors={fieldErrors}
            cancelTo={hrefWith({ edit: null })}
          />
        </Dialog>
      ) : null}
    </div>
  );
}
