import type { ServerBuild } from "react-router";
import { declaredPolicy } from "~/route-table";
import { SAMPLE_ARTICLE, SAMPLE_EPISODE } from "./routes";

/**
 * A value for each parameter of a kept route's path on the sample site, by the segment before it (or alone).
 * A kept route with a parameter not named here fails the caller, so a new page is given an address rather
 * than left out.
 */
const SAMPLE_VALUES: Record<string, string> = {
  "blog/:slug": SAMPLE_ARTICLE,
  "podcast/:slug": SAMPLE_EPISODE,
  ":lang": "fr",
};

/** Kept routes with no page on the sample site, and why. */
const NOT_ON_THE_SAMPLE_SITE: Record<string, string> = {
  "/sitemaps/:file": "the sitemap is split into numbered parts past 50,000 addresses (app/routes/sitemap.ts)",
  "/podcast/:slug/transcript.vtt": "no sample episode has a timed transcript",
  "/podcast/:slug/transcript.srt": "no sample episode has a timed transcript",
  "/podcast/:slug/chapters.json": "no sample episode has chapters",
};

/**
 * One address for each route of the build whose policy has a cache rule (app/lib/route-policies.ts), in its
 * unprefixed (English) form: every kind of page the anonymous page cache keeps, derived from the routes.
 */
export function keptPageAddresses(build: ServerBuild): string[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const parents = new Set(routes.map((route) => route.parentId));
  const addresses = new Set<string>();
  for (const route of routes) {
    if (parents.has(route.id) || !declaredPolicy(route.id)?.cache) continue;
    const address = sampleAddress(pathOf(route.id, build));
    if (address !== null) addresses.add(address);
  }
  return [...addresses];
}

/** A route's whole path pattern, its parents' paths before its own. */
function pathOf(id: string | undefined, build: ServerBuild): string[] {
  const route = id === undefined ? undefined : build.routes[id];
  if (!route) return [];
  return [...pathOf(route.parentId, build), ...(route.path ?? "").split("/").filter(Boolean)];
}

/** The route's address on the sample site, its optional language prefix left out; null when the site has none. */
function sampleAddress(segments: string[]): string | null {
  const pattern = `/${segments.join("/")}`;
  if (Object.hasOwn(NOT_ON_THE_SAMPLE_SITE, pattern)) return null;
  const filled = segments
    .filter((segment) => !(segment.startsWith(":") && segment.endsWith("?")))
    .map((segment, index, kept) => {
      if (!segment.startsWith(":")) return segment;
      const key = [`${kept[index - 1]}/${segment}`, segment].find((name) => Object.hasOwn(SAMPLE_VALUES, name));
      if (!key) throw new Error(`No sample value for ${segment} in ${pattern}: add one to SAMPLE_VALUES (tests/support/kept-page-addresses.ts)`);
      return SAMPLE_VALUES[key]!;
    });
  return `/${filled.join("/")}`;
}
