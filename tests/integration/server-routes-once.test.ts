import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createStaticHandler, createStaticRouter, type StaticHandlerContext } from "react-router";
import { describe, expect, it } from "vitest";
import patches from "../../patches/react-router-server-routes-once.mjs";

// React Router's page render, patched at install to build the routes it renders once per build (patches/, ADR 075).
const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "article", path: ":lang?/blog/:slug", loader: () => null },
      { id: "about", path: ":lang?/about", loader: () => null },
    ],
  },
];
const handler = createStaticHandler(routes);
const contextOf = async (url: string) => (await handler.query(new Request(url))) as StaticHandlerContext;

describe("the routes a page renders, built once", () => {
  it("is installed: npm install patched the files the server loads", () => {
    const folder = path.dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
    for (const patch of patches) {
      for (const file of patch.files) expect(readFileSync(path.join(folder, file), "utf8"), `${file}: ${patch.marker}`).toContain(patch.marker);
    }
  });

  it("keeps the data routes of one route table, while each request gets its own matches and location", async () => {
    const article = createStaticRouter(routes, await contextOf("http://site/fr/blog/one"));
    const about = createStaticRouter(routes, await contextOf("http://site/about"));
    expect(about.routes).toBe(article.routes);
    expect(article.state.location.pathname).toBe("/fr/blog/one");
    expect(article.state.matches.map((match) => [match.route.id, match.params])).toEqual([
      ["root", { lang: "fr", slug: "one" }],
      ["article", { lang: "fr", slug: "one" }],
    ]);
    expect(about.state.location.pathname).toBe("/about");
    expect(about.state.matches.at(-1)?.route.id).toBe("about");
    // A match's route is the data route the router renders, as without the patch.
    expect(about.state.matches.at(-1)?.route).toBe(about.routes[0]!.children!.find((route) => route.id === "about"));
  });

  it("builds new data routes for another route table (a development server's new build)", async () => {
    const other = structuredClone(routes.map(({ children, ...route }) => ({ ...route, children: children.map(({ loader: _, ...child }) => child) })));
    const first = createStaticRouter(routes, await contextOf("http://site/about"));
    const second = createStaticRouter(other, await contextOf("http://site/about"));
    expect(second.routes).not.toBe(first.routes);
  });
});
