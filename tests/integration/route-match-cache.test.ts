import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createStaticHandler, type StaticHandlerContext } from "react-router";
import { describe, expect, it } from "vitest";
import patch from "../../patches/react-router-route-match-cache.mjs";

// React Router's own matching, patched at install to keep each path's matches (patches/, ADR 073).
const routes = [
  {
    id: "root",
    path: "/",
    loader: () => null,
    children: [
      { id: "article", path: ":lang?/blog/:slug", loader: () => null },
      { id: "about", path: ":lang?/about", loader: () => null },
    ],
  },
];
const handler = createStaticHandler(routes);
const matchesOf = async (url: string) => ((await handler.query(new Request(url))) as StaticHandlerContext).matches;

describe("the route match cache", () => {
  it("is installed: npm install patched the files the server and the tests load", () => {
    const folder = path.dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
    for (const file of patch.files) expect(readFileSync(path.join(folder, file), "utf8"), file).toContain(patch.marker);
  });

  it("gives each path its own matches, the same on every request", async () => {
    for (let round = 0; round < 2; round++) {
      expect((await matchesOf("http://site/blog/one")).map((match) => [match.route.id, match.params])).toEqual([
        ["root", { slug: "one" }],
        ["article", { slug: "one" }],
      ]);
      expect((await matchesOf("http://site/fr/blog/two")).at(-1)?.params).toEqual({ lang: "fr", slug: "two" });
      expect((await matchesOf("http://site/about")).at(-1)?.route.id).toBe("about");
    }
  });

  it("hands each caller copies: a request that changes its matches changes no other request's", async () => {
    const first = await matchesOf("http://site/blog/one");
    (first[1]!.params as Record<string, string>).slug = "changed";
    first[1]!.pathname = "/changed";
    const second = await matchesOf("http://site/blog/one");
    expect(second[1]!.params).toEqual({ slug: "one" });
    expect(second[1]!.pathname).toBe("/blog/one");
  });

  it("answers rightly after more different paths than it keeps", async () => {
    for (let index = 0; index < 1200; index++) await matchesOf(`http://site/blog/article-${index}`);
    expect((await matchesOf("http://site/blog/article-0")).at(-1)?.params).toEqual({ slug: "article-0" });
  });
});
