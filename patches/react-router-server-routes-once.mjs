/**
 * To render a page, React Router's server turns the build's route table into the routes React renders
 * three times over, on every request: the route modules listed by id, the server routes built from them,
 * and the static router's data routes built from those. All three depend on the build alone, which never
 * changes while the server runs (a development server's new build is a new table). These keep each one
 * per build object, so a page builds none of them again (ADR 075); only the request's own matches are
 * made per request, as before. Both of the package's server builds are patched: the ES modules the site
 * runs, and the CommonJS ones the tests load. Each patch is written once for both
 * (patches/support/react-router-builds.mjs).
 */
import { REACT_ROUTER_BUILDS } from "./support/react-router-builds.mjs";

const patch = (file, marker, find, replace) => ({ package: "react-router", version: "7.18.4", files: [file], marker, find, replace });

export default REACT_ROUTER_BUILDS.flatMap(({ render, router, imported, call }) => [
  patch(
    render,
    "/* site patch: route modules once */",
    `function createEntryRouteModules(manifest) {
  return Object.keys(manifest)`,
    `/* site patch: route modules once */
var entryRouteModulesByBuild = /* @__PURE__ */ new WeakMap();
function createEntryRouteModules(manifest) {
  let modules = entryRouteModulesByBuild.get(manifest);
  if (!modules) entryRouteModulesByBuild.set(manifest, modules = createEntryRouteModulesUncached(manifest));
  return modules;
}
function createEntryRouteModulesUncached(manifest) {
  return Object.keys(manifest)`,
  ),
  patch(
    render,
    "/* site patch: server routes once */",
    `  let routes = ${call("createServerRoutes")}
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    `  /* site patch: server routes once */
  let routes = serverRoutesOnce(manifest.routes, routeModules, context.future, context.isSpaMode);`,
  ),
  patch(
    render,
    "/* site patch: server routes once, the helper */",
    `function ServerRouter({`,
    `/* site patch: server routes once, the helper */
var serverRoutesByModules = /* @__PURE__ */ new WeakMap();
function serverRoutesOnce(manifestRoutes, routeModules, future, isSpaMode) {
  let kept = serverRoutesByModules.get(routeModules);
  if (!kept || kept.manifestRoutes !== manifestRoutes || kept.future !== future || kept.isSpaMode !== isSpaMode) {
    kept = { manifestRoutes, future, isSpaMode, routes: ${imported("createServerRoutes")}(manifestRoutes, routeModules, future, isSpaMode) };
    serverRoutesByModules.set(routeModules, kept);
  }
  return kept.routes;
}
function ServerRouter({`,
  ),
  patch(
    router,
    "/* site patch: static router routes once */",
    `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = ${call("convertRoutesToDataRoutes")}
    routes,
    ${imported("mapRouteProperties")},
    void 0,
    manifest
  );`,
    `/* site patch: static router routes once */
var staticDataRoutesByRoutes = /* @__PURE__ */ new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let kept = staticDataRoutesByRoutes.get(routes);
  if (!kept) {
    let builtManifest = {};
    kept = { dataRoutes: ${imported("convertRoutesToDataRoutes")}(routes, ${imported("mapRouteProperties")}, void 0, builtManifest), manifest: builtManifest };
    staticDataRoutesByRoutes.set(routes, kept);
  }
  let { manifest, dataRoutes } = kept;`,
  ),
]);
