import { describe, expect, it } from "vitest";
import { blogSearchString, parseBlogQuery } from "./blog-query";

const parse = (search: string) => parseBlogQuery(new URLSearchParams(search));

describe("blog query", () => {
  it("reads search, category, tag and page from the URL", () => {
    expect(parse("q=%20trade%20%20deals%20&category=diplomacy&tag=global-south&page=2")).toEqual({
      q: "trade deals",
      category: "diplomacy",
      tag: "global-south",
      page: 2,
    });
  });

  it.each(["page=999x", "page=-1", "page=abc", "page=0", "category=unknown&tag=<script>"])("turns %s into a sensible query", (search) => {
    const query = parse(search);
    expect(query.page).toBeGreaterThanOrEqual(1);
    expect(query.category).toBeUndefined();
    expect(query.tag).toBeUndefined();
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
