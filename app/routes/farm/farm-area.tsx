import { Outlet } from 'react-router';
import { farmArea } from '~/lib/auth/farm-door.server';
import type { Route } from './+types/farm-area';

/** My farm (issue 50): the farm book's pages, for anyone signed in (a guest goes to /login and back). */
export const middleware: Route.MiddlewareFunction[] = [farmArea];

export default function FarmArea() {
  return <Outlet />;
}
