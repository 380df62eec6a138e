import type { Services } from '#server/services';

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    cspNonce: string;
    /** The client address the server trusts (socket, or X-Forwarded-For behind TRUST_PROXY). */
    clientIp: string;
    /** Adds a Set-Cookie header to this request's response, whatever the route answers. */
    appendSetCookie(cookie: string): void;
    /** What went wrong while answering this request, for the status the server sends (entry.server.tsx). */
    requestState: {
      databaseUnavailable: boolean;
      /** Set by a page the same for every signed-in visitor of one kind (app/lib/cache.server.ts). */
      sharedWithSignedIn?: boolean;
      /**
       * Set whenever anything of who the visitor is was read (app/lib/auth.server.ts): such a page is
       * never shared, whatever its route declared.
       */
      readsVisitor?: boolean;
    };
  }
}

export {};
