import { ShieldCheck } from 'lucide-react';
import QRCode from 'qrcode';
import type { ReactNode } from 'react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { PasswordField } from '~/components/auth/password-field';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { withHeaders } from '~/lib/actions.server';
import {
  confirmTwoFactor,
  cookiesFromSetCookie,
  startTwoFactor,
  turnOffTwoFactor,
} from '~/lib/auth/gateway.server';
import { getCheckedSessionUser } from '~/lib/auth/session.server';
import { isAdminTarget } from '~/lib/return-target';
import { retryAfterOfAction } from '~/lib/errors.server';
import { safeRedirectPath } from '~/lib/forms';
import { act, load } from '~/lib/route.server';
import { redirectWithToast } from '~/lib/toast.server';
import { hasFieldErrors, useActionResult } from '~/lib/use-action-result';
import { ReturnTargetQuerySchema, TwoFactorActionSchema } from '#core/accounts/schemas';
import { twoFactorState } from '#core/accounts/two-factor';
import { TWO_FACTOR } from '#core/accounts/two-factor-rules';
import { Forbidden } from '#core/errors';
import { entersAdminArea } from '#core/roles';
import type { Route } from './+types/account-two-factor';

export const meta: Route.MetaFunction = () => [
  { title: `${TWO_FACTOR.pageTitle} — FreshCatch` },
  { name: 'robots', content: 'noindex' },
];

export const headers = retryAfterOfAction;

/** Where this page leads on to once two-factor is on: the admin page the door stopped, else here. */
function nextPath(request: Request): string {
  const asked = new URL(request.url).searchParams.get('redirectTo');
  const path = safeRedirectPath(asked, '/account/two-factor');
  return isAdminTarget(path) ? path : '/account/two-factor';
}

/** Whether this person works in the admin area (they keep two-factor on: issue 52 §1). */
async function hasAdminRights(request: Request, context: Route.LoaderArgs['context']) {
  return entersAdminArea(await getCheckedSessionUser(request, context));
}

export const loader = load({
  auth: 'shopper',
  query: ReturnTargetQuerySchema,
  run: async ({ user, services: { db }, request, context }) => ({
    state: await twoFactorState(db, user.id),
    adminRights: await hasAdminRights(request, context),
    required: isAdminTarget(nextPath(request)),
  }),
});

/** What setting up shows once: the QR code, the key to type instead, and the backup codes. */
async function setUpView(started: { totpURI: string; backupCodes: string[] }) {
  const secret = new URL(started.totpURI).searchParams.get('secret') ?? '';
  const qrSvg = await QRCode.toString(started.totpURI, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { setUp: { qrSvg, secret, backupCodes: started.backupCodes } };
}

export const action = act({
  auth: 'shopper',
  form: TwoFactorActionSchema,
  run: async ({ input, request, context }) => {
    switch (input.intent) {
      case 'start':
        return setUpView(await startTwoFactor(request, context, input.password));
      case 'confirm': {
        const { setCookies } = await confirmTwoFactor(request, context, input.code);
        return redirectWithToast(
          context,
          nextPath(request),
          { type: 'success', title: 'Two-factor sign-in is on', description: TWO_FACTOR.turnedOn },
          setCookies,
        );
      }
      case 'off': {
        if (await hasAdminRights(request, context))
          throw new Forbidden(TWO_FACTOR.adminKeeps, 'Not turned off');
        const { setCookies } = await turnOffTwoFactor(request, context, input.password);
        return redirectWithToast(
          context,
          '/account/two-factor',
          { type: 'success', title: TWO_FACTOR.turnedOff },
          setCookies,
        );
      }
      case 'restart': {
        // A new phone: the old secret goes, a new one is shown (the session is renewed in between).
        const { setCookies } = await turnOffTwoFactor(request, context, input.password);
        const started = await startTwoFactor(
          request,
          context,
          input.password,
          cookiesFromSetCookie(setCookies),
        );
        return withHeaders(
          await setUpView(started),
          setCookies.map((cookie): [string, string] => ['Set-Cookie', cookie]),
        );
      }
    }
  },
});

export default function AccountTwoFactorRoute() {
  const { state, adminRights, required } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const errors = useActionResult(result, { failureToast: 'unless-field-errors' });
  const refused = result?.ok === false && !hasFieldErrors(result) ? result.error : null;
  const setUp = result?.ok === true && 'setUp' in result ? result.setUp : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <p className="text-sm">
        <Link to="/account?tab=settings" className="font-medium text-brand-700 hover:underline">
          ← Account Settings
        </Link>
      </p>
      <h1 className="mt-2 flex items-center gap-2 text-3xl font-bold">
        <ShieldCheck aria-hidden="true" className="h-8 w-8 text-brand-700" />
        {TWO_FACTOR.pageTitle}
      </h1>
      {required && state !== 'on' ? (
        <Alert tone="info" title={TWO_FACTOR.requiredTitle} className="mt-4">
          {TWO_FACTOR.required}
        </Alert>
      ) : null}
      {refused ? (
        <Alert tone="error" title={refused.title} className="mt-4">
          {refused.message}
        </Alert>
      ) : null}
      {setUp ? (
        <section
          aria-labelledby="scan-heading"
          className="mt-6 space-y-5 rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="scan-heading" className="text-xl font-semibold">
            1. Add FreshCatch to your authenticator app
          </h2>
          <p className="text-slate-700">{TWO_FACTOR.scan}</p>
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            className="h-48 w-48 [&>svg]:h-full [&>svg]:w-full"
            dangerouslySetInnerHTML={{ __html: setUp.qrSvg }}
          />
          <p className="text-sm">
            Key:{' '}
            <code className="rounded bg-slate-100 px-2 py-1 font-mono break-all" data-testid="two-factor-key">
              {setUp.secret}
            </code>
          </p>
          <h2 className="text-xl font-semibold">2. {TWO_FACTOR.backupCodesTitle}</h2>
          <p className="text-slate-700">{TWO_FACTOR.backupCodesHelp}</p>
          <ul
            aria-label={TWO_FACTOR.backupCodesTitle}
            className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5"
          >
            {setUp.backupCodes.map((code) => (
              <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center">
                {code}
              </li>
            ))}
          </ul>
          <h2 className="text-xl font-semibold">3. Type the code your app shows</h2>
          <Form method="post" replace className="max-w-sm space-y-4" noValidate>
            <input type="hidden" name="intent" value="confirm" />
            <Field
              label="Code from your authenticator app"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              error={errors.code}
            />
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Checking...' : 'Turn on'}
            </Button>
          </Form>
        </section>
      ) : state === 'on' ? (
        <StateCard id="on-heading" title={TWO_FACTOR.on} help={TWO_FACTOR.onHelp}>
          {/* One password, one error: the button pressed says which it is for. */}
          <PasswordForm
            label="Your password"
            choices={
              adminRights
                ? [{ intent: 'restart', label: 'Set up on a new phone' }]
                : [
                    { intent: 'restart', label: 'Set up on a new phone' },
                    { intent: 'off', label: 'Turn off', outline: true },
                  ]
            }
            error={errors.password}
            submitting={submitting}
          />
          {adminRights ? <p className="text-sm text-slate-700">{TWO_FACTOR.adminKeeps}</p> : null}
        </StateCard>
      ) : (
        <StateCard id="off-heading" title={TWO_FACTOR.off} help={TWO_FACTOR.offHelp}>
          <PasswordForm
            label="Your password (set up two-factor sign-in)"
            choices={[{ intent: 'start', label: 'Set up two-factor sign-in' }]}
            error={errors.password}
            submitting={submitting}
          />
        </StateCard>
      )}
    </div>
  );
}

/** Where the account's two-factor sign-in stands, and what can be done about it. */
function StateCard({
  id,
  title,
  help,
  children,
}: {
  id: string;
  title: string;
  help: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-6 space-y-5 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="text-slate-700">{help}</p>
      {children}
    </section>
  );
}

/** A form that takes the account's password, with a button for each thing it may do with it. */
function PasswordForm({
  label,
  choices,
  error,
  submitting,
}: {
  label: string;
  choices: { intent: 'start' | 'off' | 'restart'; label: string; outline?: boolean }[];
  error: string | undefined;
  submitting: boolean;
}) {
  return (
    <Form method="post" replace className="max-w-sm space-y-3" noValidate>
      <PasswordField label={label} name="password" autoComplete="current-password" required error={error} />
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <Button
            key={choice.intent}
            type="submit"
            name="intent"
            value={choice.intent}
            variant={choice.outline ? 'outline' : undefined}
            disabled={submitting}
          >
            {choice.label}
          </Button>
        ))}
      </div>
    </Form>
  );
}
