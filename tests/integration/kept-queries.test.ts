import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/adapters/db/database.server";
import { keptQuery } from "~/adapters/db/kept-queries.server";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { relatedArticles } from "~/modules/blog/article-picks.server";
import { getArticle } from "~/modules/blog/articles.server";
import { seedArticles } from "~/modules/blog/seed.server";
import { PATHS } from "../../server/paths";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";

/** A query with two values and a constant ("published"), built for the values given. */
const titlesQuery = (db: Db, { language, category }: { language: string; category: string }) =>
  db
    .selectFrom("articles as a")
    .innerJoin("article_translations as t", "t.article_id", "a.id")
    .select(["a.slug", "t.title"])
    .where("t.language", "=", language)
    .where("a.category", "=", category)
    .where("a.state", "=", "published")
    .orderBy("a.slug");
const titles = keptQuery("titles", titlesQuery);

describe.each(dialects)("queries kept compiled on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await migrateToLatest(database.db);
    await seedArticles(database.db, path.join(PATHS.content, "articles"), new Date("2025-06-01T00:00:00Z"));
  });
  afterAll(() => database.drop());

  it("answer each call's values as the query built for them does, constants kept", async () => {
    const categories = await database.db.selectFrom("articles").select("category").distinct().orderBy("category").execute();
    expect(categories.length).toBeGreaterThan(1);
    for (const { category } of categories) {
      for (const language of ["en", "fr"]) {
        const built = await titlesQuery(database.db, { language, category }).execute();
        expect(built.length).toBeGreaterThan(0);
        expect(await titles(database.db, { language, category })).toEqual(built);
      }
    }
    expect(await titles(database.db, { language: "en", category: "no-such-category" })).toEqual([]);
  });

  it("give the blog's article and its related articles as before: one query per number of tags", async () => {
    const article = (await getArticle(database.db, "pan-african-trade-networks-afcfta", "pt"))!;
    expect(article.translated).toBe(true);
    expect(await getArticle(database.db, "no-such-article", "pt")).toBeNull();
    const related = await relatedArticles(database.db, article, "pt");
    const fewerTags = await relatedArticles(database.db, { ...article, tags: article.tags.slice(0, 1) }, "pt");
    expect(related.map((item) => item.slug)).not.toContain(article.slug);
    expect(related.length).toBeGreaterThan(0);
    for (const item of fewerTags) expect(item.category === article.category || item.tags.includes(article.tags[0]!)).toBe(true);
  });

  it("refuse a value that would not reach the query whole, or not at all", async () => {
    const wrapped = keptQuery("wrapped", (db, { slug }: { slug: string }) => db.selectFrom("articles").select("slug").where("slug", "like", `%${slug}%`));
    await expect(wrapped(database.db, { slug: "trade" })).rejects.toThrow(/must be passed whole/);
    const forgotten = keptQuery("forgotten", (db, _values: { slug: string }) => db.selectFrom("articles").select("slug"));
    await expect(forgotten(database.db, { slug: "trade" })).rejects.toThrow(/never reach the query/);
  });
});
