import { RefreshCw } from 'lucide-react';
import { Link, useActionData, useLoaderData, useLocation, useNavigate, useRevalidator } from 'react-router';
import { RowConfirmButton, RowLink } from '~/components/admin/row-icon';
import { AdminCell, AdminRow, AdminTable } from '~/components/admin/data-table';
import { AdminSearchBox } from '~/components/admin/search-box';
import { Pagination } from '~/components/catalog/pagination';
import { Badge } from '~/components/ui/badge';
import { buttonClasses } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { EmailAddress } from '~/components/ui/email-address';
import { formAction } from '~/lib/actions.server';
import { adminOf } from '~/lib/auth.server';
import { formatShortDate } from '~/lib/dates';
import { orThrowResponse } from '~/lib/errors.server';
import { redirectWithToast } from '~/lib/toast.server';
import { useListHref } from '~/lib/use-list-href';
import { useActionResult } from '~/lib/use-action-result';
import {
  deleteUserAccount,
  getUserForAdmin,
  grantAdmin,
  listUsersForAdmin,
  revokeAdmin,
  USER_MESSAGES,
  type AdminUserRow,
} from '#core/accounts/admin-users';
import { UserActionSchema, UserListQuerySchema } from '#core/accounts/schemas';
import { readListQuery } from '#core/list-query';
import { countLabel } from '#core/paging';
import type { Route } from './+types/users';
import { shop } from '~/lib/context';

export const meta: Route.MetaFunction = () => [{ title: 'Users — FreshCatch Admin' }];

const LIST = '/admin/users';

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const query = readListQuery(UserListQuerySchema, new URL(request.url).searchParams);
  const { db, logger } = shop(context).services;
  const [list, details] = await Promise.all([
    listUsersForAdmin(db, admin, query),
    query.user ? orThrowResponse(() => getUserForAdmin(db, admin, query.user!)) : null,
  ]);
  if (list.orderCountsFailed) logger.warn('users screen: order counts could not be read; showing 0');
  return { list, details, query, me: admin.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { db } = shop(context).services;
  return formAction(request, UserActionSchema, async (input) => {
    if (input.intent === 'grant-admin') {
      await grantAdmin(db, admin, input.userId);
      return { toast: { title: USER_MESSAGES.granted } };
    }
    if (input.intent === 'revoke-admin') {
      await revokeAdmin(db, admin, input.userId);
      return { toast: { title: USER_MESSAGES.revoked } };
    }
    await deleteUserAccount(db, admin, input.userId);
    const back = new URL(request.url);
    back.searchParams.delete('user');
    return redirectWithToast(context, back.pathname + back.search, {
      type: 'success',
      title: USER_MESSAGES.deleted,
    });
  });
}

const USER_COLUMNS = ['User', 'Contact', 'Address', 'Joined', 'Orders', 'Role', 'Actions'];

function SkeletonRows() {
  return (
    <>
      {Array.from({ length: 5 }, (_, i) => (
        <tr key={i} data-testid="user-skeleton" aria-hidden="true">
          {USER_COLUMNS.map((column) => (
            <AdminCell key={column} label={column}>
              <span className="my-1 block h-4 animate-pulse rounded bg-slate-200" />
            </AdminCell>
          ))}
        </tr>
      ))}
    </>
  );
}

function RoleActions({ user, me }: { user: AdminUserRow; me: string }) {
  if (user.id === me) return null;
  const admin = user.role === 'admin';
  return (
    <>
      <RowConfirmButton
        icon={admin ? 'revoke' : 'grant'}
        label={admin ? `Remove admin privileges from ${user.name}` : `Make ${user.name} an admin`}
        title={admin ? 'Remove admin privileges' : 'Make admin'}
        description={
          admin
            ? 'Are you sure you want to remove admin privileges from this user?'
            : 'Are you sure you want to make this user an admin?'
        }
        confirmLabel={admin ? 'Remove admin' : 'Make admin'}
        fields={{ intent: admin ? 'revoke-admin' : 'grant-admin', userId: user.id }}
      />
      <RowConfirmButton
        icon="delete"
        label={`Delete ${user.name}`}
        title="Delete user"
        description={USER_MESSAGES.deleteConfirm(user.name)}
        fields={{ intent: 'delete', userId: user.id }}
      />
    </>
  );
}

export default function AdminUsers() {
  const { list, details, query, me } = useLoaderData<typeof loader>();
  useActionResult(useActionData<typeof action>());
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const refreshing = revalidator.state === 'loading';
  const hrefWith = useListHref(LIST);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Users</h1>
        <Link
          to={location.pathname + location.search}
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            void revalidator.revalidate();
          }}
          aria-disabled={refreshing || undefined}
          className={buttonClasses({ variant: 'outline' })}
        >
          <RefreshCw aria-hidden="true" className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`} /> Refresh
          Users
        </Link>
      </div>

      <AdminSearchBox
        id="users-q"
        label="Search users"
        placeholder="Name, e-mail or user id"
        value={query.q}
        clearTo={LIST}
        filtered={Boolean(query.q)}
      />

      <p className="text-sm text-slate-700" aria-live="polite">
        {refreshing ? 'Refreshing users…' : countLabel(list, 'user', 'users')}
      </p>

      {list.users.length === 0 && !refreshing ? (
        <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">
          {query.q ? 'No users matching your search' : 'No users found'}
        </p>
      ) : (
        <AdminTable columns={USER_COLUMNS} minWidth={920}>
          {refreshing ? (
            <SkeletonRows />
          ) : (
            list.users.map((user) => (
              <AdminRow key={user.id}>
                <AdminCell label="User">
                  <span className="font-medium">{user.name}</span>
                  {user.id === me ? <span className="text-slate-600"> (you)</span> : null}
                  {/* An id has no words to keep whole: it may break anywhere rather than widen the table past its
                      actions column on a desktop screen. */}
                  <span className="block font-mono text-xs break-all text-slate-600">{user.id}</span>
                </AdminCell>
                <AdminCell label="Contact">
                  <span className="wrap-break-word">
                    <EmailAddress email={user.email} />
                  </span>
                  <span className="block whitespace-nowrap text-slate-600">{user.phone ?? '—'}</span>
                </AdminCell>
                <AdminCell label="Address">
                  {user.address ?? '—'}
                  {user.location ? <span className="block text-slate-600">{user.location}</span> : null}
                </AdminCell>
                <AdminCell label="Joined" className="whitespace-nowrap">
                  {formatShortDate(user.createdAt)}
                </AdminCell>
                <AdminCell label="Orders">
                  <Link
                    to={`/admin/orders?userId=${encodeURIComponent(user.id)}`}
                    className="text-brand-700 underline"
                    aria-label={`${user.orderCount} orders by ${user.name}`}
                  >
                    {user.orderCount}
                  </Link>
                </AdminCell>
                <AdminCell label="Role">
                  <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>
                    {user.role === 'admin' ? 'Admin' : 'User'}
                  </Badge>
                </AdminCell>
                <AdminCell label="Actions">
                  <span className="flex gap-1">
                    <RowLink to={hrefWith({ user: user.id })} icon="view" label={`Details of ${user.name}`} />
                    <RoleActions user={user} me={me} />
                  </span>
                </AdminCell>
              </AdminRow>
            ))
          )}
        </AdminTable>
      )}

      <Pagination
        page={list.page}
        pageCount={list.pages}
        hrefFor={(page) => hrefWith({ page: String(page), user: null })}
      />

      {details ? (
        <Dialog
          open
          title={details.name}
          description="User details"
          onOpenChange={(open) =>
            open ? undefined : navigate(hrefWith({ user: null }), { preventScrollReset: true })
          }
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium">E-mail</dt>
            <dd className="min-w-0 wrap-break-word">
              <EmailAddress email={details.email} /> {details.emailVerified ? '' : '(not verified)'}
            </dd>
            <dt className="font-medium">Phone</dt>
            <dd>{details.phone ?? '—'}</dd>
            <dt className="font-medium">Address</dt>
            <dd>{details.address ?? '—'}</dd>
            <dt className="font-medium">Location</dt>
            <dd>{details.location ?? '—'}</dd>
            <dt className="font-medium">Joined</dt>
            <dd>{formatShortDate(details.createdAt)}</dd>
            <dt className="font-medium">Role</dt>
            <dd>{details.role === 'admin' ? 'Admin' : 'User'}</dd>
            <dt className="font-medium">Orders</dt>
            <dd>
              {details.orderCount} ({details.paidOrderCount} paid)
            </dd>
            <dt className="font-medium">User id</dt>
            <dd className="font-mono text-xs break-all">{details.id}</dd>
          </dl>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Link
              to={`/admin/orders?userId=${encodeURIComponent(details.id)}`}
              className={buttonClasses({ variant: 'outline' })}
            >
              View this customer's orders
            </Link>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
