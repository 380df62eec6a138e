import { Link, useFetcher, useLoaderData } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { refreshSessionCookie } from '~/lib/auth/session.server';
import { act, load } from '~/lib/route.server';
import { settledData, useActionResult } from '~/lib/use-action-result';
import { AdminProfileSchema } from '#core/accounts/schemas';
import { getProfile, updateProfile } from '#core/accounts/service';
import type { Route } from './+types/settings';
import { displayPhone } from '#core/phone-display';

export const meta: Route.MetaFunction = () => [{ title: 'Settings — FreshCatch Admin' }];

export const loader = load({
  auth: 'admin',
  run: async ({ admin, services: { db } }) => {
    const profile = await getProfile(db, admin.id);
    return { profile: { name: profile.name, phone: profile.phone, address: profile.address } };
  },
});

/** The admin's own profile (spec §2 "Settings", §8): saved, then the header shows the new name. */
export const action = act({
  auth: 'admin',
  form: AdminProfileSchema,
  run: async ({ admin, input, services: { db }, request, context }) => {
    await updateProfile(db, admin.id, input);
    // The name is carried in the signed session cookie: reissue it so the menu shows the new one.
    await refreshSessionCookie(request, context);
    return { toast: { title: 'Success', description: 'Profile updated successfully' } };
  },
});

export default function AdminSettings() {
  const { profile } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const errors = useActionResult(settledData(fetcher), {
    // Spec §8: 'Error' / 'Failed to update profile'; a field's own problem shows next to it.
    failureToast: () => ({ title: 'Error', description: 'Failed to update profile' }),
  });
  const saving = fetcher.state !== 'idle';

  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Settings</h1>

      <section
        aria-labelledby="profile-information"
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="profile-information" className="text-lg font-semibold">
          Profile Information
        </h2>
        <p className="mb-4 text-sm text-slate-700">Your name and contact details.</p>
        <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
          <Field
            label="Full Name"
            name="fullName"
            defaultValue={profile.name}
            autoComplete="name"
            required
            error={errors.fullName}
          />
          <Field
            label="Phone Number"
            name="phone"
            type="tel"
            defaultValue={profile.phone ? displayPhone(profile.phone) : ''}
            autoComplete="tel"
            error={errors.phone}
          />
          <Field
            label="Default Address"
            name="address"
            defaultValue={profile.address ?? ''}
            autoComplete="street-address"
            className="sm:col-span-2"
            error={errors.address}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </fetcher.Form>
      </section>

      <section
        aria-labelledby="admin-account-settings"
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="admin-account-settings" className="text-lg font-semibold">
          Admin Account Settings
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-700">
          Your admin account is your main FreshCatch account. To change your password or e-mail address, use
          the main account settings.
        </p>
        <Link to="/account" className={buttonClasses({ variant: 'outline' })}>
          Go to Account Settings
        </Link>
      </section>
    </div>
  );
}
