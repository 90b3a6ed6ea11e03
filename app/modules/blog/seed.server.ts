import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "~/adapters/db/database.server";
import { LANGUAGES } from "~/i18n/languages";
import { addArticleIfMissing, type ArticleInput } from "./articles.server";
import { parseArticleFile } from "./article-file";
import { isCategory, isTag } from "./taxonomy";

interface IndexEntry {
  slug: string;
  category: string;
  tags: string[];
  date: string;
  featured: boolean;
}

/** The sample articles shipped in content/articles: index.json for metadata, <slug>/<lang>.md for text. */
export function readArticleContent(folder: string): ArticleInput[] {
  const index = JSON.parse(readFileSync(path.join(folder, "index.json"), "utf8")) as IndexEntry[];
  return index.map((entry) => {
    if (!isCategory(entry.category)) throw new Error(`${entry.slug}: unknown category ${entry.category}`);
    const tags = entry.tags.filter(isTag);
    const translations: Partial<ArticleInput["translations"]> = {};
    for (const language of LANGUAGES) {
      const file = path.join(folder, entry.slug, `${language}.md`);
      if (existsSync(file)) translations[language] = parseArticleFile(readFileSync(file, "utf8"));
    }
    if (!translations.en) throw new Error(`${entry.slug}: the English text (en.md) is required`);
    return {
      slug: entry.slug,
      category: entry.category,
      tags,
      featured: entry.featured,
      publishedAt: entry.date,
      image: `/images/articles/${entry.slug}.svg`,
      translations: translations as ArticleInput["translations"],
    };
  });
}

export async function seedArticles(db: Db, folder: string, now: Date): Promise<number> {
  let added = 0;
  for (const article of readArticleContent(folder)) {
    if (await addArticleIfMissing(db, article, now)) added++;
  }
  return added;
}
