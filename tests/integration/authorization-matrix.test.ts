import { describe, expect, it } from "vitest";
import { declaredPolicy } from "~/route-table";
import { ROUTES } from "../support/authorization-matrix";

// The matrix itself is walked by one file per kind of visitor: authorization-matrix-*.test.ts.

describe("every route declares its policy", () => {
  it("has a policy for each route of app/routes.ts (and the root), found the way the server finds it", () => {
    expect(ROUTES.filter((route) => !declaredPolicy(route.id)).map((route) => route.id)).toEqual([]);
    expect(declaredPolicy("root")).toEqual({ read: "public" });
    expect(declaredPolicy("routes/no-such-route")).toBeUndefined();
  });
});
