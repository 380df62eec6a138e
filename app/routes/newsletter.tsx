import { redirect } from 'react-router';
import { formAction } from '~/lib/actions.server';
import { NewsletterSchema } from '#core/accounts/schemas';
import { subscribeToNewsletter } from '#core/newsletter/service';
import type { Route } from './+types/newsletter';
import { shop } from '~/lib/context';

export function loader() {
  return redirect('/');
}

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(request, NewsletterSchema, async ({ email }) => {
    await subscribeToNewsletter(shop(context).services.db, email, { clientAddress: shop(context).clientIp });
    return {
      toast: {
        title: 'Subscribed',
        description: 'Thank you! You are on the list for fresh arrivals and farm tips.',
      },
    };
  });
}
