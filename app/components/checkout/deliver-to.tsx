import { Link } from 'react-router';
import { displayPhone } from '#core/phone-display';

/** Where checkout will send the order: the shopper's profile, edited on the account page. */
export function DeliverTo({
  profile,
}: {
  profile: { name: string | null; phone: string | null; address: string | null; email: string };
}) {
  return (
    <section aria-labelledby="shipping-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 id="shipping-heading" className="text-lg font-semibold">
          Deliver to
        </h2>
        <Link to="/account?tab=profile" className="text-sm font-semibold text-brand-700 hover:underline">
          Edit
        </Link>
      </div>
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-slate-600">Name</dt>
        <dd>{profile.name || '—'}</dd>
        <dt className="text-slate-600">Phone</dt>
        <dd>{profile.phone ? displayPhone(profile.phone) : '—'}</dd>
        <dt className="text-slate-600">Address</dt>
        <dd>{profile.address || '—'}</dd>
        <dt className="text-slate-600">Email</dt>
        <dd>{profile.email}</dd>
      </dl>
    </section>
  );
}
