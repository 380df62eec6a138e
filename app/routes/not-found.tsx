import { NotFound as NoSuchPage } from '#core/errors';
import { errorResponse } from '~/lib/errors.server';
import { NotFound } from '~/components/layout/not-found';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = () => [{ title: 'Page not found — FreshCatch' }];

/** Any address the shop does not have: its page, answered 404. */
export function loader() {
  return errorResponse(new NoSuchPage('Page not found'), null);
}

export default function NotFoundRoute() {
  return <NotFound />;
}
