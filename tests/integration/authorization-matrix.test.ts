import { describe, expect, it } from "vitest";
import { declaredPolicy, ROUTE_POLICIES } from "~/lib/route-policies";
import { ROUTES } from "../support/authorization-matrix";

// The matrix itself is walked by one file per kind of visitor: authorization-matrix-*.test.ts.

describe("every route declares its policy", () => {
  it("has a policy for each route of app/routes.ts (and the root), found the way the server finds it, and none for a route that is gone", () => {
    expect(ROUTES.filter((route) => !declaredPolicy(route.id)).map((route) => route.id)).toEqual([]);
    expect(declaredPolicy("root")).toEqual({ read: "public" });
    const files = new Set([...ROUTES.map((route) => route.file), "root.tsx"]);
    expect(Object.keys(ROUTE_POLICIES).filter((file) => !files.has(file))).toEqual([]);
  });
});
