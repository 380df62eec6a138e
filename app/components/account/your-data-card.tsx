import { Download } from 'lucide-react';
import { useFetcher } from 'react-router';
import { PasswordField } from '~/components/auth/password-field';
import { Button, buttonClasses } from '~/components/ui/button';
import type { ActionResult } from '~/lib/action-result';
import { settledData, useActionResult } from '~/lib/use-action-result';
import { DELETE_ACCOUNT } from '#core/accounts/own-account-rules';

/** Account settings: the person's data is theirs to take or erase (issue 52 §5). */
export function YourDataCard() {
  const fetcher = useFetcher<ActionResult>();
  const errors = useActionResult(settledData(fetcher), { failureToast: 'unless-field-errors' });
  return (
    <section aria-labelledby="your-data-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h3 id="your-data-heading" className="font-semibold">
        Your data
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        A ZIP of everything the shop keeps about you: your profile, addresses, orders, reviews, wishlist,
        notifications, message choices and the messages sent to you, and your farm book and seller statement.
      </p>
      <a
        href="/account/my-data.zip"
        download
        className={buttonClasses({ variant: 'outline', className: 'mt-4 gap-2' })}
      >
        <Download aria-hidden="true" className="h-4 w-4" />
        Download my data
      </a>
      <h4 className="mt-6 font-semibold text-red-700">{DELETE_ACCOUNT.heading}</h4>
      <p className="mt-1 text-sm text-slate-700">{DELETE_ACCOUNT.intro}</p>
      <fetcher.Form
        method="post"
        action="/account?tab=settings"
        className="mt-4 max-w-md space-y-4"
        noValidate
      >
        <input type="hidden" name="intent" value="delete-account" />
        <PasswordField
          label={DELETE_ACCOUNT.passwordLabel}
          name="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <Button type="submit" variant="destructive" disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Deleting...' : DELETE_ACCOUNT.button}
        </Button>
      </fetcher.Form>
    </section>
  );
}
