import { redirect } from 'react-router';
import { callAuthEndpoint, socialProviders } from '~/lib/auth.server';
import { redirectWithToast } from '~/lib/toast.server';
import type { Route } from './+types/social-sign-in';
import { readForm } from '~/lib/forms';

export function loader() {
  return redirect('/login');
}

/** Starts Google or Facebook sign-in (only for a provider whose keys are configured). */
export async function action({ request, context }: Route.ActionArgs) {
  const provider = String((await readForm(request)).get('provider') ?? '');
  const enabled = socialProviders(context);
  if (provider !== 'google' && provider !== 'facebook') return redirect('/login');
  if (!enabled[provider]) return redirect('/login');
  const result = await callAuthEndpoint(request, context, '/sign-in/social', { provider, callbackURL: '/' });
  const url = result.body?.url;
  if (result.status !== 200 || typeof url !== 'string') {
    return redirectWithToast(context, '/login', {
      type: 'error',
      title: 'Login failed',
      description: 'Please try again later',
    });
  }
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append('Set-Cookie', cookie);
  return redirect(url, { headers });
}
