import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { AuthCard } from '~/components/auth/auth-card';
import { PasswordField } from '~/components/auth/password-field';
import { SocialButtons } from '~/components/auth/social-buttons';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { formAction } from '~/lib/actions.server';
import { signInWithPassword, socialProviders } from '~/lib/auth/gateway.server';
import { getSessionUser } from '~/lib/auth/session.server';
import { safeRedirectPath } from '~/lib/forms';
import { withReturnTarget } from '~/lib/return-target';
import { redirectWithToast } from '~/lib/toast.server';
import { hasFieldErrors, useActionResult } from '~/lib/use-action-result';
import { LoginSchema } from '#core/accounts/schemas';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [{ title: 'Login — FreshCatch' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
  if (await getSessionUser(request, context)) throw redirect(redirectTo);
  return { social: socialProviders(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(request, LoginSchema, async (credentials) => {
    const { setCookies } = await signInWithPassword(request, context, credentials);
    return redirectWithToast(
      context,
      safeRedirectPath(credentials.redirectTo),
      { type: 'success', title: 'Welcome back!' },
      setCookies,
    );
  });
}

export default function LoginRoute() {
  const { social } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const submitting = navigation.state === 'submitting';
  const errors = useActionResult(actionData, { failureToast: 'unless-field-errors' });
  const refused = actionData?.ok === false && !hasFieldErrors(actionData) ? actionData.error : null;
  return (
    <AuthCard title="Welcome back" subtitle="Log in to order, track deliveries and keep your wishlist.">
      {refused ? (
        <Alert tone="error" title={refused.title} className="mb-4">
          {refused.message}
        </Alert>
      ) : null}
      <Form method="post" replace className="space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? '/'} />
        <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Logging in...' : 'Login'}
        </Button>
      </Form>
      <SocialButtons google={social.google} facebook={social.facebook} />
      <p className="mt-6 text-center text-sm text-slate-700">
        Don&apos;t have an account?{' '}
        <Link
          to={withReturnTarget('/signup', searchParams.get('redirectTo'))}
          className="font-semibold text-brand-700 hover:underline"
        >
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
