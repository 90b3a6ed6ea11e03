import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/form-input";
import { commentSchema } from "./comment-form";
import { COMMENT_LIMITS } from "./limits";

const parse = (fields: Record<string, unknown>) => parseInput(commentSchema, fields);

describe("commentSchema", () => {
  it("accepts a named comment with the terms accepted, trimmed", () => {
    expect(parse({ name: "  Ama ", comment: " Great piece. ", terms: "on" })).toEqual({ ok: true, value: { name: "Ama", comment: "Great piece.", terms: "on" } });
  });

  it("names each problem once", () => {
    expect(parse({ name: " ", comment: "", terms: undefined })).toEqual({
      ok: false,
      errors: { name: "nameRequired", comment: "commentRequired", terms: "termsRequired" },
    });
    expect(parse({ name: "x".repeat(COMMENT_LIMITS.name + 1), comment: "y".repeat(COMMENT_LIMITS.body + 1), terms: "on" })).toEqual({
      ok: false,
      errors: { name: "nameTooLong", comment: "commentTooLong" },
    });
  });

  it("keeps markup as text, for the page to show escaped", () => {
    expect(parse({ name: "<b>x</b>", comment: "<script>alert(1)</script>", terms: "on" })).toMatchObject({ ok: true, value: { name: "<b>x</b>", comment: "<script>alert(1)</script>" } });
  });

  it("never throws on odd input", () => {
    expect(parse({ name: 42, comment: { a: 1 }, terms: ["on"] }).ok).toBe(false);
  });
});
