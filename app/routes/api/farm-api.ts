import { farmArea, farmDoor } from '~/lib/auth/farm-door.server';
import type { Route } from './+types/farm-api';

/** The phone's farm book API: the farm area's doors, answering in the action-failure shape (JSON). */
export const middleware: Route.MiddlewareFunction[] = [farmArea, farmDoor];
