import { createContext, RouterContextProvider } from 'react-router';
import type { ShopRequest } from '#server/request-context';

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
