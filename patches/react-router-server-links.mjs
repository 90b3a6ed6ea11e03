/**
 * A link rendered on the server is its `<a>` alone: the click handler, the prefetching on intent and the
 * navigation hooks React Router's `<Link>` sets up on every render only matter in a browser, and on the
 * server they cost more than the rest of the link (three resolutions of its path per link, and a page has
 * forty links). Without a document, this renders the very element the full link renders, with the same
 * attributes in the same order, so hydration finds what it expects (ADR 075). Masked links keep the
 * full path. Both of the package's builds are patched: the ES module the site runs, the CommonJS one
 * the tests load.
 */
import { REACT_ROUTER_BUILDS } from "./support/react-router-builds.mjs";

export default REACT_ROUTER_BUILDS.map(({ router, react, imported, call }) => ({
  package: "react-router",
  version: "7.18.4",
  files: [router],
  marker: "/* site patch: links rendered on the server */",
  find: `  }, forwardedRef) {
    let { basename, navigator, useTransitions } = ${react}.useContext(${imported("NavigationContext")});`,
  replace: `  }, forwardedRef) {
    /* site patch: links rendered on the server */
    if (typeof document === "undefined" && !mask) {
      let parsed = ${call("parseToInfo")}to, ${react}.useContext(${imported("NavigationContext")}).basename);
      let href = ${call("useHref")}parsed.to, { relative });
      let isAbsolute = typeof to === "string" && ${imported("ABSOLUTE_URL_REGEX")}.test(to);
      return ${react}.createElement("a", { ...rest, href: parsed.absoluteURL || href, target, "data-discover": !isAbsolute && discover === "render" ? "true" : void 0 });
    }
    let { basename, navigator, useTransitions } = ${react}.useContext(${imported("NavigationContext")});`,
}));
