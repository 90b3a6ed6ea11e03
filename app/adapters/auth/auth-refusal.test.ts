import { APIError as BetterAuthAPIError } from "better-auth/api";
import { APIError as BetterCallAPIError } from "better-call";
import { describe, expect, it } from "vitest";
import { isAuthRefusal } from "./auth.server";

// The accounts module tells better-auth's refusals from failures by name, without loading better-auth.
describe("isAuthRefusal", () => {
  it("recognises better-auth's refusals and those of better-call, which its plugins throw", () => {
    expect(isAuthRefusal(new BetterAuthAPIError("BAD_REQUEST", { code: "INVALID_TOKEN", message: "no" }))).toBe(true);
    expect(isAuthRefusal(new BetterCallAPIError("FOUND"))).toBe(true);
  });

  it("leaves every other error a failure", () => {
    expect(isAuthRefusal(new Error("database is locked"))).toBe(false);
    expect(isAuthRefusal({ name: "APIError" })).toBe(false);
    expect(isAuthRefusal(null)).toBe(false);
  });
});
