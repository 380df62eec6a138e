import { useRef, type ComponentProps } from 'react';
import { Link, useFetcher } from 'react-router';
import { DevicesCard } from '~/components/account/devices-card';
import { YourDataCard } from '~/components/account/your-data-card';
import { NewPasswordFields } from '~/components/auth/new-password-fields';
import { PasswordField } from '~/components/auth/password-field';
import { Button, buttonClasses } from '~/components/ui/button';
import type { ActionResult } from '~/lib/action-result';
import { formatShopperDate } from '~/lib/dates';
import { settledData, useActionResult } from '~/lib/use-action-result';

export function SettingsTab({
  email,
  memberSince,
  devices,
}: {
  email: string;
  memberSince: Date | string;
  devices: ComponentProps<typeof DevicesCard>['devices'];
}) {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const errors = useActionResult(settledData(fetcher), {
    onSuccess: () => form.current?.reset(),
    failureToast: 'unless-field-errors',
  });
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold">Account Settings</h2>
      <dl className="grid gap-2 rounded-lg border border-slate-200 bg-white p-5 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-600">Signed in as</dt>
        <dd>{email}</dd>
        <dt className="text-slate-600">Member since</dt>
        <dd>{formatShopperDate(memberSince)}</dd>
      </dl>
      <section aria-labelledby="password-heading" className="rounded-lg border border-slate-200 bg-white p-5">
        <h3 id="password-heading" className="font-semibold">
          Change Password
        </h3>
        <fetcher.Form
          ref={form}
          method="post"
          action="/account?tab=settings"
          className="mt-4 max-w-md space-y-4"
          noValidate
        >
          <input type="hidden" name="intent" value="change-password" />
          <PasswordField
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            required
            error={errors.currentPassword}
          />
          <NewPasswordFields errors={errors} />
          <Button type="submit" disabled={fetcher.state !== 'idle'}>
            {fetcher.state !== 'idle' ? 'Saving...' : 'Change Password'}
          </Button>
        </fetcher.Form>
      </section>
      <section
        aria-labelledby="two-factor-heading"
        className="rounded-lg border border-slate-200 bg-white p-5"
      >
        <h3 id="two-factor-heading" className="font-semibold">
          Two-factor sign-in
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          A 6-digit code from an authenticator app on your phone after your password, so a stolen password
          alone cannot sign in.
        </p>
        <Link to="/account/two-factor" className={buttonClasses({ variant: 'outline', className: 'mt-4' })}>
          Set up or manage two-factor sign-in
        </Link>
      </section>
      <DevicesCard devices={devices} />
      <YourDataCard />
    </div>
  );
}
