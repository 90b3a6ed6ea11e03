/**
 * On the server, a link to an address from the site's root ("/fr/blog/some-article") resolves to the same
 * href on every page: React Router still resolves it against the page's matched routes on every render
 * (the routes' paths written out as JSON and read back, the path split and joined), for each of the forty
 * links of a page. Without a document, a `<Link>` or `<NavLink>` to such an address takes its resolved path
 * from a map kept by the address and basename; any other address (relative, an object, another site)
 * resolves as before. The markup is the same (tests/integration/server-links.test.ts compares it with the
 * browser's). Applied after react-router-server-links.mjs, whose server branch it changes (ADR 081).
 */
import { REACT_ROUTER_BUILDS } from "./support/react-router-builds.mjs";

const MARKER = "/* site patch: server paths kept */";

export default REACT_ROUTER_BUILDS.flatMap(({ router, react, imported, call }) => {
  /** The resolved path of an address from the root, kept; undefined for any other address. */
  const keptPath = `function keptServerPath(to, basename) {
  if (typeof document !== "undefined" || typeof to !== "string" || to[0] !== "/" || to[1] === "/" || to[1] === "\\\\") return void 0;
  let paths = keptServerPaths.get(basename);
  if (!paths) keptServerPaths.set(basename, paths = /* @__PURE__ */ new Map());
  let path = paths.get(to);
  if (!path) {
    path = ${call("resolveTo")}to, [], "/", false);
    if (basename !== "/") path.pathname = path.pathname === "/" ? basename : ${imported("joinPaths")}([basename, path.pathname]);
    // A few hundred addresses on a site; a page that makes up new ones (a search) cannot grow the map without end.
    if (paths.size >= 5000) paths.clear();
    paths.set(to, path = Object.freeze(path));
  }
  return path;
}
var keptServerPaths = /* @__PURE__ */ new Map();
`;
  return [
    {
      package: "react-router",
      version: "7.18.4",
      files: [router],
      marker: MARKER,
      find: `var Link = ${react}.forwardRef(`,
      replace: `${MARKER}\n${keptPath}var Link = ${react}.forwardRef(`,
    },
    {
      package: "react-router",
      version: "7.18.4",
      files: [router],
      marker: "/* site patch: server paths kept (links) */",
      find: `      let parsed = ${call("parseToInfo")}to, ${react}.useContext(${imported("NavigationContext")}).basename);
      let href = ${call("useHref")}parsed.to, { relative });`,
      replace: `      /* site patch: server paths kept (links) */
      let basename = ${react}.useContext(${imported("NavigationContext")}).basename;
      let kept = keptServerPath(to, basename);
      let parsed = kept ? { to } : ${call("parseToInfo")}to, basename);
      let href = kept ? ${call("createPath")}kept) : ${call("useHref")}parsed.to, { relative });`,
    },
    {
      package: "react-router",
      version: "7.18.4",
      files: [router],
      marker: "/* site patch: server paths kept (nav links) */",
      find: `    let path = ${call("useResolvedPath")}to, { relative: rest.relative });`,
      replace: `    /* site patch: server paths kept (nav links) */
    let path = keptServerPath(to, ${react}.useContext(${imported("NavigationContext")}).basename) ?? ${call("useResolvedPath")}to, { relative: rest.relative });`,
    },
  ];
});
