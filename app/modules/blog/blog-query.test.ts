import { describe, expect, it } from "vitest";
import { parseInput } from "~/lib/form-input";
import { ALL_ARTICLES, blogSearchString } from "./blog-query";
import { blogQuerySchema } from "./blog-query-form";

const parse = (search: string) => {
  const read = parseInput(blogQuerySchema, new URLSearchParams(search));
  expect(read.ok).toBe(true);
  return read.ok ? read.value : ALL_ARTICLES;
};

describe("blog query", () => {
  it("reads search, category, tag and page from the URL", () => {
    expect(parse("q=%20trade%20%20deals%20&category=diplomacy&tag=global-south&page=2")).toEqual({
      q: "trade deals",
      category: "diplomacy",
      tag: "global-south",
      page: 2,
    });
  });

  it.each(["page=999x", "page=-1", "page=abc", "page=0", "page=01", "page=9999999", "category=unknown", "tag=<script>"])("refuses %s", (search) => {
    expect(parseInput(blogQuerySchema, new URLSearchParams(search)).ok).toBe(false);
  });

  it("reads an empty value as no value", () => {
    expect(parse("q=&category=&tag=&page=")).toEqual(ALL_ARTICLES);
  });

  it("cuts a 10,000-character search to 200 characters", () => {
    expect(parse(`q=${"a".repeat(10_000)}`).q).toHaveLength(200);
  });

  it("writes back only what is set, without page 1", () => {
    expect(blogSearchString({ q: "x y", category: "diplomacy", page: 1 })).toBe("?q=x+y&category=diplomacy");
    expect(blogSearchString({ page: 3 })).toBe("?page=3");
    expect(blogSearchString({})).toBe("");
  });
});
