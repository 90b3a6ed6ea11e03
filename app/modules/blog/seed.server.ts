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

/**
 * The sample articles shipped in content/articles: index.json for metadata, <slug>/<lang>.md for text.
 * An entry whose category is not one of the nine is skipped with a warning, so a slip in the sample
 * content never stops the server from starting.
 */
export function readArticleContent(folder: string, warn: (message: string) => void = () => {}): ArticleInput[] {
  const index = JSON.parse(readFileSync(path.join(folder, "index.json"), "utf8")) as IndexEntry[];
  return index.flatMap((entry): ArticleInput[] => {
    if (!isCategory(entry.category)) {
      warn(`content/articles: ${entry.slug} skipped, its category ${JSON.stringify(entry.category)} is not one of the nine`);
      return [];
    }
    const tags = entry.tags.filter(isTag);
    const translations: Partial<ArticleInput["translations"]> = {};
    for (const language of LANGUAGES) {
      const file = path.join(folder, entry.slug, `${language}.md`);
      if (existsSync(file)) translations[language] = parseArticleFile(readFileSync(file, "utf8"));
    }
    if (!translations.en) throw new Error(`${entry.slug}: the English text (en.md) is required`);
    return [{
      slug: entry.slug,
      category: entry.category,
      tags,
      featured: entry.featured,
      publishedAt: entry.date,
      image: `/images/articles/${entry.slug}.svg`,
      translations: translations as ArticleInput["translations"],
    }];
  });
}

export async function seedArticles(db: Db, folder: string, now: Date, warn?: (message: string) => void): Promise<number> {
  let added = 0;
  for (const article of readArticleContent(folder, warn)) {
    if (await addArticleIfMissing(db, article, now)) added++;
  }
  return added;
}
