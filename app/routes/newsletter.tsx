import { data, redirect } from 'react-router';
import { parseForm, readForm } from '~/lib/forms';
import { NewsletterSchema } from '#core/accounts/schemas';
import { subscribeToNewsletter } from '#core/newsletter/service';
import type { Route } from './+types/newsletter';

export function loader() {
  return redirect('/');
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(NewsletterSchema, await readForm(request));
  if (!parsed.ok)
    return data(
      { ok: false as const, error: parsed.fieldErrors.email ?? 'Please enter a valid email address' },
      { status: 400 },
    );
  await subscribeToNewsletter(context.services.db, parsed.data.email);
  return { ok: true as const, message: 'Thank you! You are on the list for fresh arrivals and farm tips.' };
}
