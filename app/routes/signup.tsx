import { useEffect, useState, type FormEvent } from 'react';
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
import type { ActionFailure, ActionToast } from '~/lib/action-result';
import { act, load } from '~/lib/route.server';
import { signUpWithPassword, socialProviders } from '~/lib/auth/gateway.server';
import { parseForm, type FieldErrors } from '~/lib/forms';
import { redirectWithToast } from '~/lib/toast.server';
import { hasFieldErrors, showToast, useActionResult } from '~/lib/use-action-result';
import { withReturnTarget } from '~/lib/return-target';
import { PASSWORDS_DO_NOT_MATCH, SignUpSchema, TERMS_REQUIRED } from '#core/accounts/schemas';
import type { Route } from './+types/signup';

export const meta: Route.MetaFunction = () => [{ title: 'Sign up — FreshCatch' }];

/** The toast that goes with a failed sign-up form (spec §5). */
function toastForErrors(errors: FieldErrors): ActionToast | null {
  if (errors.confirmPassword === PASSWORDS_DO_NOT_MATCH) {
    return { title: 'Passwords do not match', description: 'Please make sure your passwords match' };
  }
  if (errors.terms === TERMS_REQUIRED)
    return { title: 'Terms agreement required', description: TERMS_REQUIRED };
  return null;
}

export const loader = load({
  auth: 'visitor',
  run: ({ user, context }) => {
    if (user) throw redirect('/account');
    return { social: socialProviders(context) };
  },
});

export const action = act({
  auth: 'public',
  form: SignUpSchema,
  run: async ({ input: { fullName, email, password, redirectTo }, request, context }) => {
    await signUpWithPassword(request, context, { name: fullName, email, password, redirectTo });
    const verifyEmail = withReturnTarget(`/verify-email?email=${encodeURIComponent(email)}`, redirectTo);
    return redirectWithToast(context, verifyEmail, {
      type: 'success',
      title: 'Registration successful',
      description: 'Please check your email to verify your account.',
    });
  },
});

/** A refused sign-up: the toast of its field errors (spec §5), or the auth service's refusal. */
function failureToast(failure: ActionFailure): ActionToast | null {
  if (hasFieldErrors(failure)) return toastForErrors(failure.fieldErrors);
  return { title: failure.error.title, description: failure.error.message };
}

export default function SignUpRoute() {
  const { social } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('redirectTo');
  const submitting = navigation.state === 'submitting';
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const serverErrors = useActionResult(actionData, { failureToast });

  // A field's message goes once the shopper edits that field; a new check brings them back.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setEdited(new Set()), [actionData]);
  const errors: FieldErrors = { ...(clientErrors ?? serverErrors) };
  for (const name of edited) delete errors[name];
  // Live check under the confirm field, as the user types.
  if (confirm && password !== confirm) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  else if (confirm && errors.confirmPassword === PASSWORDS_DO_NOT_MATCH) delete errors.confirmPassword;

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = parseForm(SignUpSchema, new FormData(event.currentTarget));
    setEdited(new Set());
    if (parsed.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(parsed.fieldErrors);
    const message = toastForErrors(parsed.fieldErrors);
    if (message) showToast(message);
  }

  const refused = actionData?.ok === false && !hasFieldErrors(actionData) ? actionData.error : null;
  return (
    <AuthCard
      title="Create your account"
      subtitle="Order fresh fish and farm supplies, delivered from Port Harcourt."
    >
      {refused ? (
        <Alert tone="error" title={refused.title} className="mb-4">
          {refused.message}
        </Alert>
      ) : null}
      <Form
        method="post"
        className="space-y-4"
        noValidate
        onSubmit={validate}
        onChange={(event) => {
          const { name } = event.target as unknown as HTMLInputElement;
          if (name && !edited.has(name)) setEdited(new Set(edited).add(name));
        }}
      >
        {returnTo ? <input type="hidden" name="redirectTo" value={returnTo} /> : null}
        <Field label="Full name" name="fullName" autoComplete="name" required error={errors.fullName} />
        <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters."
          error={errors.password}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <div className="space-y-1">
          <div className="flex items-start gap-2">
            <input
              id="terms"
              name="terms"
              type="checkbox"
              className="mt-1 h-4 w-4 rounded border-slate-400 accent-brand-700"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'terms-error' : undefined}
            />
            <label htmlFor="terms" className="text-sm text-slate-800">
              I agree to the{' '}
              <Link to="/terms" className="font-semibold text-brand-700 hover:underline">
                terms and conditions
              </Link>
            </label>
          </div>
          {errors.terms ? (
            <p id="terms-error" className="text-sm font-medium text-red-700">
              {errors.terms}
            </p>
          ) : null}
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Creating account...' : 'Sign Up'}
        </Button>
      </Form>
      <SocialButtons google={social.google} facebook={social.facebook} />
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link
          to={withReturnTarget('/login', returnTo)}
          className="font-semibold text-brand-700 hover:underline"
        >
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
