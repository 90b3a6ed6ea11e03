import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { ROUTE_TABLE, TABLE_ROUTES, type TableRoute } from "~/route-table";
import { PATHS } from "../../server/paths";

// The production build the other integration tests run (npm test builds it first).
const build = (await import(pathToFileURL(PATHS.serverBuild).href)) as ServerBuild;

/** Each route of the table as the build states it: its id, its parent's, its address below the parent. */
function asBuilt(routes: TableRoute[], parentId = "root"): Array<{ id: string; parentId: string; path: string | null; index: boolean }> {
  return routes.flatMap(({ id, path, index, children }) => [{ id, parentId, path: path ?? null, index: index ?? false }, ...asBuilt(children ?? [], id)]);
}
const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

describe("the route table (app/route-table.ts)", () => {
  it("is the route table of the build: the same routes, under the same parents, at the same addresses", () => {
    const built = Object.values(build.routes)
      .filter((route) => route && route.id !== "root")
      .map((route) => ({ id: route!.id, parentId: route!.parentId, path: route!.path ?? null, index: route!.index ?? false }));
    expect(built.sort(byId)).toEqual(asBuilt(ROUTE_TABLE).sort(byId));
  });

  it("says what each route is by what its module exports: a page and a layout render, a resource answers a file", () => {
    const wrong = TABLE_ROUTES.filter((route) => {
      const renders = Boolean(build.routes[route.id]?.module.default);
      return route.kind === "resource" ? renders : !renders || (route.kind === "layout") !== Boolean(route.children);
    });
    expect(wrong.map((route) => `${route.id} (${route.kind})`)).toEqual([]);
  });

  it("names every module of app/routes/: one it leaves out would never be served (and lint refuses it)", () => {
    const named = new Set(TABLE_ROUTES.map((route) => route.file));
    const modules = readdirSync(path.join(PATHS.root, "app", "routes")).map((name) => `routes/${name}`);
    expect(modules.filter((file) => !named.has(file))).toEqual([]);
    expect(named.size).toBeGreaterThan(50);
  });
});
