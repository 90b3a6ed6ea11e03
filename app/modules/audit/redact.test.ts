import { describe, expect, it } from "vitest";
import { REDACTED, redact } from "./redact";

describe("redact", () => {
  it("replaces values under password, token, secret, key and email, at any depth, in a copy: the input keeps them", () => {
    const details = {
      email: "a@example.org",
      password: "hunter22",
      nested: { newPassword: "x", apiKey: "k", sessionToken: "t", secret: "s", keep: "visible" },
      list: [{ userEmail: "b@example.org", role: "admin" }],
      count: 3,
    };
    const before = structuredClone(details);
    expect(redact(details)).toEqual({
      email: REDACTED,
      password: REDACTED,
      nested: { newPassword: REDACTED, apiKey: REDACTED, sessionToken: REDACTED, secret: REDACTED, keep: "visible" },
      list: [{ userEmail: REDACTED, role: "admin" }],
      count: 3,
    });
    expect(details).toEqual(before);
  });

  it("leaves other values, and the input, unchanged", () => {
    const details = { action: "comment.approve", id: "42", nested: { keep: "visible" } };
    const copy = redact(details);
    expect(copy).toEqual({ action: "comment.approve", id: "42", nested: { keep: "visible" } });
    expect(copy).not.toBe(details);
    expect(details).toEqual({ action: "comment.approve", id: "42", nested: { keep: "visible" } });
    expect(redact("plain")).toBe("plain");
    expect(redact(null)).toBeNull();
  });
});
