import { data, Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import { AuthCard } from '~/components/auth/auth-card';
import { NewPasswordFields } from '~/components/auth/new-password-fields';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { authErrorMessage, callAuthEndpoint } from '~/lib/auth.server';
import { parseForm, type FieldErrors, readForm } from '~/lib/forms';
import { redirectWithToast } from '~/lib/toast.server';
import { ResetPasswordSchema } from '#core/accounts/schemas';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = () => [{ title: 'Choose a new password — FreshCatch' }];

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(ResetPasswordSchema, await readForm(request));
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, error: undefined }, { status: 400 });
  const result = await callAuthEndpoint(request, context, '/reset-password', {
    newPassword: parsed.data.password,
    token: parsed.data.token,
  });
  if (result.status !== 200) {
    return data(
      {
        fieldErrors: {} as FieldErrors,
        error: authErrorMessage(result, 'This reset link is invalid or has expired.'),
      },
      { status: 400 },
    );
  }
  return redirectWithToast(context, '/login', {
    type: 'success',
    title: 'Password changed',
    description: 'You can now log in with your new password.',
  });
}

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors: FieldErrors = actionData?.fieldErrors ?? {};
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
      {actionData?.error ? (
        <Alert tone="error" title="Could not reset the password" className="mb-4">
          {actionData.error}
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
