import { createContext, type RouterContextProvider } from "react-router";
import type { RequestContext } from "~/adapters/context.server";
import type { Authorised, FoundVisitor } from "~/modules/accounts/route-access.server";
import type { AdminAccess } from "~/modules/accounts/admin-mode.server";

/**
 * What a loader or action reads from React Router's `context`: `context.get(requestContext)` for the
 * request's services and values, `authorisedVisitor(context)` or `adminStanding(context)` for what the
 * route's policy found. A key is known by its identity and the server holds its own copy of the app's
 * modules, so the server takes these keys from the build (app/entry.server.tsx exports them; read by
 * server/app-context.ts), never from its own copy of this file.
 */
export const requestContext = createContext<RequestContext>();

/** What the route's policy found out about the visitor; the server sets it for one route at a time. */
export const foundVisitorContext = createContext<FoundVisitor>({});

type RouteContext = Readonly<RouterContextProvider>;

/** The visitor the route's signedIn or admin policy let through (a route declared otherwise has none: a programming error). */
export function authorisedVisitor(context: RouteContext): Authorised {
  const visitor = context.get(foundVisitorContext).authorised;
  if (!visitor) throw new Error("No authorised visitor: declare this route signedIn or admin in the route table, app/route-table.ts");
  return visitor;
}

/** Where the visitor of a `page` route stands with the admin area, as its policy found it. */
export function adminStanding(context: RouteContext): AdminAccess {
  const standing = context.get(foundVisitorContext).adminStanding;
  if (!standing) throw new Error("No admin standing: declare this route's read policy as page in the route table, app/route-table.ts");
  return standing;
}
