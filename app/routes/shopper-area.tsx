import { Outlet } from 'react-router';
import { shopperArea } from '~/lib/auth/guards.server';
import type { Route } from './+types/shopper-area';

/**
 * The signed-in shopper's pages (checkout, payment, the account and its orders): one door for all of
 * them. A guest is sent to /login and brought back, or shown the page's own sign-in screen (the
 * account); routes under it name the shopper with `load({ auth: 'shopper' })` / `act(…)`.
 */
export const middleware: Route.MiddlewareFunction[] = [shopperArea];

export default function ShopperArea() {
  return <Outlet />;
}
