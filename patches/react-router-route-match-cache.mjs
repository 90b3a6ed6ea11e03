/**
 * React Router matches a request's path against every route branch in turn until one fits: with each
 * route declared with and without its language prefix that is over a hundred branches, and the server
 * matches each request several times (the request handler, the loaders' or action's handler, the
 * manifest of the page's scripts). This keeps the result per path, for the branch list the server
 * computed once, so a path is matched once per process (ADR 073). Each caller gets its own copies of
 * the match objects and their params, as the original hands out fresh ones. Both of the package's
 * server builds are patched: the ES module the site runs, and the CommonJS one tools may load.
 */
export default {
  package: "react-router",
  version: "7.18.4",
  files: ["dist/development/chunk-OB3PAWPO.mjs", "dist/development/chunk-GR4NQCSD.js"],
  marker: "/* site patch: route match cache */",
  find: `function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {
  let location`,
  replace: `/* site patch: route match cache */
var matchesByBranches = /* @__PURE__ */ new WeakMap();
var MATCH_CACHE_ENTRIES = 500;
function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {
  if (!precomputedBranches || allowPartial) return matchRoutesUncached(routes, locationArg, basename, allowPartial, precomputedBranches);
  let key = (typeof locationArg === "string" ? locationArg : locationArg.pathname || "/") + "\\u0000" + basename;
  let cache = matchesByBranches.get(precomputedBranches);
  if (!cache) matchesByBranches.set(precomputedBranches, cache = new Map());
  let matches = cache.get(key);
  if (matches === void 0) {
    matches = matchRoutesUncached(routes, locationArg, basename, allowPartial, precomputedBranches);
    if (cache.size >= MATCH_CACHE_ENTRIES) cache.delete(cache.keys().next().value);
  } else {
    cache.delete(key);
  }
  cache.set(key, matches);
  return matches && matches.map((match) => ({ ...match, params: { ...match.params } }));
}
function matchRoutesUncached(routes, locationArg, basename, allowPartial, precomputedBranches) {
  let location`,
};
