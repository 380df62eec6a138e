import { MailCheck } from 'lucide-react';
import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import { AuthCard } from '~/components/auth/auth-card';
import { Button, buttonClasses } from '~/components/ui/button';
import { type ActionFailure } from '~/lib/action-result';
import { act } from '~/lib/route.server';
import { sendVerificationEmail } from '~/lib/auth/gateway.server';
import { withReturnTarget } from '~/lib/return-target';
import { useActionResult } from '~/lib/use-action-result';
import { ResendConfirmationSchema } from '#core/accounts/schemas';
import type { Route } from './+types/verify-email';

export const meta: Route.MetaFunction = () => [{ title: 'Check your email — FreshCatch' }];

export const action = act({
  auth: 'public',
  form: ResendConfirmationSchema,
  run: async ({ input: { email, redirectTo }, request, context }) => {
    await sendVerificationEmail(request, context, { email, redirectTo });
    // The same answer whether or not the address has an account.
    return {
      toast: {
        title: 'Link sent',
        description: 'If this e-mail needs confirming, a new link is on its way.',
      },
    };
  },
});

/** The page has no field to mark: an address it cannot use is said in the toast. */
function failureToast(failure: ActionFailure) {
  const { email } = failure.fieldErrors;
  return email
    ? { title: 'Could not send the link', description: email }
    : { title: failure.error.title, description: failure.error.message };
}

export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const email = params.get('email');
  const returnTo = params.get('redirectTo');
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  useActionResult(actionData, { failureToast });
  return (
    <AuthCard title="Check your email">
      <div className="space-y-4 text-slate-800">
        <MailCheck aria-hidden="true" className="h-12 w-12 text-brand-700" />
        <p>
          We have sent a verification link to {email ? <strong>{email}</strong> : 'your e-mail address'}.
          Click the link to activate your account.
        </p>
        <p>Can&apos;t find it? Check your spam or junk folder — it can take a few minutes to arrive.</p>
        {email ? (
          <Form method="post">
            <input type="hidden" name="email" value={email} />
            {returnTo ? <input type="hidden" name="redirectTo" value={returnTo} /> : null}
            <Button type="submit" variant="outline" disabled={navigation.state === 'submitting'}>
              Send the link again
            </Button>
          </Form>
        ) : null}
        <Link to={withReturnTarget('/login', returnTo)} className={buttonClasses({ className: 'w-full' })}>
          Back to Login
        </Link>
      </div>
    </AuthCard>
  );
}
