import {
  data,
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
import { getSessionUser, signInWithPassword, socialProviders } from '~/lib/auth.server';
import { parseForm, safeRedirectPath, readForm } from '~/lib/forms';
import { redirectWithToast } from '~/lib/toast.server';
import { useActionToast } from '~/lib/use-action-toast';
import { LoginSchema } from '#core/accounts/schemas';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [{ title: 'Login — FreshCatch' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
  if (await getSessionUser(request, context)) throw redirect(redirectTo);
  return { social: socialProviders(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(LoginSchema, await readForm(request));
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, toast: null }, { status: 400 });
  const result = await signInWithPassword(request, context, parsed.data);
  if (!result.ok) {
    return data(
      {
        fieldErrors: {},
        toast: { title: result.title, description: result.message, type: 'error' as const },
      },
      { status: result.status },
    );
  }
  return redirectWithToast(
    context,
    safeRedirectPath(parsed.data.redirectTo),
    { type: 'success', title: 'Welcome back!' },
    result.setCookies,
  );
}

export default function LoginRoute() {
  const { social } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const submitting = navigation.state === 'submitting';
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  useActionToast(actionData?.toast);
  return (
    <AuthCard title="Welcome back" subtitle="Log in to order, track deliveries and keep your wishlist.">
      {actionData?.toast ? (
        <Alert tone="error" title={actionData.toast.title} className="mb-4">
          {actionData.toast.description}
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
        <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
