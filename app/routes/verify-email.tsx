import { MailCheck } from 'lucide-react';
import { data, Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import { AuthCard } from '~/components/auth/auth-card';
import { Button, buttonClasses } from '~/components/ui/button';
import { callAuthEndpoint } from '~/lib/auth.server';
import { EMAIL_CONFIRMATION_PATH } from '~/lib/email-confirmed';
import { parseForm, readForm } from '~/lib/forms';
import { useActionToast } from '~/lib/use-action-toast';
import { ForgotPasswordSchema } from '#core/accounts/schemas';
import type { Route } from './+types/verify-email';

export const meta: Route.MetaFunction = () => [{ title: 'Check your email — FreshCatch' }];

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(ForgotPasswordSchema, await readForm(request));
  if (!parsed.ok) {
    return data(
      {
        toast: {
          title: 'Could not send the link',
          description: parsed.fieldErrors.email,
          type: 'error' as const,
        },
      },
      { status: 400 },
    );
  }
  const result = await callAuthEndpoint(request, context, '/send-verification-email', {
    email: parsed.data.email,
    callbackURL: EMAIL_CONFIRMATION_PATH,
  });
  if (result.status === 429) {
    return data(
      {
        toast: {
          title: 'Please wait',
          description: 'Too many requests. Try again in a minute.',
          type: 'error' as const,
        },
      },
      { status: 429 },
    );
  }
  // The same answer whether or not the address has an account.
  return {
    toast: {
      title: 'Link sent',
      description: 'If this e-mail needs confirming, a new link is on its way.',
      type: 'success' as const,
    },
  };
}

export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const email = params.get('email');
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  useActionToast(actionData?.toast);
  return (
    <AuthCard title="Check your email">
      <div className="space-y-4 text-slate-800">
        <MailCheck aria-hidden="true" className="h-12 w-12 text-brand-700" />
        <p>
          We have sent a verification link to {email ? <strong>{email}</strong> : 'your e-mail address'}.
          Click the link to activate your account.
        </p>
        <p>Can&apos;t find it? Check your spam or junk folder — it can take a few minutes to arrive.</p>
        {email ? (
          <Form method="post">
            <input type="hidden" name="email" value={email} />
            <Button type="submit" variant="outline" disabled={navigation.state === 'submitting'}>
              Send the link again
            </Button>
          </Form>
        ) : null}
        <Link to="/login" className={buttonClasses({ className: 'w-full' })}>
          Back to Login
        </Link>
      </div>
    </AuthCard>
  );
}
