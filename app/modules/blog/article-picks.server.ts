import { sql, type SelectQueryBuilder } from "kysely";
import type { Db } from "~/adapters/db/database.server";
import { keptQuery } from "~/adapters/db/kept-queries.server";
import type { Database } from "~/adapters/db/schema";
import type { Language } from "~/i18n/languages";
import { SOURCE_LANGUAGE, summaryColumns, toSummary, type ArticleSummary } from "./articles.server";

/**
 * A few articles picked out of the archive: the home page's featured ones and an article's related ones.
 * The database picks them on the articles alone and only the picked are joined to their texts, so these
 * cost the same with ten articles or thousands (ADR 085).
 */

/** How many related articles an article's page shows. */
export const RELATED_ARTICLES = 3;

type Picked = { id: string };

/**
 * The articles a query of ids picked, with the reader's texts (English where untranslated). Joined from
 * the picked rows, not `a.id in (…)`, which has SQLite walk every published article again.
 */
function withTexts<P extends Picked>(db: Db, picked: SelectQueryBuilder<Database & { r: Database["articles"] }, "r", P>, language: string) {
  return db
    .selectFrom(picked.as("c"))
    .innerJoin("articles as a", "a.id", "c.id")
    .innerJoin("article_translations as e", (join) => join.onRef("e.article_id", "=", "a.id").on("e.language", "=", SOURCE_LANGUAGE))
    .leftJoin("article_translations as t", (join) => join.onRef("t.article_id", "=", "a.id").on("t.language", "=", language));
}

/** Featured articles first, then the newest, up to `limit` (the home page shows three). */
export async function featuredArticles(db: Db, language: Language, limit = 3): Promise<ArticleSummary[]> {
  const picked = db
    .selectFrom("articles as r")
    .select("r.id")
    .where("r.state", "=", "published")
    .orderBy("r.featured", "desc")
    .orderBy("r.published_at", "desc")
    .orderBy("r.slug")
    .limit(limit);
  // The join's rows come in the database's own order: put back in the order they were picked in.
  const rows = await withTexts(db, picked, language)
    .select(summaryColumns)
    .orderBy("a.featured", "desc")
    .orderBy("a.published_at", "desc")
    .orderBy("a.slug")
    .execute();
  return rows.map(toSummary);
}

/**
 * The closest articles, ranked and cut to `RELATED_ARTICLES` by the database: 2 for the same category, 1
 * for each tag shared (patterns `%"tag"%`, named tag0, tag1…), the newest first among equals, then by
 * address. One kept query per number of tags.
 */
const closestArticles = keptQuery("closestArticles", (db, values: Record<string, string>) => {
  const tags = Object.keys(values).filter((key) => key.startsWith("tag"));
  const score = sql.join(
    [sql`case when r.category = ${values.category!} then 2 else 0 end`, ...tags.map((key) => sql`case when r.tags like ${values[key]!} then 1 else 0 end`)],
    sql` + `,
  );
  const picked = db
    .selectFrom("articles as r")
    .select(["r.id", sql<number>`${score}`.as("score")])
    .where("r.state", "=", "published")
    .where("r.slug", "!=", values.slug!)
    .where((eb) => eb.or([eb("r.category", "=", values.category!), ...tags.map((key) => eb("r.tags", "like", values[key]!))]))
    .orderBy("score", "desc")
    .orderBy("r.published_at", "desc")
    .orderBy("r.slug")
    .limit(RELATED_ARTICLES);
  // The picked rows' rank is kept through the join by their score.
  return withTexts(db, picked, values.language!).select(summaryColumns).orderBy("c.score", "desc").orderBy("a.published_at", "desc").orderBy("a.slug");
});

/** Other articles sharing the category or a tag, the closest first. */
export async function relatedArticles(db: Db, article: ArticleSummary, language: Language): Promise<ArticleSummary[]> {
  const tags = Object.fromEntries(article.tags.map((tag, index) => [`tag${index}`, `%"${tag}"%`]));
  const rows = await closestArticles(db, { slug: article.slug, category: article.category, language, ...tags }, String(article.tags.length));
  return rows.map(toSummary);
}
