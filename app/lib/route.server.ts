import { data, type HeadersFunction, type Params } from 'react-router';
import { $ZodError, type $ZodType, type output } from 'zod/v4/core';
import { readQuery } from '#core/list-query';
import type { AdminActor } from '#core/roles';
import { Invalid } from '#core/errors';
import type { Services } from '#server/services';
import { formAction, jsonAction } from './actions.server';
import type { FarmAccess } from '#core/farm/farms';
import type { Seller } from '#core/sellers/service';
import { farmerOf, farmOf } from './auth/farm-door.server';
import { sellerOf } from './auth/seller-door.server';
import { adminOf, shopperOf, shopperOrGuestOf } from './auth/guards.server';
import { getSessionUser, type SessionUser } from './auth/session.server';
import { requireFreshSession } from './auth/fresh.server';
import { shop, type ShopContext } from './context';
import { errorResponse, orThrowResponse } from './errors.server';
import { sharedCatalogueHeaders } from './cache.server';

/**
 * The one shape of a loader and an action (STYLE §12): say who may ask, what the address or the form
 * carries, and what to do —
 *
 *   export const loader = load({ auth: 'shopper', query: OrdersQuery, run: ({ user, query, services }) => … });
 *   export const action = act({ auth: 'admin', form: ProductActionSchema, run: ({ admin, input, services }) => … });
 *
 * `auth` does not check anything itself: the area's door did (middleware, app/lib/auth/guards.server.ts);
 * it names who the door let in and hands them to `run`. A domain error `run` throws is answered by the
 * mapper (app/lib/errors.server.ts): a loader's with the route's error boundary. The query is read with its zod schema (an
 * unreadable address is a 400 with the schema's words; a list's schema falls back to its defaults
 * instead, core/list-query.ts); a form or JSON body goes through `formAction`/`jsonAction`, so every
 * action answers in the one action contract.
 */
export type Access =
  /** Under the admin area's door: the administrator. */
  | 'admin'
  /** Under the signed-in shopper's door: the shopper. */
  | 'shopper'
  /** Under the shopper's door, on a page that shows guests its own sign-in screen: the shopper or null. */
  | 'shopper-or-guest'
  /** A public page that shows a signed-in visitor something of their own: the visitor or null. */
  | 'visitor'
  /** A public page or resource: nobody in particular. */
  | 'public'
  /** Under the farm area's door (/farm): the signed-in user keeping a farm book. */
  | 'farmer'
  /** Under a farm's door (/farm/:farmId): the user and the farm, as its owner or one of its workers. */
  | 'farm'
  /** Under the seller's door (/seller): the user and their seller account. */
  | 'seller';

type Who<A extends Access> = A extends 'admin'
  ? { admin: AdminActor }
  : A extends 'seller'
    ? { user: SessionUser; seller: Seller }
    : A extends 'farm'
      ? { user: SessionUser; farm: FarmAccess }
      : A extends 'farmer'
        ? { user: SessionUser }
        : A extends 'shopper'
          ? { user: SessionUser }
          : A extends 'shopper-or-guest' | 'visitor'
            ? { user: SessionUser | null }
            : object;

interface RouteArgs {
  request: Request;
  params: Params;
  context: ShopContext;
}

/** What `run` is given besides who asks: the request, its route's params and the server's services. */
export interface RunArgs extends RouteArgs {
  services: Services;
  /** The client address the server trusts (socket, or X-Forwarded-For behind TRUST_PROXY). */
  clientIp: string;
}

/** How a loader reads its address: a zod schema, or a core parser for a richer one (the catalogue's filters). */
type QueryReader = $ZodType | ((params: URLSearchParams) => unknown);

type Query<S> = S extends $ZodType
  ? { query: output<S> }
  : S extends (params: URLSearchParams) => infer Q
    ? { query: Q }
    : object;

async function who(access: Access, { request, context }: RouteArgs): Promise<Record<string, unknown>> {
  switch (access) {
    case 'admin':
      return { admin: adminOf(context) };
    case 'shopper':
      return { user: shopperOf(context) };
    case 'shopper-or-guest':
      return { user: shopperOrGuestOf(context) };
    case 'visitor':
      return { user: await getSessionUser(request, context) };
    case 'public':
      return {};
    case 'farmer':
      return { user: farmerOf(context) };
    case 'farm':
      return { user: farmerOf(context), farm: farmOf(context) };
    case 'seller':
      return sellerOf(context);
  }
}

async function runArgs(access: Access, args: RouteArgs): Promise<RunArgs> {
  const { services, clientIp } = shop(args.context);
  return { ...args, services, clientIp, ...(await who(access, args)) };
}

/**
 * The address's query: a core parser is given the search parameters as they are; a zod schema reads
 * them by readQuery (a name given twice counts once), and one that does not catch what it cannot
 * read answers a 400 with its words.
 */
function queryOf(reader: QueryReader, request: Request): unknown {
  const params = new URL(request.url).searchParams;
  if (typeof reader === 'function') return reader(params);
  try {
    return readQuery(reader, params);
  } catch (error) {
    if (!(error instanceof $ZodError)) throw error;
    throw errorResponse(new Invalid(error.issues[0]?.message ?? 'This address is not valid.'));
  }
}

/** A loader: who may ask (`auth`), what the address carries (`query`), and what it answers (`run`). */
export function load<A extends Access, T, S extends QueryReader | undefined = undefined>(spec: {
  auth: A;
  query?: S;
  run: (args: RunArgs & Who<A> & Query<S>) => Promise<T> | T;
}): (args: RouteArgs) => Promise<T> {
  return async (args) => {
    const base = await runArgs(spec.auth, args);
    const query = spec.query ? { query: queryOf(spec.query, args.request) } : {};
    return orThrowResponse(async () => spec.run({ ...base, ...query } as RunArgs & Who<A> & Query<S>));
  };
}

/**
 * A catalogue page's loader (the home page, the category landings, the product list, search, a product,
 * the recipes): public, and the same page for every visitor of one kind, so it answers with the shared
 * catalogue headers (app/lib/cache.server.ts). `run` says only what the page reads; the route exports
 * `headers = loaderHeaders` beside it so those headers reach the response.
 */
export function loadCatalogue<T, S extends QueryReader | undefined = undefined>(spec: {
  query?: S;
  run: (args: RunArgs & Query<S>) => Promise<T> | T;
}) {
  return load({
    auth: 'public',
    query: spec.query,
    run: async (args: RunArgs & Query<S>) =>
      data(await spec.run(args), { headers: sharedCatalogueHeaders(args.request, args.context) }),
  });
}

/** A route's `headers` that answers with its loader's (a catalogue page's cache headers). */
export const loaderHeaders: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

type FormSpec<A extends Access, S extends $ZodType, T> = {
  auth: A;
  /** The form's zod schema (core/<domain>/schemas.ts); a multi-action screen's is a union on `intent`. */
  form: S;
  run: (args: RunArgs & Who<A> & { input: output<S>; form: FormData }) => Promise<T>;
  /** How a refused form is worded for a caller that has no fields to mark (an API a fetcher posts to). */
  invalidMessage?: string;
  /**
   * Which of its forms move money or power (issue 52 §2): those need a session whose password was typed
   * within the last 10 minutes, or the password posted with them (core/accounts/fresh.ts).
   */
  fresh?: (input: output<S>) => boolean;
};

type JsonSpec<A extends Access, S extends $ZodType, T> = {
  auth: A;
  /** The JSON body's zod schema. */
  json: S;
  run: (args: RunArgs & Who<A> & { input: output<S> }) => Promise<T>;
  /** The title of a refused body's error. */
  errorTitle?: string;
};

/** An action: who may post (`auth`), its form or JSON body (`form` | `json`), and what it does (`run`). */
export function act<A extends Access, S extends $ZodType, T extends object | Response | void>(
  spec: FormSpec<A, S, T>,
): (args: RouteArgs) => ReturnType<typeof formAction<S, T>>;
export function act<A extends Access, S extends $ZodType, T extends object | Response | void>(
  spec: JsonSpec<A, S, T>,
): (args: RouteArgs) => ReturnType<typeof jsonAction<S, T>>;
export function act<A extends Access, S extends $ZodType, T extends object | Response | void>(
  spec: FormSpec<A, S, T> | JsonSpec<A, S, T>,
) {
  return async (args: RouteArgs) => {
    const base = (await runArgs(spec.auth, args)) as RunArgs & Who<A>;
    if ('json' in spec) {
      return jsonAction(args.request, spec.json, (input) => spec.run({ ...base, input }), {
        errorTitle: spec.errorTitle,
      });
    }
    const { fresh } = spec;
    return formAction(
      args.request,
      spec.form,
      async (input, form) => {
        if (fresh?.(input)) await requireFreshSession(args.request, args.context, form);
        return spec.run({ ...base, input, form });
      },
      { invalidMessage: spec.invalidMessage },
    );
  };
}
