import { ShieldCheck } from 'lucide-react';
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
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { cookiesFromSetCookie, getCheckedSessionUser, signInWithPassword, signOut } from '~/lib/auth.server';
import { parseForm, safeRedirectPath, readForm } from '~/lib/forms';
import { redirectWithToast } from '~/lib/toast.server';
import { useActionToast, type ActionToast } from '~/lib/use-action-toast';
import { isAdmin } from '#core/accounts/roles';
import { AdminLoginSchema } from '#core/accounts/schemas';
import { SHOP } from '#core/shop';
import type { Route } from './+types/admin-login';

export const meta: Route.MetaFunction = () => [
  { title: `${SHOP.adminPortalName}` },
  { name: 'robots', content: 'noindex' },
];

function adminTarget(redirectTo: string | null | undefined) {
  const path = safeRedirectPath(redirectTo, '/admin');
  return path.startsWith('/admin') && !path.startsWith('/admin/login') ? path : '/admin';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Checked against the database: a cached role just taken away must not bounce back to /admin.
  const user = await getCheckedSessionUser(request, context);
  if (isAdmin(user)) throw redirect(adminTarget(url.searchParams.get('redirectTo')));
  return { denied: url.searchParams.has('denied') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(AdminLoginSchema, await readForm(request));
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors, toast: null }, { status: 400 });
  const result = await signInWithPassword(request, context, parsed.data);
  if (!result.ok) {
    return data(
      { fieldErrors: {}, toast: { title: result.title, description: result.message } as ActionToast },
      { status: result.status },
    );
  }
  if (!isAdmin(result.user)) {
    // Credentials were right but this is not an administrator: end that new session at once.
    const out = await signOut(request, context, cookiesFromSetCookie(result.setCookies));
    const headers = new Headers();
    for (const cookie of out.setCookies) headers.append('Set-Cookie', cookie);
    return data(
      {
        fieldErrors: {},
        toast: {
          title: 'Access denied',
          description: 'You do not have administrator privileges',
        } as ActionToast,
      },
      { status: 403, headers },
    );
  }
  return redirectWithToast(
    context,
    adminTarget(parsed.data.redirectTo),
    { type: 'success', title: 'Login successful', description: 'Welcome to the admin dashboard' },
    result.setCookies,
  );
}

export default function AdminLoginRoute() {
  const { denied } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state === 'submitting';
  const errors: Record<string, string> = actionData?.fieldErrors ?? {};
  useActionToast(actionData?.toast);
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
        {actionData?.toast ? (
          <Alert tone="error" title={actionData.toast.title} className="mt-4">
            {actionData.toast.description}
          </Alert>
        ) : null}
        <Form method="post" replace className="mt-6 space-y-4" noValidate>
          <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? '/admin'} />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            required
            error={errors.email}
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? 'Signing in...' : 'Sign in'}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="font-semibold text-brand-700 hover:underline">
            Return to marketplace
          </Link>
        </p>
      </div>
    </main>
  );
}
