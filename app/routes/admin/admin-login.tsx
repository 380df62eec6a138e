import { ShieldCheck } from 'lucide-react';
import { Link, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { SignInForm } from '~/components/auth/sign-in-form';
import { Alert } from '~/components/ui/alert';
import { signInWithPassword } from '~/lib/auth/gateway.server';
import {
  ADMIN_WELCOME,
  redirectWithHeaders,
  refuseNonAdmin,
  signInCodePath,
} from '~/lib/auth/sign-in.server';
import { getCheckedSessionUser } from '~/lib/auth/session.server';
import { safeRedirectPath } from '~/lib/forms';
import { redirectWithToast } from '~/lib/toast.server';
import { entersAdminArea } from '#core/roles';
import { AdminLoginSchema, ReturnTargetQuerySchema } from '#core/accounts/schemas';
import { SHOP } from '#core/shop';
import type { Route } from './+types/admin-login';
import { act, load } from '~/lib/route.server';

export const meta: Route.MetaFunction = () => [
  { title: `${SHOP.adminPortalName}` },
  { name: 'robots', content: 'noindex' },
];

function adminTarget(redirectTo: string | null | undefined) {
  const path = safeRedirectPath(redirectTo, '/admin');
  return path.startsWith('/admin') && !path.startsWith('/admin/login') ? path : '/admin';
}

export const loader = load({
  auth: 'public',
  query: ReturnTargetQuerySchema,
  run: async ({ query, request, context }) => {
    // Checked against the database: a cached role just taken away must not bounce back to /admin.
    const user = await getCheckedSessionUser(request, context);
    if (entersAdminArea(user)) throw redirect(adminTarget(query.redirectTo));
    return { denied: query.denied !== undefined };
  },
});

export const action = act({
  auth: 'public',
  form: AdminLoginSchema,
  run: async ({ input: credentials, request, context }) => {
    const signIn = await signInWithPassword(request, context, credentials);
    if (signIn.step === 'code')
      return redirectWithHeaders(signInCodePath(adminTarget(credentials.redirectTo)), signIn.setCookies);
    await refuseNonAdmin(request, context, signIn.user, signIn.setCookies);
    return redirectWithToast(context, adminTarget(credentials.redirectTo), ADMIN_WELCOME, signIn.setCookies);
  },
});

export default function AdminLoginRoute() {
  const { denied } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex items-center gap-2 text-brand-800">
          <ShieldCheck aria-hidden="true" className="h-8 w-8" />
          <h1 className="text-2xl font-bold">{SHOP.adminPortalName}</h1>
        </div>
        <p className="mt-1 text-slate-700">Sign in to access the administrator dashboard</p>
        {denied ? (
          <Alert tone="error" className="mt-4">
            You need administrator privileges to access this area.
          </Alert>
        ) : null}
        <SignInForm
          result={result}
          redirectTo={params.get('redirectTo') ?? '/admin'}
          emailAutoComplete="username"
          revealablePassword={false}
          submitLabel="Sign in"
          submittingLabel="Signing in..."
          className="mt-6"
          refusalClassName="mt-4"
        />
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="font-semibold text-brand-700 hover:underline">
            Return to marketplace
          </Link>
        </p>
      </div>
    </main>
  );
}
