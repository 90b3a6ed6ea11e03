import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/form-input";
import { sanitizeText, subscribeSchema } from "./subscribe-form";

const parse = (fields: Record<string, unknown>) => parseInput(subscribeSchema, fields);

describe("sanitizeText (general sanitising)", () => {
  it("removes angle brackets, javascript: and inline event handlers, then trims", () => {
    expect(sanitizeText("  <img src=x onerror=alert(1)>  ")).toBe("img src=x alert(1)");
    expect(sanitizeText("JavaScript:alert(1)")).toBe("alert(1)");
    expect(sanitizeText("Ada <b>Lovelace</b>")).toBe("Ada bLovelace/b");
    expect(sanitizeText("plain text")).toBe("plain text");
  });

  it("leaves no pattern that one pass would have joined back together, and a second sanitising changes nothing", () => {
    const nested = [
      "javajavascript:script:",
      "JaVaJavaScript:Script:alert(1)",
      "javajavajavascript:script:script:",
      "java<script:alert(1)",
      "<scr<script>ipt>alert(1)<</script>/script>",
      "<<img src=x onerror=alert(1)>>",
      "ononclick=click=alert(1)",
      "<a href=\"jav<ascript:alert(1)\" ononmouseover==x>",
      `${"java".repeat(30)}javascript:${"script:".repeat(30)}alert(1)`,
      `${"on".repeat(40)}click=${"x=".repeat(40)}`,
    ];
    for (const payload of nested) {
      const once = sanitizeText(payload);
      expect([payload, /javascript\s*:/i.test(once)]).toEqual([payload, false]);
      expect([payload, /[<>]/.test(once) || /\bon[a-z]+\s*=/i.test(once)]).toEqual([payload, false]);
      expect([payload, sanitizeText(once)]).toEqual([payload, once]);
    }
    expect(sanitizeText("javajavascript:script:alert(1)")).toBe("alert(1)");
  });

  it("stores no javascript: from a nested one in a subscriber's fields", () => {
    const parsed = parse({ email: "a@b.co", firstName: "javajavascript:script:", message: "<scr<script>ipt>javajavascript:script:x", interests: ["javajavascript:script:"] });
    expect(JSON.stringify(parsed)).not.toMatch(/javascript:|<|>/i);
  });
});

describe("subscribeSchema", () => {
  it("refuses a form without a valid email", () => {
    expect(parse({})).toEqual({ ok: false, errors: { email: "emailRequired" } });
    expect(parse({ email: "no-at-sign" })).toEqual({ ok: false, errors: { email: "emailRequired" } });
    expect(parse({ email: `${"a".repeat(250)}@b.co` })).toEqual({ ok: false, errors: { email: "emailRequired" } });
  });

  it("normalises the address, sanitises the text fields and keeps a known source", () => {
    const parsed = parse({
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
    expect(parse({ email: "a@b.co", source: "somewhere" })).toMatchObject({ ok: true, value: { source: "unknown" } });
  });

  it("reads a form as browsers send it: one interest is a list of one", () => {
    const form = new FormData();
    form.set("email", "a@b.co");
    form.set("interests", "podcast");
    expect(parseInput(subscribeSchema, form)).toMatchObject({ ok: true, value: { interests: ["podcast"], firstName: null } });
  });

  it("refuses over-long text instead of cutting it", () => {
    expect(parse({ email: "a@b.co", firstName: "x".repeat(101) })).toEqual({ ok: false, errors: { firstName: "firstNameTooLong" } });
    expect(parse({ email: "a@b.co", message: "x".repeat(2001) })).toEqual({ ok: false, errors: { message: "messageTooLong" } });
  });
});
