import { sql } from "kysely";
import type { Db } from "~/adapters/db/database.server";
import type { ArticleState } from "~/adapters/db/schema";
import { LANGUAGES, type Language } from "~/i18n/languages";
import { containsPattern } from "~/modules/blog/search-text";
import type { ArticleListQuery } from "./list-query";

/** How a language of an article stands against its English text. */
export type TranslationStanding = "current" | "outdated" | "missing";

export interface ListedArticle {
  id: string;
  slug: string;
  title: string;
  state: ArticleState;
  publishedAt: string;
  featured: boolean;
  languages: Record<Language, TranslationStanding>;
}

/**
 * Every article for the admin, in any state, the latest change first: searched in the text of every
 * language and the slug, filtered by state. A translation last saved before the English text changed
 * is "outdated".
 */
export async function listArticlesForAdmin(db: Db, query: ArticleListQuery): Promise<ListedArticle[]> {
  let articles = db.selectFrom("articles as a").innerJoin("article_translations as e", (join) => join.onRef("e.article_id", "=", "a.id").on("e.language", "=", "en"));
  if (query.state) articles = articles.where("a.state", "=", query.state);
  if (query.q) {
    const pattern = containsPattern(query.q);
    articles = articles.where((eb) =>
      eb.or([
        sql<boolean>`a.slug like ${pattern} escape '\\'`,
        eb.exists(eb.selectFrom("article_translations as s").select("s.article_id").whereRef("s.article_id", "=", "a.id").where(sql<boolean>`s.search_text like ${pattern} escape '\\'`)),
      ]),
    );
  }
  const rows = await articles
    .select(["a.id", "a.slug", "a.state", "a.published_at", "a.featured", "e.title", "e.updated_at as english_at"])
    .orderBy("a.updated_at", "desc")
    .orderBy("a.id")
    .execute();
  if (rows.length === 0) return [];
  const translations = await db
    .selectFrom("article_translations")
    .select(["article_id", "language", "updated_at"])
    .where("article_id", "in", rows.map((row) => row.id))
    .execute();
  return rows.map((row) => {
    const languages = Object.fromEntries(
      LANGUAGES.map((language) => {
        if (language === "en") return [language, "current"];
        const text = translations.find((translation) => translation.article_id === row.id && translation.language === language);
        return [language, !text ? "missing" : text.updated_at < row.english_at ? "outdated" : "current"];
      }),
    ) as Record<Language, TranslationStanding>;
    return { id: row.id, slug: row.slug, title: row.title, state: row.state, publishedAt: row.published_at, featured: row.featured === 1, languages };
  });
}

/** How many articles wait as drafts and as scheduled, for the dashboard's card. */
export async function articleStateCounts(db: Db): Promise<{ drafts: number; scheduled: number }> {
  const rows = await db.selectFrom("articles").select((eb) => ["state", eb.fn.countAll<number>().as("count")]).where("state", "in", ["draft", "scheduled"]).groupBy("state").execute();
  const count = (state: string) => Number(rows.find((row) => row.state === state)?.count ?? 0);
  return { drafts: count("draft"), scheduled: count("scheduled") };
}
