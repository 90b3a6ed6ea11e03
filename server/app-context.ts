import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { RequestContext } from "~/adapters/context.server";
import type { FoundVisitor } from "~/modules/accounts/route-access.server";

/**
 * React Router's `context` for the app's loaders and actions, made by the server. A context key is known
 * by its identity and the server holds its own copy of the app's modules, so it uses the keys the built
 * app exports from its server entry (app/entry.server.tsx), never its own.
 */
export interface AppContextKeys {
  requestContext: RouterContext<RequestContext>;
  foundVisitorContext: RouterContext<FoundVisitor>;
}

export function appContextKeys(build: ServerBuild): AppContextKeys {
  const { requestContext, foundVisitorContext } = build.entry.module as Partial<AppContextKeys>;
  if (!requestContext || !foundVisitorContext) throw new Error("app/entry.server.tsx must export requestContext and foundVisitorContext");
  return { requestContext, foundVisitorContext };
}

/** A new request's context, as React Router hands it to every loader and action of the request. */
export function newRequestContext(keys: AppContextKeys, values: RequestContext): RouterContextProvider {
  return new RouterContextProvider(new Map([[keys.requestContext, values]]));
}

/**
 * One route's view of its request's context: everything the request's context holds, and what this
 * route's policy found out about the visitor. Loaders of one request run side by side, each with its
 * own policy, so the finding is not written into the shared context.
 */
export class RouteContext extends RouterContextProvider {
  constructor(
    private readonly request: Readonly<RouterContextProvider>,
    private readonly found: { key: RouterContext<FoundVisitor>; visitor: FoundVisitor },
  ) {
    super();
  }

  override get<T>(key: RouterContext<T>): T {
    return key === this.found.key ? (this.found.visitor as T) : this.request.get(key);
  }

  override set<C extends RouterContext>(key: C, value: C extends RouterContext<infer T> ? T : never): void {
    (this.request as RouterContextProvider).set(key, value);
  }
}
