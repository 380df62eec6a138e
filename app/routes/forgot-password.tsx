import { Form, Link, useActionData, useNavigation } from 'react-router';
import { AuthCard } from '~/components/auth/auth-card';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { act } from '~/lib/route.server';
import { requestPasswordReset } from '~/lib/auth/gateway.server';
import { useActionResult } from '~/lib/use-action-result';
import { ForgotPasswordSchema } from '#core/accounts/schemas';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = () => [{ title: 'Reset your password — FreshCatch' }];

export const action = act({
  auth: 'public',
  form: ForgotPasswordSchema,
  run: async ({ input: { email }, request, context }) => {
    await requestPasswordReset(request, context, email);
    return {};
  },
});

export default function ForgotPasswordRoute() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // Every refusal is said under the e-mail field: its own error, or why the link was not sent.
  const errors = useActionResult(actionData, { failureToast: false });
  const error = errors.email ?? (actionData?.ok === false ? actionData.error.message : undefined);
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail and we will send you a link to choose a new one."
    >
      {actionData?.ok ? (
        <Alert tone="success" title="Check your email" className="mb-4">
          If an account exists for that e-mail, a link to reset your password is on its way.
        </Alert>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        <Field label="Email" name="email" type="email" autoComplete="email" required error={error} />
        <Button type="submit" className="w-full" disabled={navigation.state === 'submitting'}>
          Send reset link
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
