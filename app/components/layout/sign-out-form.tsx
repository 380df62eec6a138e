import type { ComponentProps } from 'react';
import { Form } from 'react-router';
import { unsentLinesOnThisPhone } from '~/lib/farm-outbox-count';

/** The words of the question asked before signing out with farm book entries not sent yet. */
export function unsentQuestion(count: number): string {
  return `${count === 1 ? '1 farm book entry' : `${count} farm book entries`} on this phone ${
    count === 1 ? 'is' : 'are'
  } not sent yet. Sign out anyway? They stay on this phone and are sent when you sign in here again.`;
}

/**
 * The sign-out form (the header's and the account page's). With farm book entries on this phone that
 * the server does not have yet, it asks first (issue 50 §8): they are kept either way.
 */
export function SignOutForm(props: Omit<ComponentProps<typeof Form>, 'method' | 'action' | 'onSubmit'>) {
  return (
    <Form
      {...props}
      method="post"
      action="/logout"
      onSubmit={(event) => {
        const unsent = unsentLinesOnThisPhone();
        if (unsent > 0 && !window.confirm(unsentQuestion(unsent))) event.preventDefault();
      }}
    />
  );
}
