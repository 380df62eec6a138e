import { createContext, RouterContextProvider } from 'react-router';
import type { Services } from '#server/services';

/**
 * What the server hands every request (server/app.ts), read in loaders, actions and middleware through
 * the router's context (`future.v8_middleware`, docs/decisions/035): `shop(context).services`.
 */
export interface ShopRequest {
  services: Services;
  cspNonce: string;
  /** The client address the server trusts (socket, or X-Forwarded-For behind TRUST_PROXY). */
  clientIp: string;
  /** Adds a Set-Cookie header to this request's response, whatever the route answers. */
  appendSetCookie(cookie: string): void;
  /** What went wrong while answering this request, for the status the server sends (entry.server.tsx). */
  requestState: RequestState;
}

export interface RequestState {
  databaseUnavailable: boolean;
  /** Set by a page the same for every signed-in visitor of one kind (app/lib/cache.server.ts). */
  sharedWithSignedIn?: boolean;
  /**
   * Set whenever anything of who the visitor is was read (app/lib/auth/session.server.ts): such a page is
   * never shared, whatever its route declared.
   */
  readsVisitor?: boolean;
}

/** The context loaders, actions and middleware are given. */
export type ShopContext = Readonly<RouterContextProvider>;

const shopRequestContext = createContext<ShopRequest>();

/** The context of one request, as the server makes it. */
export function shopContext(request: ShopRequest): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(shopRequestContext, request);
  return context;
}

/** What the server handed this request: its services, nonce, client address and state. */
export function shop(context: ShopContext): ShopRequest {
  return context.get(shopRequestContext);
}
