import { describe, expect, it } from "vitest";
import { MAX_SLUG_LENGTH, slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it.each([
    ["Legacy of MLK", "legacy-of-mlk"],
    ["  The Global South: Who Sets the Rules?  ", "the-global-south-who-sets-the-rules"],
    ["Économie de la diaspora — ça compte", "economie-de-la-diaspora-ca-compte"],
    ["Pan-Africanism 2.0", "pan-africanism-2-0"],
    ["a/../b", "a-b"],
    ["!!!", "episode"],
    ["🎙️", "episode"],
  ])("%j → %s", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("cuts a very long title at a dash, within the limit", () => {
    const slug = slugify("word ".repeat(1000));
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(/^word(-word)*$/);
  });
});

describe("uniqueSlug", () => {
  it("keeps a free slug", () => {
    expect(uniqueSlug("legacy-of-mlk", new Set())).toBe("legacy-of-mlk");
  });

  it("adds -2, -3… for a taken one", () => {
    expect(uniqueSlug("legacy-of-mlk", new Set(["legacy-of-mlk"]))).toBe("legacy-of-mlk-2");
    expect(uniqueSlug("legacy-of-mlk", new Set(["legacy-of-mlk", "legacy-of-mlk-2"]))).toBe("legacy-of-mlk-3");
  });
});
