import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isUuid, isValidAdminOperation } from "./admin-operation";

describe("admin-operation validation", () => {
  const user = randomUUID();

  it("accepts the session's own user id, in either case", () => {
    expect(isValidAdminOperation(user, user)).toBe(true);
    expect(isValidAdminOperation(user.toUpperCase(), user)).toBe(true);
  });

  it("refuses another user's id, a missing session user, and anything that is not a UUID", () => {
    expect(isValidAdminOperation(randomUUID(), user)).toBe(false);
    expect(isValidAdminOperation(user, null)).toBe(false);
    for (const bad of [undefined, null, "", "admin", `${user}x`, user.replace(/-/g, ""), 42, "00000000-0000-0000-0000-000000000000"]) {
      expect(isValidAdminOperation(bad, user), String(bad)).toBe(false);
    }
  });

  it("knows a UUID when it sees one", () => {
    expect(isUuid(randomUUID())).toBe(true);
    expect(isUuid("6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab")).toBe(true);
    expect(isUuid("6f1c2d3e-4a5b-4c6d-7e7f-0123456789ab")).toBe(false);
  });
});
