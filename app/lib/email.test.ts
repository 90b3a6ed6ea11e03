import { describe, expect, it } from "vitest";
import { isValidEmail, MAX_EMAIL_LENGTH, normalizeEmail } from "./email";

describe("email addresses", () => {
  it("normalises case and surrounding space, idempotently", () => {
    expect(normalizeEmail("  Foo@Example.COM ")).toBe("foo@example.com");
    expect(normalizeEmail(normalizeEmail(" A@B.co "))).toBe("a@b.co");
  });

  it.each(["reader@example.org", "first.last+news@sub.example.co.uk", "o'neil@example.ie"])("accepts %s", (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each(["", "no-at-sign", "a@b", "a@@b.com", "a b@c.com", "a@b.com\n", "<script>@x.com", "@example.com"])("refuses %j", (address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it("refuses anything over 254 characters", () => {
    const long = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(MAX_EMAIL_LENGTH - 64 - 1 - 63 - 1 - 63 - 1 + 1)}.com`;
    expect(long.length).toBeGreaterThan(MAX_EMAIL_LENGTH);
    expect(isValidEmail(long)).toBe(false);
  });
});
