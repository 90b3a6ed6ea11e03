import { describe, expect, it } from "vitest";
import { parseSubscriber, sanitizeText } from "./subscriber-input";

describe("sanitizeText (general sanitising)", () => {
  it("removes angle brackets, javascript: and inline event handlers, then trims", () => {
    expect(sanitizeText("  <img src=x onerror=alert(1)>  ")).toBe("img src=x alert(1)");
    expect(sanitizeText("JavaScript:alert(1)")).toBe("alert(1)");
    expect(sanitizeText("Ada <b>Lovelace</b>")).toBe("Ada bLovelace/b");
    expect(sanitizeText("plain text")).toBe("plain text");
  });
});

describe("parseSubscriber", () => {
  it("refuses what is not an object, or has no valid email", () => {
    expect(parseSubscriber(null)).toEqual({ ok: false, error: "invalidData" });
    expect(parseSubscriber(["a@b.co"])).toEqual({ ok: false, error: "invalidData" });
    expect(parseSubscriber({})).toEqual({ ok: false, error: "emailRequired" });
    expect(parseSubscriber({ email: "no-at-sign" })).toEqual({ ok: false, error: "emailRequired" });
    expect(parseSubscriber({ email: `${"a".repeat(250)}@b.co` })).toEqual({ ok: false, error: "emailRequired" });
  });

  it("normalises the address, sanitises the text fields and keeps a known source", () => {
    const parsed = parseSubscriber({
      email: "  Ama@Example.ORG ",
      firstName: " <Ama> ",
      lastName: "",
      message: "onclick=go() Hello",
      interests: ["trade", "trade", "<policy>", 3],
      source: "subscribe-page",
    });
    expect(parsed).toEqual({
      ok: true,
      value: { email: "ama@example.org", firstName: "Ama", lastName: null, message: "go() Hello", interests: ["trade", "policy"], source: "subscribe-page" },
    });
    expect(parseSubscriber({ email: "a@b.co", source: "somewhere" })).toMatchObject({ ok: true, value: { source: "unknown" } });
  });

  it("refuses over-long text instead of cutting it", () => {
    expect(parseSubscriber({ email: "a@b.co", firstName: "x".repeat(101) })).toEqual({ ok: false, error: "firstNameTooLong" });
    expect(parseSubscriber({ email: "a@b.co", message: "x".repeat(2001) })).toEqual({ ok: false, error: "messageTooLong" });
  });
});
