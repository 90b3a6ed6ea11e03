/**
 * `<Scripts>` writes the same module script for every page of a kind: the imports of the matched routes'
 * modules and, with lazy route discovery, the part of the manifest the page starts with, found by matching
 * the page's parent paths against the routes and written out as indented JSON, on every render. The patch
 * hands that text's making to a function the server may install (`Symbol.for("react-router.scripts")` on
 * globalThis, app/lib/kept-scripts.server.ts), which keeps it by what it depends on; without one (the
 * browser) the text is made as before. Only the call is added, so the browser's scripts grow by a few
 * bytes (ADR 083).
 */
import { REACT_ROUTER_BUILDS } from "./support/react-router-builds.mjs";

export default REACT_ROUTER_BUILDS.flatMap(({ scripts }) => [
  {
    package: "react-router",
    version: "7.18.4",
    files: [scripts],
    marker: "/* site patch: server scripts kept */",
    find: '    let routeModulesScript = !isStatic ? " " : `',
    replace: '    /* site patch: server scripts kept */\n    let routeModulesScript = !isStatic ? " " : (globalThis[Symbol.for("react-router.scripts")] ?? ((...made) => made[4]()))(manifest, router, matches, enableFogOfWar, () => `',
  },
  {
    package: "react-router",
    version: "7.18.4",
    files: [scripts],
    marker: "/* site patch: server scripts kept (end) */",
    find: "\nimport(${JSON.stringify(manifest.entry.module)});`;",
    replace: "\nimport(${JSON.stringify(manifest.entry.module)});`);\n    /* site patch: server scripts kept (end) */",
  },
]);
