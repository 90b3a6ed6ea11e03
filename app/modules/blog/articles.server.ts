import { randomUUID } from "node:crypto";
import { sql, type ExpressionBuilder, type Transaction } from "kysely";
import type { Db } from "~/adapters/db/database.server";
import { keptQuery } from "~/adapters/db/kept-queries.server";
import type { ArticlesTable, Database } from "~/adapters/db/schema";
import type { Language } from "~/i18n/languages";
import { containsPattern, foldForSearch } from "./search-text";
import type { CategorySlug, TagSlug } from "./taxonomy";

export const PAGE_SIZE = 6;
/** The language every article is written in first, shown where the reader's is missing. */
export const SOURCE_LANGUAGE = "en";

export interface ArticleSummary {
  slug: string;
  category: string;
  tags: string[];
  image: string;
  featured: boolean;
  publishedAt: string;
  title: string;
  excerpt: string;
  /** False when the reader's language has no translation and the English text is shown. */
  translated: boolean;
}

export interface Article extends ArticleSummary {
  body: string;
  /** The cover's description, the search engines' title and description: the reader's language, else English ("" when none). */
  imageAlt: string;
  seoTitle: string;
  seoDescription: string;
  /** The last change of the article or of the text shown (ISO text). */
  updatedAt: string;
}

export interface ArticleFilter {
  language: Language;
  search?: string;
  category?: CategorySlug;
  tag?: TagSlug;
}

export interface ArticlePage {
  articles: ArticleSummary[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * Published articles with the reader's translation where it exists, English otherwise. Every reader's
 * query starts here, so a draft, an article scheduled for later or one taken back is never shown.
 */
function localized(db: Db, language: Language, { anyState = false } = {}) {
  return db
    .selectFrom("articles as a")
    .innerJoin("article_translations as e", (join) => join.onRef("e.article_id", "=", "a.id").on("e.language", "=", SOURCE_LANGUAGE))
    .leftJoin("article_translations as t", (join) => join.onRef("t.article_id", "=", "a.id").on("t.language", "=", language))
    .$if(!anyState, (query) => query.where("a.state", "=", "published"));
}

type LocalizedBuilder = ExpressionBuilder<
  Database & { a: Database["articles"]; e: Database["article_translations"]; t: Database["article_translations"] },
  "a" | "e" | "t"
>;

export const summaryColumns = (eb: LocalizedBuilder) => [
  "a.slug" as const,
  "a.category" as const,
  "a.tags" as const,
  "a.image" as const,
  "a.featured" as const,
  "a.published_at" as const,
  eb.fn.coalesce("t.title", "e.title").as("title"),
  eb.fn.coalesce("t.excerpt", "e.excerpt").as("excerpt"),
  sql<number>`case when t.article_id is null then 0 else 1 end`.as("translated"),
];

type SummaryRow = Pick<ArticlesTable, "slug" | "category" | "tags" | "image" | "featured" | "published_at"> & {
  title: string;
  excerpt: string;
  translated: number;
};

export function toSummary(row: SummaryRow): ArticleSummary {
  return {
    slug: row.slug,
    category: row.category,
    tags: JSON.parse(row.tags) as string[],
    image: row.image,
    featured: row.featured === 1,
    publishedAt: row.published_at,
    title: row.title,
    excerpt: row.excerpt,
    translated: Number(row.translated) === 1,
  };
}

/** One page of the blog: newest first, filtered by search text, category and tag together. */
export async function listArticles(db: Db, filter: ArticleFilter, requestedPage: number): Promise<ArticlePage> {
  let query = localized(db, filter.language);
  if (filter.category) query = query.where("a.category", "=", filter.category);
  if (filter.tag) query = query.where("a.tags", "like", `%"${filter.tag}"%`);
  if (filter.search) {
    query = query.where(sql<boolean>`coalesce(t.search_text, e.search_text) like ${containsPattern(filter.search)} escape '\\'`);
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(Number(total) / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(requestedPage) || 1), pageCount);
  const rows = await query
    .select(summaryColumns)
    .orderBy("a.published_at", "desc")
    .orderBy("a.slug")
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return { articles: rows.map(toSummary), total: Number(total), page, pageCount };
}

const articleColumns = (eb: LocalizedBuilder) => [
  ...summaryColumns(eb),
  eb.fn.coalesce("t.body", "e.body").as("body"),
  sql<string>`coalesce(nullif(t.image_alt, ''), e.image_alt)`.as("image_alt"),
  sql<string>`coalesce(nullif(t.seo_title, ''), e.seo_title)`.as("seo_title"),
  sql<string>`coalesce(nullif(t.seo_description, ''), e.seo_description)`.as("seo_description"),
  "a.created_at" as const,
  "a.updated_at" as const,
  eb.fn.coalesce("t.updated_at", "e.updated_at").as("text_updated_at"),
];

/**
 * When an article last changed, from its row and a text's stamps. One untouched since it was added (a
 * sample article seeded on first start) changed when it was published, not on the day it was added;
 * nor does one change before its publication.
 */
function lastChange(row: { created_at: string; published_at: string; updated_at: string }, textUpdatedAt: string): string {
  const edited = [row.updated_at, textUpdatedAt].sort().at(-1)!;
  return edited !== row.created_at && edited > row.published_at ? edited : row.published_at;
}

type ArticleRow = SummaryRow & { body: string; image_alt: string; seo_title: string; seo_description: string; created_at: string; updated_at: string; text_updated_at: string };
const toArticle = (row: ArticleRow): Article => ({
  ...toSummary(row),
  body: row.body,
  imageAlt: row.image_alt,
  seoTitle: row.seo_title,
  seoDescription: row.seo_description,
  updatedAt: lastChange(row, String(row.text_updated_at)),
});

const articleBySlug = keptQuery("articleBySlug", (db, { slug, language }: { slug: string; language: string }) =>
  localized(db, language as Language).select(articleColumns).where("a.slug", "=", slug),
);

export async function getArticle(db: Db, slug: string, language: Language): Promise<Article | null> {
  const [row] = await articleBySlug(db, { slug, language });
  return row ? toArticle(row) : null;
}

/** An article in any state, by id, for its private preview. */
export async function getArticleForPreview(db: Db, id: string, language: Language): Promise<Article | null> {
  const row = await localized(db, language, { anyState: true }).select(articleColumns).where("a.id", "=", id).executeTakeFirst();
  return row ? toArticle(row) : null;
}

/** The newest articles in the reader's language (English where untranslated), newest first; every one when no limit is given. */
export async function newestArticles(db: Db, language: Language, limit?: number): Promise<ArticleSummary[]> {
  const rows = await localized(db, language)
    .select(summaryColumns)
    .orderBy("a.published_at", "desc")
    .orderBy("a.slug")
    .$if(limit !== undefined, (query) => query.limit(limit!))
    .execute();
  return rows.map(toSummary);
}

/** When each published article last changed, its own row or any of its texts (the sitemap's lastmod). */
export async function articleChanges(db: Db): Promise<Array<{ slug: string; changedAt: string }>> {
  const rows = await db
    .selectFrom("articles as a")
    .innerJoin("article_translations as t", "t.article_id", "a.id")
    .select((eb) => ["a.slug", "a.created_at", "a.published_at", "a.updated_at", eb.fn.max("t.updated_at").as("text_updated_at")])
    .where("a.state", "=", "published")
    .groupBy(["a.slug", "a.created_at", "a.published_at", "a.updated_at"])
    .orderBy("a.slug")
    .execute();
  return rows.map((row) => ({ slug: row.slug, changedAt: lastChange(row, String(row.text_updated_at)) }));
}

/** How many articles each category holds. */
export async function categoryCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("articles")
    .select((eb) => ["category", eb.fn.countAll<number>().as("count")])
    .where("state", "=", "published")
    .groupBy("category")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.category, Number(row.count)]));
}

/** How many articles readers can open: the Updates page says it. */
export async function publishedArticleCount(db: Db): Promise<number> {
  const row = await db.selectFrom("articles").select((eb) => eb.fn.countAll<number>().as("count")).where("state", "=", "published").executeTakeFirstOrThrow();
  return Number(row.count);
}

/** When the publication last changed: the newest edit of a published article or of its translations. */
export async function latestContentChange(db: Db): Promise<string | null> {
  const [articles, translations] = await Promise.all([
    db.selectFrom("articles").select((eb) => eb.fn.max("updated_at").as("latest")).where("state", "=", "published").executeTakeFirst(),
    db
      .selectFrom("article_translations as t")
      .innerJoin("articles as a", "a.id", "t.article_id")
      .select((eb) => eb.fn.max("t.updated_at").as("latest"))
      .where("a.state", "=", "published")
      .executeTakeFirst(),
  ]);
  const dates = [articles?.latest, translations?.latest].filter((value): value is string => typeof value === "string");
  return dates.sort().at(-1) ?? null;
}

export interface ArticleInput {
  slug: string;
  category: CategorySlug;
  tags: TagSlug[];
  featured: boolean;
  publishedAt: string;
  image: string;
  translations: Partial<Record<Language, { title: string; excerpt: string; body: string }>> & {
    en: { title: string; excerpt: string; body: string };
  };
}

/**
 * Adds an article with its translations in one transaction, or only the translations it lacks when
 * the slug exists. Nothing already stored is overwritten. Returns whether the article was new.
 */
export async function addArticleIfMissing(db: Db, input: ArticleInput, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const stamp = now.toISOString();
    const existing = await trx.selectFrom("articles").select("id").where("slug", "=", input.slug).executeTakeFirst();
    const id = existing?.id ?? randomUUID();
    if (!existing) {
      await trx
        .insertInto("articles")
        .values({
          id,
          slug: input.slug,
          category: input.category,
          tags: JSON.stringify(input.tags),
          image: input.image,
          featured: input.featured ? 1 : 0,
          published_at: input.publishedAt,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    }
    await insertMissingTranslations(trx, id, input.translations, stamp);
    return !existing;
  });
}

async function insertMissingTranslations(
  trx: Transaction<Database>,
  articleId: string,
  translations: ArticleInput["translations"],
  stamp: string,
): Promise<void> {
  const rows = Object.entries(translations).map(([language, text]) => ({
    article_id: articleId,
    language,
    title: text.title,
    excerpt: text.excerpt,
    body: text.body,
    search_text: foldForSearch(`${text.title}\n${text.excerpt}\n${text.body}`),
    updated_at: stamp,
  }));
  if (rows.length === 0) return;
  await trx
    .insertInto("article_translations")
    .values(rows)
    .onConflict((conflict) => conflict.columns(["article_id", "language"]).doNothing())
    .execute();
}
