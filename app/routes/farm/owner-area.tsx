import { Outlet } from 'react-router';
import { ownerDoor } from '~/lib/auth/farm-door.server';
import type { Route } from './+types/owner-area';

/** The farm's pages that hold money or its people: its owner's only (a worker is refused, 403). */
export const middleware: Route.MiddlewareFunction[] = [ownerDoor];

export default function OwnerArea() {
  return <Outlet />;
}
