import { ROLE_LABELS, type Role } from '#core/roles';
import { RefreshCw } from 'lucide-react';
import { Link, useActionData, useLoaderData, useLocation, useRevalidator } from 'react-router';
import { type AdminListColumn, AdminListScreen } from '~/components/admin/list-screen';
import { RowConfirmButton, RowLink } from '~/components/admin/row-icon';
import { UserDetails } from '~/components/admin/users/user-details';
import { Badge } from '~/components/ui/badge';
import { buttonClasses } from '~/components/ui/button';
import { EmailAddress } from '~/components/ui/email-address';

import { act, load } from '~/lib/route.server';
import { formatShortDate } from '~/lib/dates';
import { redirectWithToast } from '~/lib/toast.server';
import { backToList, useListHref } from '~/lib/use-list-href';
import { useActionResult } from '~/lib/use-action-result';
import {
  deleteUserAccount,
  getUserForAdmin,
  grantAdmin,
  grantStaff,
  listUsersForAdmin,
  revokeAdmin,
  revokeStaff,
  USER_MESSAGES,
  type AdminUserRow,
} from '#core/accounts/admin-users';
import { UserActionSchema, UserListQuerySchema } from '#core/accounts/schemas';
import { countLabel } from '#core/paging';
import { resetTwoFactor } from '#core/accounts/two-factor';
import { TWO_FACTOR } from '#core/accounts/two-factor-rules';
import type { Route } from './+types/users';
import { displayPhone } from '#core/phone-display';
import { PLACE_NOT_ON_LIST_MARK } from '#core/delivery/places';

export const meta: Route.MetaFunction = () => [{ title: 'Users — FreshCatch Admin' }];

const LIST = '/admin/users';

export const loader = load({
  auth: 'admin',
  query: UserListQuerySchema,
  run: async ({ admin, query, services: { db, logger } }) => {
    const [list, details] = await Promise.all([
      listUsersForAdmin(db, admin, query),
      query.user ? getUserForAdmin(db, admin, query.user!) : null,
    ]);
    if (list.orderCountsFailed) logger.warn('users screen: order counts could not be read; showing 0');
    return { list, details, query, me: admin.id };
  },
});

export const action = act({
  auth: 'admin',
  form: UserActionSchema,
  // Every form here grants or takes away power, or deletes someone (issue 52 §2).
  fresh: () => true,
  run: async ({ admin, input, services: { db }, request, context }) => {
    if (input.intent === 'grant-admin') {
      await grantAdmin(db, admin, input.userId);
      return { toast: { title: USER_MESSAGES.granted } };
    }
    if (input.intent === 'revoke-admin') {
      await revokeAdmin(db, admin, input.userId);
      return { toast: { title: USER_MESSAGES.revoked } };
    }
    if (input.intent === 'grant-staff') {
      await grantStaff(db, admin, input.userId);
      return { toast: { title: USER_MESSAGES.staffGranted } };
    }
    if (input.intent === 'revoke-staff') {
      await revokeStaff(db, admin, input.userId);
      return { toast: { title: USER_MESSAGES.staffRevoked } };
    }
    if (input.intent === 'reset-two-factor') {
      await resetTwoFactor(db, admin, input.userId);
      return { toast: { title: TWO_FACTOR.resetDone } };
    }
    await deleteUserAccount(db, admin, input.userId);
    return redirectWithToast(context, backToList(request, { user: null }), {
      type: 'success',
      title: USER_MESSAGES.deleted,
    });
  },
});

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
      {user.role === 'admin' ? null : (
        <RowConfirmButton
          icon={user.role === 'staff' ? 'unstaff' : 'staff'}
          label={user.role === 'staff' ? `Remove ${user.name} from staff` : `Make ${user.name} staff`}
          title={user.role === 'staff' ? 'Remove staff' : 'Make staff'}
          description={
            user.role === 'staff'
              ? 'They will be signed out and keep only their customer account.'
              : 'Staff see and move the orders up to delivered, the dispatch sheet, stock and the hub’s receiving — no refunds, payouts, users or settings.'
          }
          confirmLabel={user.role === 'staff' ? 'Remove staff' : 'Make staff'}
          fields={{ intent: user.role === 'staff' ? 'revoke-staff' : 'grant-staff', userId: user.id }}
        />
      )}
      {user.twoFactor && user.role !== 'user' ? (
        <RowConfirmButton
          icon="reset-two-factor"
          label={`Reset the two-factor sign-in of ${user.name}`}
          title="Reset two-factor sign-in"
          description="For a lost phone with no backup code left: they are signed out, and set up two-factor sign-in again at their next sign-in."
          confirmLabel="Reset"
          fields={{ intent: 'reset-two-factor', userId: user.id }}
        />
      ) : null}
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

function userColumns(me: string): AdminListColumn<AdminUserRow>[] {
  return [
    {
      heading: 'User',
      cell: (user) => (
        <>
          <span className="font-medium">{user.name}</span>
          {user.id === me ? <span className="text-slate-600"> (you)</span> : null}
          {/* An id has no words to keep whole: it may break anywhere rather than widen the table past its
              actions column on a desktop screen. */}
          <span className="block font-mono text-xs break-all text-slate-600">{user.id}</span>
        </>
      ),
    },
    {
      heading: 'Contact',
      cell: (user) => (
        <>
          <span className="wrap-break-word">
            <EmailAddress email={user.email} />
          </span>
          <span className="block whitespace-nowrap text-slate-600">
            {user.phone ? displayPhone(user.phone) : '—'}
          </span>
        </>
      ),
    },
    {
      heading: 'Address',
      cell: (user) => (
        <>
          {user.address ?? '—'}
          {user.location ? (
            <span className="block text-slate-600">
              {user.location}
              {user.locationListed ? null : (
                <span className="text-amber-800"> ({PLACE_NOT_ON_LIST_MARK})</span>
              )}
            </span>
          ) : null}
        </>
      ),
    },
    { heading: 'Joined', className: 'whitespace-nowrap', cell: (user) => formatShortDate(user.createdAt) },
    {
      heading: 'Orders',
      cell: (user) => (
        <Link
          to={`/admin/orders?userId=${encodeURIComponent(user.id)}`}
          className="text-brand-700 underline"
          aria-label={`${user.orderCount} orders by ${user.name}`}
        >
          {user.orderCount}
        </Link>
      ),
    },
    {
      heading: 'Role',
      cell: (user) => (
        <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>
          {ROLE_LABELS[user.role as Role] ?? 'User'}
        </Badge>
      ),
    },
  ];
}

export default function AdminUsers() {
  const { list, details, query, me } = useLoaderData<typeof loader>();
  useActionResult(useActionData<typeof action>());
  const location = useLocation();
  const revalidator = useRevalidator();
  const refreshing = revalidator.state === 'loading';
  const hrefWith = useListHref(LIST);

  return (
    <AdminListScreen
      path={LIST}
      title="Users"
      actions={
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
      }
      search={{
        id: 'users-q',
        label: 'Search users',
        placeholder: 'Name, e-mail or user id',
        value: query.q,
      }}
      filtered={Boolean(query.q)}
      count={refreshing ? 'Refreshing users…' : countLabel(list, 'user', 'users')}
      rows={list.users}
      rowKey={(user) => user.id}
      columns={userColumns(me)}
      rowActions={(user) => (
        <>
          <RowLink to={hrefWith({ user: user.id })} icon="view" label={`Details of ${user.name}`} />
          <RoleActions user={user} me={me} />
        </>
      )}
      minWidth={920}
      empty={query.q ? 'No users matching your search' : 'No users found'}
      loading={refreshing ? { testId: 'user-skeleton' } : null}
      paging={list}
      dialogParam="user"
      dialog={
        details
          ? { title: details.name, description: 'User details', content: <UserDetails details={details} /> }
          : null
      }
    />
  );
}
