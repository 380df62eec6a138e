import { redirect } from 'react-router';
import { authErrorMessage, signOut } from '~/lib/auth.server';
import { redirectWithToast } from '~/lib/toast.server';
import type { Route } from './+types/logout';

export function loader() {
  return redirect('/');
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await signOut(request, context);
  if (result.status !== 200) {
    return redirectWithToast(context, '/', {
      type: 'error',
      title: 'Sign out failed',
      description: authErrorMessage(result, 'Please try again.'),
    });
  }
  const to = new URL(request.url).searchParams.get('from') === 'admin' ? '/admin/login' : '/';
  return redirectWithToast(
    context,
    to,
    to === '/admin/login'
      ? { type: 'success', title: 'Signed out', description: 'You have been signed out of the admin area' }
      : { type: 'success', title: 'Signed out successfully' },
    result.setCookies,
  );
}
