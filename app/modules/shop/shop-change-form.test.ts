import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/form-input";
import { bookFieldsOf } from "./book-form";
import { shopChangeSchema } from "./shop-change-form";

const UPLOAD = "0123456789abcdef0123456789abcdef";
const parse = (input: Record<string, string>) => parseInput(shopChangeSchema, input);

describe("the shop panels' forms", () => {
  it("refuses an unknown or missing intent under intent", () => {
    expect(parse({ intent: "dropTables" })).toEqual({ ok: false, errors: { intent: "unknownIntent" } });
    expect(parse({})).toEqual({ ok: false, errors: { intent: "unknownIntent" } });
  });

  it("refuses an upload id that cannot be one under the panel's field", () => {
    expect(parse({ intent: "savePermanentCover", uploadId: "../x" })).toEqual({ ok: false, errors: { cover: "missing" } });
    expect(parse({ intent: "saveVideo" })).toEqual({ ok: false, errors: { video: "none" } });
    expect(parse({ intent: "saveVideo", uploadId: UPLOAD })).toEqual({ ok: true, value: { intent: "saveVideo", uploadId: UPLOAD } });
  });

  it("reads the book's fields with its PDF optional, and says every problem at once", () => {
    expect(parse({ intent: "saveBook", bookTitle: "", authorName: "a".repeat(201), uploadId: "nope" })).toEqual({
      ok: false,
      errors: { bookTitle: "required", authorName: "tooLong", pdfFile: "missing" },
    });
    const saved = parse({ intent: "saveBook", bookTitle: "  Trade   Routes ", authorName: "Ada", isPublished: "on" });
    expect(saved.ok && saved.value.intent === "saveBook" && bookFieldsOf(saved.value)).toEqual({ title: "Trade Routes", author: "Ada", description: "", published: true });
  });

  it("counts a title's length in characters", () => {
    expect(parse({ intent: "saveBook", bookTitle: "é".repeat(200), authorName: "Ada" }).ok).toBe(true);
  });
});
