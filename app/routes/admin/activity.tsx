import { Form, Link, useLoaderData } from 'react-router';
import { AdminCell, AdminRow, AdminTable } from '~/components/admin/data-table';
import { Pagination } from '~/components/catalog/pagination';
import { Button, buttonClasses } from '~/components/ui/button';
import { EmailAddress } from '~/components/ui/email-address';
import { SelectField } from '~/components/ui/field';
import { adminScreenWithoutForm, adminOf } from '~/lib/auth.server';
import { formatAdminDateTime } from '~/lib/dates';
import { useListHref } from '~/lib/use-list-href';
import {
  ADMIN_CHANGE_KIND_LABELS,
  ADMIN_CHANGE_KINDS,
  changedFields,
  describeAdminChange,
  fieldLabel,
  formatAuditValue,
  type AdminChangeKind,
} from '#core/audit/kinds';
import { listActivityAdmins, listAdminActivity, type ActivityEntry } from '#core/audit/log';
import { ActivityQuerySchema } from '#core/audit/schemas';
import { readListQuery } from '#core/list-query';
import { countLabel } from '#core/paging';
import type { Route } from './+types/activity';
import { shop } from '~/lib/context';

export const meta: Route.MetaFunction = () => [{ title: 'Activity — FreshCatch Admin' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const query = readListQuery(ActivityQuerySchema, new URL(request.url).searchParams);
  const { db } = shop(context).services;
  const [list, admins] = await Promise.all([
    listAdminActivity(db, admin, query),
    listActivityAdmins(db, admin),
  ]);
  return { list, admins, query };
}

export const action = adminScreenWithoutForm;

/** Where the changed thing can be seen now (nothing for a deletion). */
function subjectHref(entry: ActivityEntry): string | null {
  if (entry.action === 'deleted') return null;
  const id = encodeURIComponent(entry.subjectId);
  const places: Record<AdminChangeKind, string> = {
    product: `/admin/products?edit=${id}`,
    order: `/admin/orders?order=${id}`,
    user: `/admin/users?q=${id}`,
    delivery_rate: '/admin/delivery-rates',
    discount_code: '/admin/discount-codes',
    job: '/admin#failed-jobs',
  };
  return places[entry.kind];
}

function Changes({ entry }: { entry: ActivityEntry }) {
  const changes = changedFields(entry.before ?? null, entry.after ?? null);
  if (changes.length === 0) return <span className="text-slate-600">—</span>;
  const list = (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
      {changes.map((change) => (
        <div key={change.field} className="contents">
          <dt className="font-medium">{fieldLabel(change.field)}</dt>
          <dd className="break-words">
            {entry.before ? (
              <del className="text-slate-600">
                {formatAuditValue(change.field, change.before, entry.kind)}
              </del>
            ) : null}
            {entry.before && entry.after ? ' → ' : null}
            {entry.after ? (
              <ins className="no-underline">{formatAuditValue(change.field, change.after, entry.kind)}</ins>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
  // A creation or deletion lists every field: folded away until asked for.
  if (entry.before && entry.after && changes.length <= 3) return list;
  return (
    <details>
      <summary className="cursor-pointer text-brand-700 underline">
        {changes.length} {changes.length === 1 ? 'field' : 'fields'}
      </summary>
      <div className="mt-2">{list}</div>
    </details>
  );
}

export default function AdminActivity() {
  const { list, admins, query } = useLoaderData<typeof loader>();
  const hrefWith = useListHref('/admin/activity');
  const hrefFor = (page: number) => hrefWith({ page: String(page) });
  const filtered = Boolean(query.kind || query.adminId);

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold">Activity</h1>
        <p className="text-sm text-slate-700">Every change made in the admin area, newest first.</p>
      </div>

      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <SelectField
          label="What changed"
          name="kind"
          defaultValue={query.kind ?? ''}
          className="min-w-44 flex-1"
        >
          <option value="">Everything</option>
          {ADMIN_CHANGE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {ADMIN_CHANGE_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Admin"
          name="adminId"
          defaultValue={query.adminId ?? ''}
          className="min-w-44 flex-1"
        >
          <option value="">All admins</option>
          {admins.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {admin.name} ({admin.email})
            </option>
          ))}
        </SelectField>
        <Button type="submit">Filter</Button>
        {filtered ? (
          <Link to="/admin/activity" className={buttonClasses({ variant: 'ghost' })}>
            Clear
          </Link>
        ) : null}
      </Form>

      <p className="text-sm text-slate-700" aria-live="polite">
        {countLabel(list, 'change', 'changes')}
      </p>

      {list.entries.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">
          No changes recorded
        </p>
      ) : (
        <AdminTable columns={['When', 'Admin', 'Change', 'Details']} minWidth={720}>
          {list.entries.map((entry) => {
            const href = subjectHref(entry);
            return (
              <AdminRow key={entry.id} className="align-top">
                <AdminCell label="When" className="whitespace-nowrap">
                  <time dateTime={new Date(entry.createdAt).toISOString()}>
                    {formatAdminDateTime(entry.createdAt)}
                  </time>
                </AdminCell>
                <AdminCell label="Admin">
                  {entry.adminName}
                  {/* Wraps after its '@' on a phone's card, never mid-word; one line in the table. */}
                  <span className="block wrap-break-word text-slate-600 sm:[&_wbr]:hidden">
                    <EmailAddress email={entry.adminEmail} />
                  </span>
                </AdminCell>
                <AdminCell label="Change">
                  {describeAdminChange(entry.kind, entry.action)}{' '}
                  {href ? (
                    <Link to={href} className="font-medium text-brand-700 underline">
                      {entry.subjectLabel}
                    </Link>
                  ) : (
                    <span className="font-medium">{entry.subjectLabel}</span>
                  )}
                </AdminCell>
                <AdminCell label="Details">
                  <Changes entry={entry} />
                </AdminCell>
              </AdminRow>
            );
          })}
        </AdminTable>
      )}

      <Pagination page={list.page} pageCount={list.pages} hrefFor={hrefFor} />
    </div>
  );
}
