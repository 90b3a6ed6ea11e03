import { Link as RouterLink, NavLink as RouterNavLink, useLocation, type LinkProps, type NavLinkProps } from "react-router";

/**
 * An address from the root that React Router resolves to itself: `/`, or segments none of which is empty,
 * `.` or `..`, an optional trailing slash, then a query and a fragment that are not bare `?` or `#`. Every
 * link of the site that names a page (`localizePath(…)`) is one.
 */
const PLAIN_ADDRESS = /^(?=\/)(?:\/(?!\.\.?(?:[/?#]|$))[^/?#]+)*\/?(?:\?[^#]+)?(?:#.+)?$/;

// Known when the page is built: the browser build keeps none of the server side below.
const renderedOnTheServer = import.meta.env.SSR;

/**
 * React Router's `<Link>`, written directly on the server when it names a plain address from the root:
 * the same `<a>` React Router's link renders there (its address needs no resolving against the page's
 * routes, and its click and prefetch handlers do nothing on the server), for a fraction of the render's
 * time, so a page of forty links costs less to draw (ADR 096). In the browser, and for any other address
 * or a link that prefetches, reloads the document or masks its address, it is React Router's link.
 * `app/components/ui/link.test.tsx` renders both for the same links and expects the same markup.
 */
export function Link(props: LinkProps) {
  if (!renderedOnTheServer || !isPlainServerLink(props)) return <RouterLink {...props} />;
  // What React Router's link takes for itself and does not write into the `<a>`.
  const { to, target, discover = "render", prefetch: _prefetch, reloadDocument: _reload, mask: _mask, relative: _relative, replace: _replace, state: _state, preventScrollReset: _scroll, viewTransition: _transition, defaultShouldRevalidate: _revalidate, onClick: _onClick, ...rest } = props;
  return <a {...rest} href={to as string} target={target} data-discover={discover === "render" ? "true" : undefined} />;
}

/** Prefetching starts in the browser (on hover, focus or sight) and writes nothing into the server's `<a>`, but "render". */
function isPlainServerLink({ to, prefetch = "none", reloadDocument, mask }: LinkProps): boolean {
  return typeof to === "string" && PLAIN_ADDRESS.test(to) && prefetch !== "render" && !reloadDocument && mask === undefined;
}

/** A plain address whose path React Router's location encoding leaves as it is (the menus' pages). */
const PLAIN_ASCII_ADDRESS = /^[\w/.-]*(?:[?#].*)?$/;

/**
 * React Router's `<NavLink>`, likewise: on the server, for a plain address, the link is marked active as
 * React Router marks it (the page's path is the link's, or below it unless `end`), and written directly.
 */
export function NavLink(props: NavLinkProps) {
  const { to } = props;
  if (!renderedOnTheServer || typeof to !== "string" || !PLAIN_ADDRESS.test(to) || !PLAIN_ASCII_ADDRESS.test(to)) return <RouterNavLink {...props} />;
  return <ServerNavLink {...props} to={to} />;
}

function ServerNavLink({ "aria-current": ariaCurrentProp = "page", caseSensitive = false, className = "", end = false, style, to, viewTransition: _transition, children, ...rest }: NavLinkProps & { to: string }) {
  const location = useLocation();
  const toPathname = caseSensitive ? pathOf(to) : pathOf(to).toLowerCase();
  const here = caseSensitive ? location.pathname : location.pathname.toLowerCase();
  const endSlash = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive = here === toPathname || (!end && here.startsWith(toPathname) && here.charAt(endSlash) === "/");
  const state = { isActive, isPending: false, isTransitioning: false };
  const classes = typeof className === "function" ? className(state) : [className, isActive ? "active" : null].filter(Boolean).join(" ");
  return (
    <Link {...rest} aria-current={isActive ? ariaCurrentProp : undefined} className={classes} style={typeof style === "function" ? style(state) : style} to={to}>
      {typeof children === "function" ? children(state) : children}
    </Link>
  );
}

const pathOf = (address: string) => address.split(/[?#]/, 1)[0]!;
