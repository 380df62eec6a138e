import { ROLE_LABELS, type Role } from '#core/roles';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { EmailAddress } from '~/components/ui/email-address';
import { formatShortDate } from '~/lib/dates';
import type { AdminUserDetails } from '#core/accounts/admin-users';
import { displayPhone } from '#core/phone-display';
import { PLACE_NOT_ON_LIST_MARK } from '#core/delivery/places';

/** A user opened from the admin users list (the body of its dialog), with a link to their orders. */
export function UserDetails({ details }: { details: AdminUserDetails }) {
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium">E-mail</dt>
        <dd className="min-w-0 wrap-break-word">
          <EmailAddress email={details.email} /> {details.emailVerified ? '' : '(not verified)'}
        </dd>
        <dt className="font-medium">Phone</dt>
        <dd>{details.phone ? displayPhone(details.phone) : '—'}</dd>
        <dt className="font-medium">Address</dt>
        <dd>{details.address ?? '—'}</dd>
        <dt className="font-medium">Location</dt>
        <dd>
          {details.location ?? '—'}
          {details.location && !details.locationListed ? (
            <span className="text-amber-800"> ({PLACE_NOT_ON_LIST_MARK})</span>
          ) : null}
        </dd>
        <dt className="font-medium">Joined</dt>
        <dd>{formatShortDate(details.createdAt)}</dd>
        <dt className="font-medium">Role</dt>
        <dd>{ROLE_LABELS[details.role as Role] ?? 'User'}</dd>
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
    </>
  );
}
