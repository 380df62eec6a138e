import { redirect } from 'react-router';
import { act } from '~/lib/route.server';
import { NewsletterSchema } from '#core/accounts/schemas';
import { subscribeToNewsletter } from '#core/newsletter/service';

export function loader() {
  return redirect('/');
}

export const action = act({
  auth: 'public',
  form: NewsletterSchema,
  run: async ({ input: { email }, services: { db }, clientIp }) => {
    await subscribeToNewsletter(db, email, { clientAddress: clientIp });
    return {
      toast: {
        title: 'Subscribed',
        description: 'Thank you! You are on the list for fresh arrivals and farm tips.',
      },
    };
  },
});
