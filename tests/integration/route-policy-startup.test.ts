import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/adapters/context.server";
import { parseConfig } from "~/lib/config.server";
import { createApp } from "../../server/app";
import { openServices } from "../../server/bootstrap";
import { createLogger } from "../../server/logger";
import { declaredPolicy } from "~/route-table";
import { checkRoutePolicies, RoutePolicyError } from "../../server/route-policy";

// The production build the other integration tests run (npm test builds it first).
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;

/** The build's route table with one route changed or added (the real modules, so nothing else differs). */
function withRoute(id: string, route: Partial<NonNullable<ServerBuild["routes"][string]>>): ServerBuild {
  const existing = build.routes[id];
  const changed = { ...existing, id, ...route } as NonNullable<ServerBuild["routes"][string]>;
  return { ...build, routes: { ...build.routes, [id]: changed } };
}
const layout = build.routes["routes/localized-layout"]!;
const undeclared = withRoute("routes/undeclared-page", { parentId: layout.id, path: "undeclared-page", module: build.routes["routes/cart"]!.module });

describe("the start-up check of the route policies", () => {
  it("accepts the real route table: every route is declared", () => {
    expect(() => checkRoutePolicies(build.routes)).not.toThrow();
  });

  it("refuses a route without a policy, naming it and its URL", () => {
    expect(() => checkRoutePolicies(undeclared.routes)).toThrow(RoutePolicyError);
    expect(() => checkRoutePolicies(undeclared.routes)).toThrow(/"routes\/undeclared-page" \(\/undeclared-page\) has no policy/);
  });

  it("refuses an action its policy does not cover, and a guarded route with no loader to guard", () => {
    const cart = build.routes["routes/cart"]!;
    const withAction = withRoute("routes/cart", { module: { ...cart.module, action: () => null } });
    expect(() => checkRoutePolicies(withAction.routes)).toThrow(/"routes\/cart" \(\/cart\) has an action but no write policy/);
    const account = build.routes["routes/account"]!;
    const { loader: _loader, ...withoutLoader } = account.module;
    const unguarded = withRoute("routes/account", { module: withoutLoader });
    expect(() => checkRoutePolicies(unguarded.routes)).toThrow(/"routes\/account" \(\/account\) is signedIn but has no loader to guard/);
  });

  it("refuses a public page that is in no list: neither kept by the page cache nor said to be each visitor's own", () => {
    const uncached = (routeId: string) => (routeId === "routes/cart" ? { read: "public" as const } : declaredPolicy(routeId));
    expect(() => checkRoutePolicies(build.routes, uncached)).toThrow(/"routes\/cart" \(\/cart\) is a public page in no list/);
    const personal = (routeId: string) => (routeId === "routes/cart" ? { read: "public" as const, personal: "a test" } : declaredPolicy(routeId));
    expect(() => checkRoutePolicies(build.routes, personal)).not.toThrow();
  });

  describe("at start", () => {
    let services: AppServices;
    beforeAll(async () => {
      const config = parseConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "policy-start-")), LOG_LEVEL: "silent" });
      services = await openServices(config, createLogger("silent"));
    });
    afterAll(async () => {
      services.storage.close();
      services.uploads.close();
      await services.db.destroy();
    });

    it("stops the server from being built around a route table with an undeclared route", () => {
      expect(() => createApp({ services, build: undeclared, assets: [] })).toThrow(/routes\/undeclared-page/);
      expect(() => createApp({ services, build, assets: [] })).not.toThrow();
    });
  });
});
