import { describe, expect, it } from "vitest";
import { COMMENT_LIMITS, validateComment } from "./comments.server";

describe("validateComment", () => {
  it("accepts a named comment with the terms accepted, trimmed", () => {
    expect(validateComment({ name: "  Ama ", comment: " Great piece. ", terms: "on" })).toEqual({ ok: true, value: { name: "Ama", body: "Great piece." } });
  });

  it("names each problem once", () => {
    expect(validateComment({ name: " ", comment: "", terms: undefined })).toEqual({
      ok: false,
      errors: { name: "nameRequired", comment: "commentRequired", terms: "termsRequired" },
    });
    expect(validateComment({ name: "x".repeat(COMMENT_LIMITS.name + 1), comment: "y".repeat(COMMENT_LIMITS.body + 1), terms: "on" })).toEqual({
      ok: false,
      errors: { name: "nameTooLong", comment: "commentTooLong" },
    });
  });

  it("keeps markup as text, for the page to show escaped", () => {
    const result = validateComment({ name: "<b>x</b>", comment: "<script>alert(1)</script>", terms: "on" });
    expect(result).toEqual({ ok: true, value: { name: "<b>x</b>", body: "<script>alert(1)</script>" } });
  });

  it("never throws on odd input", () => {
    expect(validateComment({ name: 42, comment: { a: 1 }, terms: ["on"] }).ok).toBe(false);
  });
});
