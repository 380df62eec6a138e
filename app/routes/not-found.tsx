import { data } from 'react-router';
import { NotFound } from '~/components/layout/not-found';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = () => [{ title: 'Page not found — FreshCatch' }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
