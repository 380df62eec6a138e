import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import { AuthCard } from '~/components/auth/auth-card';
import { NewPasswordFields } from '~/components/auth/new-password-fields';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { act } from '~/lib/route.server';
import { resetPassword } from '~/lib/auth/gateway.server';
import { redirectWithToast } from '~/lib/toast.server';
import { hasFieldErrors, useActionResult } from '~/lib/use-action-result';
import { ResetPasswordSchema } from '#core/accounts/schemas';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = () => [{ title: 'Choose a new password — FreshCatch' }];

export const action = act({
  auth: 'public',
  form: ResetPasswordSchema,
  run: async ({ input: { password, token }, request, context }) => {
    await resetPassword(request, context, { newPassword: password, token });
    return redirectWithToast(context, '/login', {
      type: 'success',
      title: 'Password changed',
      description: 'You can now log in with your new password.',
    });
  },
});

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // Said on the page, not in a toast: under the fields, or above the form when the link is refused.
  const errors = useActionResult(actionData, { failureToast: false });
  const refused = actionData?.ok === false && !hasFieldErrors(actionData) ? actionData.error : null;
  if (!token || params.has('error')) {
    return (
      <AuthCard title="This link has expired">
        <p className="text-slate-800">
          This password reset link is invalid or has expired. Ask for a new one.
        </p>
        <Link to="/forgot-password" className={buttonClasses({ className: 'mt-6 w-full' })}>
          Send a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      {refused ? (
        <Alert tone="error" title={refused.title} className="mb-4">
          {refused.message}
        </Alert>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields errors={errors} />
        <Button type="submit" className="w-full" disabled={navigation.state === 'submitting'}>
          Save new password
        </Button>
      </Form>
    </AuthCard>
  );
}
