import { redirect } from 'react-router';
import { signOut } from '~/lib/auth/gateway.server';
import { DomainError } from '#core/errors';
import { redirectWithToast } from '~/lib/toast.server';
import type { Route } from './+types/logout';

export function loader() {
  return redirect('/');
}

export async function action({ request, context }: Route.ActionArgs) {
  let setCookies: string[];
  try {
    ({ setCookies } = await signOut(request, context));
  } catch (error) {
    if (!DomainError.is(error)) throw error;
    const title = error.title ?? 'Sign out failed';
    return redirectWithToast(context, '/', { type: 'error', title, description: error.message });
  }
  const to = new URL(request.url).searchParams.get('from') === 'admin' ? '/admin/login' : '/';
  return redirectWithToast(
    context,
    to,
    to === '/admin/login'
      ? { type: 'success', title: 'Signed out', description: 'You have been signed out of the admin area' }
      : { type: 'success', title: 'Signed out successfully' },
    setCookies,
  );
}
