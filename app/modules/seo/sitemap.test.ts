import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { buildSitemaps, SITEMAP_MAX_URLS } from "./sitemap";

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ["url", "sitemap"].includes(name) });
const entries = (count: number) => Array.from({ length: count }, (_, index) => ({ path: `/blog/article-${index}`, lastModified: `2026-01-${String((index % 28) + 1).padStart(2, "0")}T10:00:00.000Z` }));

describe("buildSitemaps", () => {
  it("keeps one sitemap while every address fits in one file", () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const { main, parts } = buildSitemaps("https://diaspora.example", entries(10), 40);
    expect(parts).toEqual([]);
    expect(XMLValidator.validate(main)).toBe(true);
    expect(parser.parse(main).urlset.url).toHaveLength(40);
  });

  it("splits past the limit into numbered sitemaps under an index, each with its latest change", () => {
    const { main, parts } = buildSitemaps("https://diaspora.example", entries(30), 40);
    // 40 addresses a file are 10 pages in four languages: 30 pages make three parts.
    expect(parts).toHaveLength(3);
    for (const part of parts) {
      expect(XMLValidator.validate(part)).toBe(true);
      expect(parser.parse(part).urlset.url.length).toBeLessThanOrEqual(40);
    }
    expect(parts.flatMap((part) => parser.parse(part).urlset.url)).toHaveLength(120);
    const index = parser.parse(main).sitemapindex.sitemap as Array<{ loc: string; lastmod: string }>;
    expect(index.map((sitemap) => sitemap.loc)).toEqual([1, 2, 3].map((number) => `https://diaspora.example/sitemaps/${number}.xml`));
    expect(index[0]!.lastmod).toBe("2026-01-10");
    expect(index[2]!.lastmod).toBe("2026-01-28");
  });
});
