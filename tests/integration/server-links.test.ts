import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Link, NavLink, StaticRouterProvider, type StaticHandlerContext } from "react-router";
import { describe, expect, it } from "vitest";
import linkPatches from "../../patches/react-router-server-links.mjs";
import pathPatches from "../../patches/react-router-server-paths.mjs";

const patches = [...linkPatches, ...pathPatches];

// React Router's <Link> rendered on the server without its browser-only hooks (patches/react-router-server-links.mjs, ADR 075).
const LINKS: ReactNode[] = [
  createElement(Link, { to: "/es/blog", className: "nav" }, "Blog"),
  createElement(Link, { to: "/blog?page=2#list", prefetch: "intent", "aria-label": "Page 2" }, "2"),
  createElement(Link, { to: "https://example.org/page", target: "_blank", rel: "noopener" }, "out"),
  createElement(Link, { to: "../about", relative: "path", reloadDocument: true }, "about"),
  createElement(Link, { to: { pathname: "/cart", search: "?x=1" }, discover: "none", replace: true, preventScrollReset: true }, "cart"),
  createElement(NavLink, { to: "/fr/blog/one", end: true, className: ({ isActive }: { isActive: boolean }) => (isActive ? "on" : "off") }, "one"),
  createElement(NavLink, { to: "/fr/blog", prefetch: "intent" }, "blog"),
  // Addresses from the root, whose resolved paths the server keeps (patches/react-router-server-paths.mjs).
  createElement(Link, { to: "/" }, "home"),
  createElement(Link, { to: "/fr/podcast/", className: "slash" }, "podcast"),
  createElement(Link, { to: "/fr//blog/./one?" }, "odd"),
  createElement(NavLink, { to: "/fr/blog/one/" }, "one again"),
  createElement(NavLink, { to: "/es/blog/one" }, "another language"),
];

async function render(withDocument: boolean): Promise<string> {
  const routes = [{ id: "root", path: "/", children: [{ id: "article", path: ":lang?/blog/:slug", Component: () => createElement("main", null, ...LINKS) }] }];
  const context = (await createStaticHandler(routes).query(new Request("http://site/fr/blog/one"))) as StaticHandlerContext;
  const page = createElement(StaticRouterProvider, { router: createStaticRouter(routes, context), context, hydrate: false });
  // With a document the patch steps aside: the links render as React Router renders them in a browser.
  const global = globalThis as { document?: unknown };
  if (withDocument) global.document = {};
  try {
    return renderToString(page);
  } finally {
    delete global.document;
  }
}

describe("links rendered on the server", () => {
  it("is installed: npm install patched the files the server and the tests load", () => {
    const folder = path.dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
    for (const patch of patches) for (const file of patch.files) expect(readFileSync(path.join(folder, file), "utf8"), file).toContain(patch.marker);
  });

  it("are the very markup the full link renders, so hydration finds what it expects", async () => {
    const server = await render(false);
    expect(server).toBe(await render(true));
    // Rendered again, the kept paths give the same markup.
    expect(await render(false)).toBe(server);
    expect(server).toContain('<a href="/" data-discover="true">home</a>');
    expect(server).toContain('<a class="slash" href="/fr/podcast/" data-discover="true">podcast</a>');
    expect(server).toContain('<a class="nav" href="/es/blog" data-discover="true">Blog</a>');
    expect(server).toContain('href="https://example.org/page" target="_blank"');
    expect(server).toContain('aria-current="page" class="on" href="/fr/blog/one"');
  });
});
