import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/adapters/db/migrate.server";
import { featuredArticles, RELATED_ARTICLES, relatedArticles } from "~/modules/blog/article-picks.server";
import { addArticleIfMissing, getArticle, latestContentChange, listArticles, newestArticles, PAGE_SIZE, type ArticleSummary } from "~/modules/blog/articles.server";
import { blogFeed, FEED_ARTICLES } from "~/modules/blog/feeds.server";
import { readArticleContent, seedArticles } from "~/modules/blog/seed.server";
import Parser from "rss-parser";
import { dialects, openTestDatabase, type TestDatabase } from "../support/databases";
import { PATHS } from "../../server/paths";

const CONTENT = path.join(PATHS.content, "articles");
const shipped = readArticleContent(CONTENT);

describe("the shipped sample articles", () => {
  it("are ten, each with a 500–900-word body in en, es, pt and fr", () => {
    expect(shipped).toHaveLength(10);
    for (const article of shipped) {
      for (const language of ["en", "es", "pt", "fr"] as const) {
        const text = article.translations[language];
        expect(text, `${article.slug} ${language}`).toBeDefined();
        const words = text!.body.split(/\s+/).length;
        expect(words, `${article.slug} ${language}`).toBeGreaterThanOrEqual(500);
        if (language === "en") expect(words, article.slug).toBeLessThanOrEqual(900);
      }
    }
    expect(shipped.filter((article) => article.featured).map((article) => article.slug)).toEqual([shipped[0]!.slug]);
  });
});

describe.each(dialects)("articles on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await migrateToLatest(database.db);
    expect(await seedArticles(database.db, CONTENT, new Date("2025-06-01T00:00:00Z"))).toBe(10);
  });
  afterAll(() => database.drop());

  it("seeds once: a second run adds nothing", async () => {
    expect(await seedArticles(database.db, CONTENT, new Date())).toBe(0);
    const { total } = await listArticles(database.db, { language: "en" }, 1);
    expect(total).toBe(10);
  });

  it("pages newest first, six at a time, and clamps pages out of range", async () => {
    const first = await listArticles(database.db, { language: "en" }, 1);
    expect(first.articles).toHaveLength(PAGE_SIZE);
    expect(first.pageCount).toBe(2);
    const dates = first.articles.map((a) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await listArticles(database.db, { language: "en" }, 2);
    expect(second.articles).toHaveLength(4);
    expect((await listArticles(database.db, { language: "en" }, 999)).page).toBe(2);
    expect((await listArticles(database.db, { language: "en" }, -3)).page).toBe(1);
  });

  it("searches title, excerpt and body in the reader's language, ignoring case and accents", async () => {
    const french = await listArticles(database.db, { language: "fr", search: "ÉTRANGÈRE" }, 1);
    expect(french.total).toBeGreaterThan(0);
    const unaccented = await listArticles(database.db, { language: "fr", search: "etrangere" }, 1);
    expect(unaccented.total).toBe(french.total);
    // A word only in the body of one article.
    const body = await listArticles(database.db, { language: "en", search: "riverside" }, 1);
    expect(body.articles.map((a) => a.slug)).toContain("mlk-global-vision");
    // The English word is not found in the Portuguese text of that article.
    const english = await listArticles(database.db, { language: "pt", search: "remittance capital" }, 1);
    expect(english.total).toBe(0);
  });

  it("combines search with category and tag, and takes LIKE wildcards literally", async () => {
    const both = await listArticles(database.db, { language: "en", category: "historical-perspective", search: "bandung" }, 1);
    expect(both.articles.map((a) => a.slug)).toEqual(["from-bandung-to-brics"]);
    const tagged = await listArticles(database.db, { language: "en", tag: "mlk-legacy" }, 1);
    expect(tagged.articles.map((a) => a.slug).sort()).toEqual(["black-americans-foreign-policy-voice", "mlk-global-vision"]);
    expect((await listArticles(database.db, { language: "en", search: "%" }, 1)).total).toBe(0);
    expect((await listArticles(database.db, { language: "en", search: "_" }, 1)).total).toBe(0);
  });

  it("shows English, marked untranslated, where a translation is missing", async () => {
    await addArticleIfMissing(
      database.db,
      {
        slug: "english-only",
        category: "diplomacy",
        tags: ["global-south"],
        featured: false,
        publishedAt: "2024-01-01",
        image: "/images/articles/english-only.svg",
        translations: { en: { title: "English only", excerpt: "Only in English.", body: "Body <script>alert(1)</script>" } },
      },
      new Date(),
    );
    const article = await getArticle(database.db, "english-only", "fr");
    expect(article).toMatchObject({ title: "English only", translated: false, body: "Body <script>alert(1)</script>" });
    expect((await getArticle(database.db, "mlk-global-vision", "fr"))?.translated).toBe(true);
    expect(await getArticle(database.db, "no-such-article", "en")).toBeNull();
  });

  it("never overwrites a stored article when seeding again", async () => {
    await database.db.updateTable("article_translations").set({ title: "Edited by the owner" }).where("language", "=", "en").where("article_id", "in", database.db.selectFrom("articles").select("id").where("slug", "=", "mlk-global-vision")).execute();
    await seedArticles(database.db, CONTENT, new Date());
    expect((await getArticle(database.db, "mlk-global-vision", "en"))?.title).toBe("Edited by the owner");
  });

  it("knows when the content last changed: the newest article or translation", async () => {
    const before = await latestContentChange(database.db);
    expect(before).not.toBeNull();
    await addArticleIfMissing(
      database.db,
      { ...shipped[1]!, translations: { en: shipped[1]!.translations.en, es: shipped[1]!.translations.es! } },
      new Date("2030-01-02T03:04:05Z"),
    );
    // Nothing was missing, so nothing changed.
    expect(await latestContentChange(database.db)).toBe(before);
    await addArticleIfMissing(database.db, { ...shipped[1]!, slug: "brand-new" }, new Date("2030-01-02T03:04:05Z"));
    expect(await latestContentChange(database.db)).toBe("2030-01-02T03:04:05.000Z");
  });

  it("lists the featured article first, and related articles by category and tags", async () => {
    const featured = await featuredArticles(database.db, "es");
    expect(featured).toHaveLength(3);
    expect(featured[0]).toMatchObject({ slug: "pan-african-trade-networks-afcfta", featured: true, translated: true });
    // Then the newest others, with the reader's texts.
    const newest = (await newestArticles(database.db, "es")).filter((article) => !article.featured).slice(0, 2);
    expect(featured.slice(1)).toEqual(newest);
    const mlk = (await getArticle(database.db, "mlk-global-vision", "en"))!;
    const related = await relatedArticles(database.db, mlk, "en");
    expect(related.length).toBeGreaterThan(0);
    expect(related.map((a) => a.slug)).not.toContain("mlk-global-vision");
    for (const candidate of related) {
      expect(candidate.category === mlk.category || candidate.tags.some((tag) => mlk.tags.includes(tag))).toBe(true);
    }
  });

  it("ranks related articles: the same category, then the most tags shared, then the newest; three at most, never a draft", async () => {
    const rankedByHand = (article: ArticleSummary, all: ArticleSummary[]) => {
      const score = (other: ArticleSummary) => (other.category === article.category ? 2 : 0) + other.tags.filter((tag) => article.tags.includes(tag)).length;
      return all
        .filter((other) => other.slug !== article.slug && score(other) > 0)
        .sort((a, b) => score(b) - score(a) || b.publishedAt.localeCompare(a.publishedAt) || a.slug.localeCompare(b.slug))
        .slice(0, RELATED_ARTICLES)
        .map((other) => other.slug);
    };
    const draft = "culture-as-soft-power";
    await database.db.updateTable("articles").set({ state: "draft" }).where("slug", "=", draft).execute();
    try {
      const all = await newestArticles(database.db, "fr");
      expect(all.map((article) => article.slug)).not.toContain(draft);
      let full = 0;
      for (const article of all) {
        const related = await relatedArticles(database.db, article, "fr");
        expect(related.map((other) => other.slug), article.slug).toEqual(rankedByHand(article, all));
        // The French text where there is one, as everywhere else on a French page.
        for (const other of related) expect(other).toEqual(all.find((candidate) => candidate.slug === other.slug));
        if (related.length === RELATED_ARTICLES) full++;
      }
      // The sample shares enough for most articles to fill the list, so the cut is tested too.
      expect(full).toBeGreaterThan(all.length / 2);
    } finally {
      await database.db.updateTable("articles").set({ state: "published" }).where("slug", "=", draft).execute();
    }
  });

  // Last: it grows the archive the tests above count.
  it("feeds the newest articles only, however large the archive grows", async () => {
    for (let number = 1; number <= FEED_ARTICLES + 10; number++) {
      const day = String((number % 28) + 1).padStart(2, "0");
      await addArticleIfMissing(database.db, { ...shipped[0]!, slug: `archive-${number}`, featured: false, publishedAt: `2019-${String((number % 12) + 1).padStart(2, "0")}-${day}T00:00:00.000Z` }, new Date());
    }
    const newest = await newestArticles(database.db, "en");
    expect(newest.length).toBeGreaterThan(FEED_ARTICLES + 10);
    const feed = await new Parser().parseString(
      await blogFeed(database.db, { language: "en", format: "rss", appUrl: "https://diaspora.example", title: "Blog", description: "Blog", siteName: "Diaspora Policy" }),
    );
    expect(feed.items.map((item) => item.link)).toEqual(newest.slice(0, FEED_ARTICLES).map((article) => `https://diaspora.example/blog/${article.slug}`));
  });
});
