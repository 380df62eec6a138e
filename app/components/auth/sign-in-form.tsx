import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { PasswordField } from '~/components/auth/password-field';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import type { ActionResult } from '~/lib/action-result';
import { hasFieldErrors, useActionResult } from '~/lib/use-action-result';

/**
 * The e-mail and password form of both sign-in screens (the shop's /login and /admin/login), posting to
 * the screen's own action. A refusal that marks no field (wrong credentials, not an administrator) is
 * said above the form; field errors next to their fields, without a toast. Each screen keeps its own
 * words, its autocomplete hint and whether the password can be shown.
 */
export function SignInForm({
  result,
  redirectTo,
  emailAutoComplete,
  revealablePassword,
  submitLabel,
  submittingLabel,
  className,
  refusalClassName,
  children,
}: {
  /** The screen's action answer (`useActionData`). */
  result: ActionResult | undefined;
  /** Where to go once signed in, sent with the form. */
  redirectTo: string;
  emailAutoComplete: 'email' | 'username';
  /** A show/hide toggle on the password (spec §2's /login). */
  revealablePassword: boolean;
  submitLabel: string;
  submittingLabel: string;
  className?: string;
  refusalClassName?: string;
  /** Under the password, above the button (the shop's "Forgot password?"). */
  children?: ReactNode;
}) {
  const submitting = useNavigation().state === 'submitting';
  const errors = useActionResult(result, { failureToast: 'unless-field-errors' });
  const refused = result?.ok === false && !hasFieldErrors(result) ? result.error : null;
  const Password = revealablePassword ? PasswordField : Field;
  return (
    <>
      {refused ? (
        <Alert tone="error" title={refused.title} className={refusalClassName}>
          {refused.message}
        </Alert>
      ) : null}
      <Form method="post" replace className={clsx('space-y-4', className)} noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete={emailAutoComplete}
          required
          error={errors.email}
        />
        <Password
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        {children}
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? submittingLabel : submitLabel}
        </Button>
      </Form>
    </>
  );
}
