import { Link, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { AuthCard } from '~/components/auth/auth-card';
import { SignInForm } from '~/components/auth/sign-in-form';
import { SocialButtons } from '~/components/auth/social-buttons';
import { signInWithPassword, socialProviders } from '~/lib/auth/gateway.server';
import { redirectWithHeaders, SHOP_WELCOME, signInCodePath } from '~/lib/auth/sign-in.server';
import { safeRedirectPath } from '~/lib/forms';
import { withReturnTarget } from '~/lib/return-target';
import { redirectWithToast } from '~/lib/toast.server';
import { LoginSchema, ReturnTargetQuerySchema } from '#core/accounts/schemas';
import type { Route } from './+types/login';
import { act, load } from '~/lib/route.server';

export const meta: Route.MetaFunction = () => [{ title: 'Login — FreshCatch' }];

export const loader = load({
  auth: 'visitor',
  query: ReturnTargetQuerySchema,
  run: ({ user, query, context }) => {
    if (user) throw redirect(safeRedirectPath(query.redirectTo));
    return { social: socialProviders(context) };
  },
});

export const action = act({
  auth: 'public',
  form: LoginSchema,
  run: async ({ input: credentials, request, context }) => {
    const signIn = await signInWithPassword(request, context, credentials);
    const target = safeRedirectPath(credentials.redirectTo);
    if (signIn.step === 'code') return redirectWithHeaders(signInCodePath(target), signIn.setCookies);
    return redirectWithToast(context, target, SHOP_WELCOME, signIn.setCookies);
  },
});

export default function LoginRoute() {
  const { social } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const result = useActionData<typeof action>();
  return (
    <AuthCard title="Welcome back" subtitle="Log in to order, track deliveries and keep your wishlist.">
      <SignInForm
        result={result}
        redirectTo={searchParams.get('redirectTo') ?? '/'}
        emailAutoComplete="email"
        revealablePassword
        submitLabel="Login"
        submittingLabel="Logging in..."
        refusalClassName="mb-4"
      >
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
      </SignInForm>
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
