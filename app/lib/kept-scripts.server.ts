/**
 * The module script `<Scripts>` writes into a page depends on the build's manifest, the matched routes and,
 * with lazy route discovery, the page's parent paths (the routes they match start the page's manifest), and
 * on nothing else: the server keeps it by those and writes it once per kind of page instead of on every
 * render (patches/react-router-server-scripts.mjs, ADR 083). `keepScriptsOnTheServer` is called by
 * app/entry.server.tsx; the browser installs nothing and makes the text itself.
 */
const SCRIPTS_MAKER = Symbol.for("react-router.scripts");

/** Far more than the site's kinds of page; addresses made up by visitors (404s) cannot grow it without end. */
const MOST_KEPT = 1000;

interface RouterLike {
  basename?: string;
  state: { location: { pathname: string }; matches: Array<{ route: { id: string } }> };
}

const keptByManifest = new WeakMap<object, Map<string, string>>();

export function keepScriptsOnTheServer(): void {
  (globalThis as Record<symbol, unknown>)[SCRIPTS_MAKER] = keptScripts;
}

export function keptScripts(manifest: object, router: RouterLike, matches: Array<{ route: { id: string } }>, lazyDiscovery: boolean, make: () => string): string {
  let kept = keptByManifest.get(manifest);
  if (!kept) keptByManifest.set(manifest, (kept = new Map()));
  const key = scriptsKey(router, matches, lazyDiscovery);
  let script = kept.get(key);
  if (script === undefined) {
    if (kept.size >= MOST_KEPT) kept.clear();
    kept.set(key, (script = make()));
  }
  return script;
}

/** The routes written out, and the ones whose manifest the page starts with: its own and its parent paths'. */
function scriptsKey(router: RouterLike, matches: Array<{ route: { id: string } }>, lazyDiscovery: boolean): string {
  const ids = (list: Array<{ route: { id: string } }>) => list.map((match) => match.route.id).join("\u0000");
  if (!lazyDiscovery) return ids(matches);
  const parents = router.state.location.pathname.split("/").filter(Boolean).slice(0, -1).join("/");
  return `${ids(matches)}\u0001${ids(router.state.matches)}\u0001${parents}\u0001${router.basename ?? ""}`;
}
