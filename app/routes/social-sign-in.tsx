import { redirect } from 'react-router';
import { socialProviders, startSocialSignIn } from '~/lib/auth/gateway.server';
import { DomainError } from '#core/errors';
import { redirectWithToast } from '~/lib/toast.server';
import type { Route } from './+types/social-sign-in';
import { readForm } from '~/lib/forms';
import { orThrowResponse } from '~/lib/errors.server';

export function loader() {
  return redirect('/login');
}

/** Starts Google or Facebook sign-in (only for a provider whose keys are configured). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await orThrowResponse(() => readForm(request));
  const provider = String(form.get('provider') ?? '');
  const enabled = socialProviders(context);
  if (provider !== 'google' && provider !== 'facebook') return redirect('/login');
  if (!enabled[provider]) return redirect('/login');
  try {
    const { url, setCookies } = await startSocialSignIn(request, context, provider);
    const headers = new Headers();
    for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
    return redirect(url, { headers });
  } catch (error) {
    if (!DomainError.is(error)) throw error;
    const title = error.title ?? 'Login failed';
    return redirectWithToast(context, '/login', { type: 'error', title, description: error.message });
  }
}
