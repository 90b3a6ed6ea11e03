import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { keepConnectionsLongerThanTheProxy } from "./keep-alive";

describe("keepConnectionsLongerThanTheProxy", () => {
  it("keeps idle connections the given seconds, and gives a request's headers longer than that", () => {
    const server = createServer();
    keepConnectionsLongerThanTheProxy(server, 65);
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout + 1000);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
  });
});
