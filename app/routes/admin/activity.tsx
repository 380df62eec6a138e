import { Link, useLoaderData } from 'react-router';
import { type AdminListColumn, AdminListScreen } from '~/components/admin/list-screen';
import { EmailAddress } from '~/components/ui/email-address';
import { SelectField } from '~/components/ui/field';
import { adminScreenWithoutForm } from '~/lib/auth/guards.server';
import { load } from '~/lib/route.server';
import { formatAdminDateTime } from '~/lib/dates';
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
import { countLabel } from '#core/paging';
import type { Route } from './+types/activity';

export const meta: Route.MetaFunction = () => [{ title: 'Activity — FreshCatch Admin' }];

export const loader = load({
  auth: 'admin',
  query: ActivityQuerySchema,
  run: async ({ admin, query, services: { db } }) => {
    const [list, admins] = await Promise.all([
      listAdminActivity(db, admin, query),
      listActivityAdmins(db, admin),
    ]);
    return { list, admins, query };
  },
});

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
    delivery_slot: `/admin/delivery-slots?edit=${id}`,
    discount_code: '/admin/discount-codes',
    job: '/admin#failed-jobs',
    search_synonym: `/admin/search-names?edit=${id}`,
    seller: `/admin/sellers#seller-${id}`,
    offer: `/admin/offers#offer-${id}`,
    payout: '/admin/payouts',
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

const ACTIVITY_COLUMNS: AdminListColumn<ActivityEntry>[] = [
  {
    heading: 'When',
    className: 'whitespace-nowrap',
    cell: (entry) => (
      <time dateTime={new Date(entry.createdAt).toISOString()}>{formatAdminDateTime(entry.createdAt)}</time>
    ),
  },
  {
    heading: 'Admin',
    cell: (entry) => (
      <>
        {entry.adminName}
        {/* Wraps after its '@' on a phone's card, never mid-word; one line in the table. */}
        <span className="block wrap-break-word text-slate-600 sm:[&_wbr]:hidden">
          <EmailAddress email={entry.adminEmail} />
        </span>
      </>
    ),
  },
  {
    heading: 'Change',
    cell: (entry) => {
      const href = subjectHref(entry);
      return (
        <>
          {describeAdminChange(entry.kind, entry.action)}{' '}
          {href ? (
            <Link to={href} className="font-medium text-brand-700 underline">
              {entry.subjectLabel}
            </Link>
          ) : (
            <span className="font-medium">{entry.subjectLabel}</span>
          )}
        </>
      );
    },
  },
  { heading: 'Details', cell: (entry) => <Changes entry={entry} /> },
];

export default function AdminActivity() {
  const { list, admins, query } = useLoaderData<typeof loader>();

  return (
    <AdminListScreen
      path="/admin/activity"
      title="Activity"
      intro="Every change made in the admin area, newest first."
      filters={
        <>
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
        </>
      }
      filtered={Boolean(query.kind || query.adminId)}
      submitLabel="Filter"
      count={countLabel(list, 'change', 'changes')}
      rows={list.entries}
      rowKey={(entry) => entry.id}
      columns={ACTIVITY_COLUMNS}
      rowClassName="align-top"
      minWidth={720}
      empty="No changes recorded"
      paging={list}
    />
  );
}
