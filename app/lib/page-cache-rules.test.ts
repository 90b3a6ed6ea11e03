import { describe, expect, it } from "vitest";
import { canonicalAddress } from "./page-cache-rules";

describe("canonicalAddress", () => {
  const blog = { query: ["q", "category", "tag", "page"] };

  it("keeps the parameters the page reads, in a stable order, and nothing else", () => {
    expect(canonicalAddress("/blog", "?page=2&utm_source=x&q=trade&u=123", blog)).toBe("/blog?page=2&q=trade");
    expect(canonicalAddress("/blog", "?u=1", blog)).toBe("/blog");
    expect(canonicalAddress("/blog", "?q=&page=", blog)).toBe("/blog");
    expect(canonicalAddress("/blog", "?page=2&page=3", blog)).toBe("/blog?page=2");
  });

  it("keeps React Router's _routes on a data request only", () => {
    expect(canonicalAddress("/blog.data", "?_routes=routes%2Fblog&x=1", blog)).toBe("/blog.data?_routes=routes%2Fblog");
    expect(canonicalAddress("/blog", "?_routes=routes%2Fblog", blog)).toBe("/blog");
  });

  it("leaves out a value the page does not know, which it shows as its default", () => {
    const podcast = { query: ["view"], values: { view: ["list"] } };
    expect(canonicalAddress("/podcast", "?view=list", podcast)).toBe("/podcast?view=list");
    expect(canonicalAddress("/podcast", "?view=1", podcast)).toBe("/podcast");
    expect(canonicalAddress("/podcast", "?view=grid", podcast)).toBe("/podcast");
  });
});
