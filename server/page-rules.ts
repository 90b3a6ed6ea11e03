import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { FillRule } from "~/adapters/pages/page-cache.server";
import { canonicalAddress } from "~/lib/page-cache-rules";
import { declaredPolicy } from "~/lib/route-policies";

/** How a request for a page is filed in the cache: its key (also the address it is rendered from) and its rule. */
export interface PageFiling {
  key: string;
  rule: FillRule;
}

/**
 * Files page requests by the cache rule of the route that answers them (app/lib/route-policies.ts):
 * undefined for a route without one (it is never kept) or an address no route but the 404 answers.
 * The routes are matched as React Router matches them, once per page that is not in the cache yet.
 */
export function pageFiler(build: ServerBuild): (pathname: string, search: string) => PageFiling | undefined {
  const routes = routeTree(build.routes);
  return (pathname, search) => {
    // React Router's own endpoint (lazy route discovery) reads its whole query; it is no page.
    if (pathname.endsWith(MANIFEST_PATH)) return undefined;
    const matches = matchRoutes(routes, pagePathOf(pathname));
    const route = matches?.at(-1)?.route;
    const cache = route?.id ? declaredPolicy(route.id)?.cache : undefined;
    if (!cache) return undefined;
    return { key: canonicalAddress(pathname, search, cache.query), rule: { pathname, query: cache.query, changedBy: cache.changedBy } };
  };
}

/** Where React Router's client asks for the routes of links it discovers (its default `manifestPath`). */
const MANIFEST_PATH = "/__manifest";

/** The page a path names: a data request's (/blog.data, /_root.data, /fr.data) or its own. */
function pagePathOf(pathname: string): string {
  return pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
}

function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const object = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(object);
    children.set(route.parentId, siblings);
  }
  const attach = (route: RouteObject): RouteObject => (route.index ? route : { ...route, children: (children.get(route.id) ?? []).map(attach) });
  return (children.get(undefined) ?? []).map(attach);
}
