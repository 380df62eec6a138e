import { Outlet } from 'react-router';
import { sellerDoor } from '~/lib/auth/seller-door.server';
import type { Route } from './+types/seller-area';

/** The seller's area (issue 51 §6): an approved or suspended seller's own offers and sales. */
export const middleware: Route.MiddlewareFunction[] = [sellerDoor];

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }];

export default function SellerArea() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <Outlet />
    </div>
  );
}
