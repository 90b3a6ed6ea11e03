import { renderToString } from "react-dom/server";
import { MemoryRouter, Link as RouterLink, NavLink as RouterNavLink, type LinkProps, type NavLinkProps } from "react-router";
import { describe, expect, it } from "vitest";
import { Link, NavLink } from "./link";

/** A link as React Router renders it on the server, on a page at `at`. */
const routerMarkup = (props: LinkProps, at = "/fr/blog/an-article") => renderToString(<MemoryRouter initialEntries={[at]}><RouterLink {...props} /></MemoryRouter>);
const ownMarkup = (props: LinkProps, at = "/fr/blog/an-article") => renderToString(<MemoryRouter initialEntries={[at]}><Link {...props} /></MemoryRouter>);

describe("Link on the server", () => {
  it.each([
    "/",
    "/blog",
    "/fr/blog/pan-african-trade-networks-afcfta",
    "/blog/",
    "/blog?category=trade&page=2",
    "/blog#comments",
    "/contact?topic=press#form",
    "/sitemap.xml",
    "/images/articles/cover.v2.webp",
  ])("writes %s as React Router's link does, without it", (to) => {
    const props: LinkProps = { to, className: "rounded-full px-3", "aria-label": "Go", target: "_self", rel: "noopener", children: "Blog" };
    expect(ownMarkup(props)).toBe(routerMarkup(props));
    expect(ownMarkup(props)).toContain(`href="${to.replace(/&/g, "&amp;")}"`);
    // Written without React Router: its link cannot render outside a router.
    expect(renderToString(<Link {...props} />)).toBe(ownMarkup(props));
    expect(() => renderToString(<RouterLink {...props} />)).toThrow();
  });

  it.each(["../blog", "blog", "/blog/../about", "/./blog", "//evil.example/x", "https://example.com/", "/blog?", "/blog#", "", "/a//b"])(
    "leaves %s to React Router, which resolves it against the page",
    (to) => {
      expect(ownMarkup({ to, children: "x" })).toBe(routerMarkup({ to, children: "x" }));
      expect(() => renderToString(<Link to={to}>x</Link>)).toThrow();
    },
  );

  it("matches React Router for links that prefetch, reload the document, or say not to discover", () => {
    for (const props of [{ prefetch: "intent" }, { prefetch: "viewport" }, { prefetch: "render" }, { reloadDocument: true }, { discover: "none" }, { to: { pathname: "/blog", search: "?q=x" } }] as Partial<LinkProps>[]) {
      const link = { to: "/blog", children: "Blog", ...props } as LinkProps;
      expect(ownMarkup(link)).toBe(routerMarkup(link));
    }
  });
});

describe("NavLink on the server", () => {
  const navMarkup = (props: NavLinkProps, at: string, Component: typeof NavLink | typeof RouterNavLink) => renderToString(<MemoryRouter initialEntries={[at]}><Component {...props} /></MemoryRouter>);

  it.each([
    ["/blog", "/blog", true],
    ["/blog", "/blog/an-article", false],
    ["/blog", "/BLOG", true],
    ["/fr", "/fr", true],
    ["/", "/", true],
    ["/about", "/blog", false],
    ["/blog/", "/blog/x", true],
  ] as const)("marks %s on %s as React Router does", (to, at, end) => {
    for (const props of [
      { to, end, children: "Blog", className: "px-3", prefetch: "intent" },
      { to, end, children: "Blog", className: ({ isActive }) => (isActive ? "here" : "there") },
      { to, children: ({ isActive }) => (isActive ? "Here" : "There"), style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }) },
    ] as NavLinkProps[]) {
      expect(navMarkup(props, at, NavLink)).toBe(navMarkup(props, at, RouterNavLink));
    }
  });
});
