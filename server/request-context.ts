import type { Services } from './services';

/**
 * What the server hands every request (server/app.ts): the app reads it in loaders, actions and
 * middleware through the router's context, `shop(context).services` (app/lib/context.ts, decision 035).
 * It is the server's, as the services are: the app imports the server's contract, never the reverse
 * (decision 057).
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
