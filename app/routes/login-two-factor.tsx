import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import { AuthCard } from '~/components/auth/auth-card';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { verifySignInCode } from '~/lib/auth/gateway.server';
import { ADMIN_WELCOME, refuseNonAdmin, SHOP_WELCOME } from '~/lib/auth/sign-in.server';
import { isAdminTarget } from '~/lib/return-target';
import { safeRedirectPath } from '~/lib/forms';
import { redirectWithToast } from '~/lib/toast.server';
import { hasFieldErrors, useActionResult } from '~/lib/use-action-result';
import { retryAfterOfAction } from '~/lib/errors.server';
import { SignInCodeSchema } from '#core/accounts/schemas';
import { TWO_FACTOR } from '#core/accounts/two-factor-rules';
import type { Route } from './+types/login-two-factor';
import { act } from '~/lib/route.server';

export const meta: Route.MetaFunction = () => [
  { title: `${TWO_FACTOR.codeTitle} — FreshCatch` },
  { name: 'robots', content: 'noindex' },
];

/** A refused code's Retry-After (too many tries) reaches the browser. */
export const headers = retryAfterOfAction;

/**
 * The second step of signing in with two-factor (issue 52 §1): after the password (/login or
 * /admin/login), the authenticator's code or a backup code. The step lives in a signed ten-minute
 * cookie Better Auth set with the password; without it the code is refused with "sign in again".
 */
export const action = act({
  auth: 'public',
  form: SignInCodeSchema,
  run: async ({ input, request, context }) => {
    // The form carries where to go; a post without it goes where the page's address says.
    const target = safeRedirectPath(input.redirectTo ?? new URL(request.url).searchParams.get('redirectTo'));
    const { user, setCookies } = await verifySignInCode(request, context, {
      kind: input.kind,
      code: input.code,
    });
    const toAdmin = isAdminTarget(target);
    if (toAdmin) await refuseNonAdmin(request, context, user, setCookies);
    return redirectWithToast(context, target, toAdmin ? ADMIN_WELCOME : SHOP_WELCOME, setCookies);
  },
});

export default function SignInCodeRoute() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const submitting = useNavigation().state === 'submitting';
  const errors = useActionResult(result, { failureToast: 'unless-field-errors' });
  const refused = result?.ok === false && !hasFieldErrors(result) ? result.error : null;
  const redirectTo = params.get('redirectTo') ?? '/';
  const backup = params.get('backup') === '1';
  const restart = isAdminTarget(redirectTo) ? '/admin/login' : '/login';
  const other = new URLSearchParams(params);
  if (backup) other.delete('backup');
  else other.set('backup', '1');
  return (
    <AuthCard title={TWO_FACTOR.codeTitle} subtitle={backup ? TWO_FACTOR.backupHelp : TWO_FACTOR.codeHelp}>
      {refused ? (
        <Alert tone="error" title={refused.title} className="mb-4">
          {refused.message}{' '}
          <Link
            to={`${restart}?redirectTo=${encodeURIComponent(redirectTo)}`}
            className="font-semibold underline"
          >
            Sign in again
          </Link>
        </Alert>
      ) : null}
      <Form method="post" replace className="space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="kind" value={backup ? 'backup' : 'app'} />
        <Field
          key={backup ? 'backup' : 'app'}
          label={backup ? 'Backup code' : 'Code from your authenticator app'}
          name="code"
          autoComplete="one-time-code"
          inputMode={backup ? 'text' : 'numeric'}
          pattern={backup ? undefined : '[0-9 ]*'}
          autoCapitalize="off"
          spellCheck={false}
          required
          error={errors.code}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Checking...' : 'Sign in'}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to={`?${other.toString()}`} replace className="font-semibold text-brand-700 hover:underline">
          {backup ? 'Use the code from my app' : 'Use a backup code instead'}
        </Link>
      </p>
    </AuthCard>
  );
}
