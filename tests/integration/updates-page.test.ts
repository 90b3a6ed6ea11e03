import { describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { appOnTestDatabase } from "../support/app-server";
import { createArticle } from "../support/article-forms";
import { dialects } from "../support/databases";
import { people } from "../support/people";

/** The Updates page's line about the blog, as the reader reads it: the count of published articles. */
const blogLine = (language: keyof typeof locales, count: number) =>
  locales[language].updates.log.entries[count === 1 && language === "en" ? "blog_one" : "blog_other"].replace("{count}", String(count));

describe.each(dialects)("the Updates page on %s", (dialect) => {
  const app = appOnTestDatabase(dialect);
  const { adminInMode } = people(app);
  const published = async () =>
    Number((await app.services.db.selectFrom("articles").select((eb) => eb.fn.countAll<number>().as("n")).where("state", "=", "published").executeTakeFirstOrThrow()).n);
  const page = async (path: string) => (await (await fetch(app.url + path)).text()).replace(/<script[\s\S]*?<\/script>/g, "");

  it("says how many articles the blog has, in every language, and counts an eleventh when it is published", async () => {
    const before = await published();
    expect(before).toBeGreaterThan(1);
    for (const language of ["en", "es", "pt", "fr"] as const) {
      expect(await page(language === "en" ? "/updates" : `/${language}/updates`)).toContain(blogLine(language, before));
    }
    const owner = await adminInMode("10.60.0.1");
    await createArticle(owner, { slug: "one-more-article", intent: "publish" });
    expect(await published()).toBe(before + 1);
    expect(await page("/updates")).toContain(blogLine("en", before + 1));
    expect(await page("/fr/updates")).toContain(blogLine("fr", before + 1));
  });
});
