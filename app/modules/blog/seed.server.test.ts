import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readArticleContent } from "./seed.server";

/** A content folder with one article per entry, each with its English text. */
function contentFolder(entries: Array<{ slug: string; category: string }>): string {
  const folder = mkdtempSync(path.join(tmpdir(), "articles-content-"));
  writeFileSync(path.join(folder, "index.json"), JSON.stringify(entries.map((entry) => ({ ...entry, tags: ["global-south"], date: "2025-01-01", featured: false }))));
  for (const entry of entries) {
    mkdirSync(path.join(folder, entry.slug));
    writeFileSync(path.join(folder, entry.slug, "en.md"), `---\ntitle: "${entry.slug}"\nexcerpt: "An excerpt."\n---\nThe body.\n`);
  }
  return folder;
}

describe("the sample articles' content folder", () => {
  it("skips an article whose category is not one of the nine, with a warning, and reads the others", () => {
    const warnings: string[] = [];
    const folder = contentFolder([
      { slug: "fine", category: "diplomacy" },
      { slug: "astrology-column", category: "astrology" },
    ]);
    const articles = readArticleContent(folder, (message) => warnings.push(message));
    expect(articles.map((article) => article.slug)).toEqual(["fine"]);
    expect(warnings).toEqual(['content/articles: astrology-column skipped, its category "astrology" is not one of the nine']);
  });
});
