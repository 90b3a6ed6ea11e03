import type { HeadersFunction, LoaderFunctionArgs, ServerBuild } from "react-router";
import type { Policy, RoutePolicy } from "~/lib/route-policies";
import { declaredPolicy } from "~/route-table";
import { actorOf } from "~/modules/audit/audit.server";
import { decideAccess } from "~/modules/accounts/route-access.server";
import { appContextKeys, RouteContext, type AppContextKeys } from "./app-context";
import { answeredSuccess, policyHeaders, refusalAnswer, withPolicyHeaders, type RouteKind } from "./policy-answers";
import { PRIVATE_NO_STORE } from "~/lib/plain-answers";

/**
 * The route policies declared in the route table (app/route-table.ts) put to work: at start every loader and
 * action of the server build is wrapped so that its policy decides first (refusing with the status
 * and security event it names) and its answer carries the caching headers the policy gives. Route
 * modules hold no guard of their own; they read the visitor the policy let through.
 */

type Routes = ServerBuild["routes"];
type Route = NonNullable<Routes[string]>;
type Handler = (args: LoaderFunctionArgs, context?: unknown) => unknown;

export class RoutePolicyError extends Error {
  override name = "RoutePolicyError";
}

/** The route's URL pattern without the language prefix ("/admin/moderation"): the resource its security events name. */
function resourceOf(routes: Routes, route: Route): string {
  const parts: string[] = [];
  for (let at: Route | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
    if (at.path) parts.unshift(...at.path.split("/"));
  }
  return `/${parts.filter((part) => part !== ":lang?" && part !== ":lang").join("/")}`;
}

/**
 * Throws, naming each route, when a route of the build has no declared policy, has an action its
 * policy does not cover (or a write policy and no action), or is guarded on reading but has no loader
 * to guard. The server calls it before it listens, so such a build never serves a request.
 */
export function checkRoutePolicies(routes: Routes, policyOf: (routeId: string) => RoutePolicy | undefined = declaredPolicy): void {
  const problems: string[] = [];
  const layouts = new Set(Object.values(routes).map((route) => route?.parentId));
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const policy = policyOf(route.id);
    const name = `"${route.id}" (${resourceOf(routes, route)})`;
    if (!policy) problems.push(`${name} has no policy`);
    else if (route.module.action && !policy.write) problems.push(`${name} has an action but no write policy`);
    else if (!route.module.action && policy.write) problems.push(`${name} has a write policy but no action`);
    else if (policy.read !== "public" && !route.module.loader) problems.push(`${name} is ${policy.read} but has no loader to guard`);
    else if (policy.read === "public" && route.module.default && !layouts.has(route.id) && !policy.cache && !policy.personal) {
      problems.push(`${name} is a public page in no list: give it a cache rule, or say why it is personal`);
    }
  }
  if (problems.length > 0) {
    throw new RoutePolicyError(`Every route needs its line in the route table, app/route-table.ts:\n  ${problems.join("\n  ")}`);
  }
}

/** The build with every route's loader and action behind its declared policy (checked first). */
export function guardBuild(build: ServerBuild): ServerBuild {
  checkRoutePolicies(build.routes);
  const keys = appContextKeys(build);
  const routes: Routes = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (route) routes[id] = { ...route, module: guardModule(route, { policy: declaredPolicy(id)!, resource: resourceOf(build.routes, route), keys }) };
  }
  return { ...build, routes };
}

/** The same for a build loaded per request (the development server), wrapped once per build. */
export function guardBuildLoader(load: () => Promise<ServerBuild>): () => Promise<ServerBuild> {
  const guarded = new WeakMap<ServerBuild, ServerBuild>();
  return async () => {
    const build = await load();
    let safe = guarded.get(build);
    if (!safe) guarded.set(build, (safe = guardBuild(build)));
    return safe;
  };
}

function guardModule(route: Route, declared: Pick<Guarded, "policy" | "resource" | "keys">): Route["module"] {
  const { module } = route;
  const kind: RouteKind = module.default ? "page" : "file";
  const guarded = { ...module };
  if (module.loader) guarded.loader = guard(module.loader as Handler, { ...declared, method: "read", kind }) as typeof module.loader;
  if (module.action) guarded.action = guard(module.action as Handler, { ...declared, method: "write", kind }) as typeof module.action;
  if (kind === "page") guarded.headers = carryPolicyHeaders(module.headers);
  return guarded;
}

interface Guarded {
  policy: RoutePolicy;
  method: "read" | "write";
  kind: RouteKind;
  resource: string;
  keys: AppContextKeys;
}

function guard(handler: Handler, { policy, method, kind, resource, keys }: Guarded): Handler {
  const rule = (method === "read" ? policy.read : policy.write) as Policy;
  const messages = policy.messages?.[method];
  const changes = method === "write" ? policy.changes : undefined;
  return async (args, handlerContext) => {
    const { request, context, params } = args;
    const { services, clientIp } = context.get(keys.requestContext);
    const headers = policyHeaders(rule, kind, request);
    const decision = await decideAccess(services, request, actorOf({ clientIp }, request), { policy: rule, resource, messages });
    if (decision.kind !== "allow") return refusalAnswer({ decision, kind, method, policy, params, headers });
    let answer: unknown;
    try {
      const routeContext = decision.found ? new RouteContext(context, { key: keys.foundVisitorContext, visitor: decision.found }) : context;
      answer = await handler({ ...args, context: routeContext }, handlerContext);
    } catch (thrown) {
      if (changes && answeredSuccess(thrown) && thrown instanceof Response) await services.pageChanges.changed(changes, services.now());
      throw withPolicyHeaders(thrown, headers);
    }
    // Before the answer leaves, so the page its visitor opens next (and everyone's) shows the change.
    if (changes && answeredSuccess(answer)) await services.pageChanges.changed(changes, services.now());
    return withPolicyHeaders(answer, headers, decision.status);
  };
}

/**
 * A page's `headers`: its own (or, without one, its parent's, as React Router does) plus the caching
 * headers its loader, action or error answer carried, so the HTML and data responses keep them.
 */
function carryPolicyHeaders(own: Route["module"]["headers"]): HeadersFunction {
  return (args) => {
    const headers = new Headers(typeof own === "function" ? own(args) : own ?? args.parentHeaders);
    const answers = [args.parentHeaders, args.loaderHeaders, args.actionHeaders, args.errorHeaders];
    if (answers.some((answer) => answer?.get("Cache-Control") === PRIVATE_NO_STORE)) headers.set("Cache-Control", PRIVATE_NO_STORE);
    headers.set("Vary", "Cookie");
    return headers;
  };
}
