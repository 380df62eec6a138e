import { shopperApi } from '~/lib/auth/guards.server';
import type { Route } from './+types/shopper-api';

/**
 * The signed-in shopper's resource routes (the wishlist, the checkout's quote, a closed payment popup):
 * the same door as the shopper's pages (routes/shopper-area.tsx), except that a guest is refused with
 * 401 and the route's own words rather than sent to /login.
 */
export const middleware: Route.MiddlewareFunction[] = [shopperApi];
