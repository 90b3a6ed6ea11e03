import { describe, expect, it } from "vitest";
import { EPISODE_LIMITS, parseEpisodeFields, splitCategories } from "./episode-form";

describe("episode form fields", () => {
  it("requires a title and a description", () => {
    expect(parseEpisodeFields({ title: "  ", description: "" }).errors).toEqual({ title: "required", description: "required" });
  });

  it("splits categories on commas, trimmed, without empties or repeats", () => {
    expect(splitCategories(" Pan-Africanism , ,Diaspora  Economics,pan-africanism,")).toEqual(["Pan-Africanism", "Diaspora Economics"]);
  });

  it("refuses a 5,000-character title and over-long show notes", () => {
    const { errors } = parseEpisodeFields({ title: "a".repeat(5000), description: "d".repeat(EPISODE_LIMITS.description + 1) });
    expect(errors).toEqual({ title: "tooLong", description: "tooLong" });
  });

  it("counts characters, not UTF-16 units, and accepts the limit exactly", () => {
    const { errors, fields } = parseEpisodeFields({ title: "é".repeat(EPISODE_LIMITS.title), description: "🎙".repeat(EPISODE_LIMITS.description) });
    expect(errors).toEqual({});
    expect([...fields.title]).toHaveLength(EPISODE_LIMITS.title);
  });

  it("refuses too many or too long categories", () => {
    expect(parseEpisodeFields({ title: "t", description: "d", categories: Array.from({ length: 11 }, (_, n) => `c${n}`).join(",") }).errors).toEqual({ categories: "tooMany" });
    expect(parseEpisodeFields({ title: "t", description: "d", categories: "x".repeat(61) }).errors).toEqual({ categories: "tooLong" });
  });

  it("drops control characters but keeps line breaks in show notes", () => {
    const { fields } = parseEpisodeFields({ title: "A\u0000B", description: "line one\nline two\u0007" });
    expect(fields).toEqual({ title: "AB", description: "line one\nline two", categories: [] });
  });
});
