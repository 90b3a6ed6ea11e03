import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { FillRule } from "~/adapters/pages/page-cache.server";
import { canonicalAddress } from "~/lib/page-cache-rules";
import { declaredPolicy } from "~/route-table";

/**
 * How an anonymous visitor's GET is met: a page its route keeps (`kept`: its key, which is also the
 * address it is rendered from, and its rule), a page its route keeps for nobody (`page`: a 404, a
 * sign-in page), or anything else (undefined: a file, a feed of a route without a rule, React
 * Router's own endpoint), which streams past the cache.
 */
export type PageFiling = { kind: "kept"; key: string; rule: FillRule; page: boolean } | { kind: "page" };

/**
 * Files requests by the cache rule of the route that answers them (app/route-table.ts). The
 * routes are matched as React Router matches them, once per request the cache cannot answer. A kept
 * page (`page`: its route renders one, where a feed or a sitemap does not) is also what render threads
 * may draw: the one list of public pages, read by the cache and the threads alike.
 */
export function pageFiler(build: ServerBuild): (pathname: string, search: string) => PageFiling | undefined {
  const { routes, pages } = routeTree(build.routes);
  return (pathname, search) => {
    // React Router's own endpoint (lazy route discovery) reads its whole query; it is no page.
    if (pathname.endsWith(MANIFEST_PATH)) return undefined;
    const route = matchRoutes(routes, pagePathOf(pathname))?.at(-1)?.route;
    if (!route?.id) return undefined;
    const cache = declaredPolicy(route.id)?.cache;
    if (!cache) return pages.has(route.id) ? { kind: "page" } : undefined;
    const rule = { pathname, query: cache.query, values: cache.values, changedBy: cache.changedBy };
    return { kind: "kept", key: canonicalAddress(pathname, search, cache), rule, page: pages.has(route.id) };
  };
}

/** Where React Router's client asks for the routes of links it discovers (its default `manifestPath`). */
const MANIFEST_PATH = "/__manifest";

/** The page a path names: a data request's (/blog.data, /_root.data, /fr.data) or its own. */
function pagePathOf(pathname: string): string {
  return pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
}

/** The build's routes as a tree React Router can match, and the ids of those that render a page. */
function routeTree(built: ServerBuild["routes"]): { routes: RouteObject[]; pages: Set<string> } {
  const children = new Map<string | undefined, RouteObject[]>();
  const pages = new Set<string>();
  for (const route of Object.values(built)) {
    if (!route) continue;
    if (route.module.default) pages.add(route.id);
    const object = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(object);
    children.set(route.parentId, siblings);
  }
  const attach = (route: RouteObject): RouteObject => (route.index ? route : { ...route, children: (children.get(route.id) ?? []).map(attach) });
  return { routes: (children.get(undefined) ?? []).map(attach), pages };
}
