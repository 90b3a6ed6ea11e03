import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/form-input";
import { EPISODE_LIMITS, episodeFieldsSchema, splitCategories } from "./episode-form";

const errorsOf = (input: Record<string, unknown>) => {
  const parsed = parseInput(episodeFieldsSchema, input);
  return parsed.ok ? {} : parsed.errors;
};

describe("episode form fields", () => {
  it("requires a title and a description", () => {
    expect(errorsOf({ title: "  ", description: "" })).toEqual({ title: "required", description: "required" });
  });

  it("splits categories on commas, trimmed, without empties or repeats", () => {
    expect(splitCategories(" Pan-Africanism , ,Diaspora  Economics,pan-africanism,")).toEqual(["Pan-Africanism", "Diaspora Economics"]);
  });

  it("refuses a 5,000-character title and over-long show notes", () => {
    expect(errorsOf({ title: "a".repeat(5000), description: "d".repeat(EPISODE_LIMITS.description + 1) })).toEqual({ title: "tooLong", description: "tooLong" });
  });

  it("counts characters, not UTF-16 units, and accepts the limit exactly", () => {
    const parsed = parseInput(episodeFieldsSchema, { title: "é".repeat(EPISODE_LIMITS.title), description: "🎙".repeat(EPISODE_LIMITS.description) });
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect([...parsed.value.title]).toHaveLength(EPISODE_LIMITS.title);
  });

  it("refuses too many or too long categories", () => {
    expect(errorsOf({ title: "t", description: "d", categories: Array.from({ length: 11 }, (_, n) => `c${n}`).join(",") })).toEqual({ categories: "tooMany" });
    expect(errorsOf({ title: "t", description: "d", categories: "x".repeat(61) })).toEqual({ categories: "tooLong" });
  });

  it("drops control characters but keeps line breaks in show notes", () => {
    expect(parseInput(episodeFieldsSchema, { title: "A\u0000B", description: "line one\nline two\u0007" })).toEqual({
      ok: true,
      value: { title: "AB", description: "line one\nline two", categories: [] },
    });
  });
});
