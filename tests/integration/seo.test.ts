import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../server/paths";
import { startTestApp, type TestApp } from "../support/app-server";
import { LANGUAGES } from "~/i18n/languages";
import { localizePath } from "~/i18n/paths";
import { PUBLIC_PAGES } from "~/modules/seo/sitemap";
import { englishPattern, isFixedAddress } from "~/route-table";
import { PUBLIC_TABLE_PAGES, SAMPLE_ARTICLE, sampleArticleTitle } from "../support/routes";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ APP_URL: "https://diaspora.example" });
});
afterAll(() => app.close());

const LANGUAGE_PREFIXES = ["", "/es", "/pt", "/fr"];
/** The public pages of the route table at one address each: the sitemap lists those not marked noindex. */
const FIXED_PUBLIC_PAGES = PUBLIC_TABLE_PAGES.map(englishPattern).filter(isFixedAddress);

const WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

async function xml(path: string, type: RegExp) {
  const response = await fetch(app.url + path);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(type);
  const text = await response.text();
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text);
}

describe("findable", () => {
  it("lists every public page, article and episode in four languages in /sitemap.xml, with alternates", async () => {
    const { urlset } = await xml("/sitemap.xml", /application\/xml/);
    const urls = asList(urlset.url) as Array<{ loc: string; "xhtml:link": Array<{ "@hreflang": string; "@href": string }> }>;
    // 10 sample articles and 8 sample episodes.
    expect(urls).toHaveLength((PUBLIC_PAGES.length + 10 + 8) * 4);
    const locs = urls.map((url) => url.loc);
    expect(PUBLIC_PAGES).toEqual(expect.arrayContaining(["/", "/blog", "/podcast", "/subscribe", "/contact"]));
    for (const language of LANGUAGES) {
      for (const page of PUBLIC_PAGES) expect(locs).toContain(`https://diaspora.example${localizePath(page, language)}`);
    }
    for (const loc of ["https://diaspora.example/", "https://diaspora.example/fr", "https://diaspora.example/es/blog", `https://diaspora.example/pt/blog/${SAMPLE_ARTICLE}`, "https://diaspora.example/fr/podcast/legacy-of-mlk"]) {
      expect(locs).toContain(loc);
    }
    expect(locs.some((loc) => /admin|upload-diagnostics|cart|newsletter/.test(loc))).toBe(false);
    for (const url of urls) expect(url["xhtml:link"].map((link) => link["@hreflang"])).toEqual(["en-US", "es-ES", "pt-BR", "fr-FR", "x-default"]);
  });

  it("lists the public pages of the route table a search engine may index, and leaves out those marked noindex (sitemap: false)", async () => {
    expect(FIXED_PUBLIC_PAGES.length).toBeGreaterThan(PUBLIC_PAGES.length);
    for (const page of FIXED_PUBLIC_PAGES) {
      const noindex = (await (await fetch(app.url + page)).text()).includes('<meta name="robots" content="noindex');
      expect({ page, listed: PUBLIC_PAGES.includes(page) }).toEqual({ page, listed: !noindex });
    }
  });

  it("gives each sample article its publication date as lastmod, not the day it was seeded", async () => {
    const index = JSON.parse(readFileSync(path.join(PATHS.content, "articles", "index.json"), "utf8")) as Array<{ slug: string; date: string }>;
    const { urlset } = await xml("/sitemap.xml", /application\/xml/);
    const entries = asList(urlset.url) as Array<{ loc: string; lastmod?: string }>;
    for (const article of index) {
      for (const prefix of LANGUAGE_PREFIXES) {
        expect(entries.find((url) => url.loc === `https://diaspora.example${prefix}/blog/${article.slug}`)?.lastmod).toBe(article.date);
      }
    }
  });

  it("gives each article its last change as lastmod, a change to any of its texts included", async () => {
    const article = await app.services.db.selectFrom("articles").select("id").where("slug", "=", SAMPLE_ARTICLE).executeTakeFirstOrThrow();
    await app.services.db.updateTable("articles").set({ updated_at: "2026-01-01T08:00:00.000Z" }).where("id", "=", article.id).execute();
    await app.services.db.updateTable("article_translations").set({ updated_at: "2026-01-01T08:00:00.000Z" }).where("article_id", "=", article.id).execute();
    await app.services.db.updateTable("article_translations").set({ updated_at: "2026-03-05T08:00:00.000Z" }).where("article_id", "=", article.id).where("language", "=", "pt").execute();
    await app.services.pageChanges.changed(["settings"], new Date());
    const { urlset } = await xml("/sitemap.xml", /application\/xml/);
    const entry = (asList(urlset.url) as Array<{ loc: string; lastmod?: string }>).find((url) => url.loc === `https://diaspora.example/fr/blog/${SAMPLE_ARTICLE}`);
    expect(entry?.lastmod).toBe("2026-03-05");
    expect((await fetch(`${app.url}/sitemaps/1.xml`)).status).toBe(404);
  });

  it("keeps crawlers out of /admin and /upload-diagnostics in every language", async () => {
    const text = await (await fetch(`${app.url}/robots.txt`)).text();
    for (const path of ["/admin", "/fr/admin", "/upload-diagnostics", "/es/upload-diagnostics"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain("Sitemap: https://diaspora.example/sitemap.xml");
  });

  it("publishes the blog as RSS 2.0 in each language", async () => {
    const { rss } = await xml("/fr/blog/feed.xml", /application\/rss\+xml/);
    expect(rss["@version"]).toBe("2.0");
    expect(rss.channel.language).toBe("fr-FR");
    const items = asList(rss.channel.item) as Array<{ title: string; link: string; pubDate: string }>;
    expect(items).toHaveLength(10);
    expect(items[0]).toMatchObject({ title: sampleArticleTitle("fr"), link: `https://diaspora.example/fr/blog/${SAMPLE_ARTICLE}` });
    expect(new Date(items[0]!.pubDate).toISOString().slice(0, 10)).toBe("2025-05-02");
  });

  it("publishes the blog as Atom with its author, language and category terms", async () => {
    const { feed } = await xml("/blog/atom.xml", /application\/atom\+xml/);
    expect(feed.author).toEqual({ name: "Diaspora Policy", uri: "https://diaspora.example/" });
    expect(feed["@xml:lang"]).toBe("en-US");
    expect((await xml("/pt/blog/atom.xml", /application\/atom\+xml/)).feed["@xml:lang"]).toBe("pt-BR");
    const categories = (asList(feed.entry) as Array<{ category: { "@term"?: string } }>).map((entry) => entry.category["@term"]);
    expect(categories.every((term) => typeof term === "string" && term.length > 0)).toBe(true);
    const entries = asList(feed.entry) as Array<{ id: string; link: Array<{ "@href": string; "@rel"?: string; "@type"?: string }> }>;
    expect(entries).toHaveLength(10);
    expect(entries[0]!.id).toBe(`https://diaspora.example/blog/${SAMPLE_ARTICLE}`);
    expect(asList(entries[0]!.link)[0]!["@href"]).toBe(`https://diaspora.example/blog/${SAMPLE_ARTICLE}`);
  });

  it("links both feeds from every page's head, and gives articles social cards and structured data", async () => {
    const html = await (await fetch(`${app.url}/es/blog/${SAMPLE_ARTICLE}`)).text();
    expect(html).toContain('type="application/rss+xml"');
    expect(html).toContain('href="https://diaspora.example/es/blog/feed.xml"');
    expect(html).toContain('href="https://diaspora.example/es/blog/atom.xml"');
    expect(html).toContain(`<meta property="og:image" content="https://diaspora.example/images/articles/${SAMPLE_ARTICLE}.png"/>`);
    expect(html).toContain(`<meta name="twitter:image" content="https://diaspora.example/images/articles/${SAMPLE_ARTICLE}.png"/>`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(html)![1]!);
    expect(jsonLd["@graph"].map((node: { "@type": string }) => node["@type"])).toEqual(["Article", "BreadcrumbList"]);
    const [article] = jsonLd["@graph"];
    expect(article.image).toBe(`https://diaspora.example/images/articles/${SAMPLE_ARTICLE}.png`);
    // ISO 8601 with the offset: the sample article's date is that day's midnight UTC.
    expect(article.datePublished).toBe("2025-05-02T00:00:00Z");
    expect(article.dateModified).toMatch(WITH_OFFSET);
    expect(Date.parse(article.dateModified) >= Date.parse(article.datePublished)).toBe(true);
    expect(article.author).toMatchObject({ "@type": "Organization", name: "Diaspora Policy", url: "https://diaspora.example/" });
    expect(article.publisher.logo).toEqual({ "@type": "ImageObject", url: "https://diaspora.example/images/social/logo.png", width: 512, height: 512 });
    const logo = await sharp(Buffer.from(await (await fetch(`${app.url}/images/social/logo.png`)).arrayBuffer())).metadata();
    expect([logo.format, logo.width, logo.height, logo.hasAlpha]).toEqual(["png", 512, 512, false]);
  });

  it("dates an article untouched since it was seeded as modified when it was published", async () => {
    const index = JSON.parse(readFileSync(path.join(PATHS.content, "articles", "index.json"), "utf8")) as Array<{ slug: string; date: string }>;
    const untouched = index.find((entry) => entry.slug !== SAMPLE_ARTICLE)!;
    const html = await (await fetch(`${app.url}/pt/blog/${untouched.slug}`)).text();
    const [article] = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(html)![1]!)["@graph"];
    expect([article.datePublished, article.dateModified]).toEqual([`${untouched.date}T00:00:00Z`, `${untouched.date}T00:00:00Z`]);
  });

  it("answers an unknown article with 404, and serves each article's artwork", async () => {
    expect((await fetch(`${app.url}/blog/no-such-article`)).status).toBe(404);
    const image = await fetch(`${app.url}/images/articles/${SAMPLE_ARTICLE}.svg`);
    expect(image.headers.get("content-type")).toBe("image/svg+xml");
    expect(XMLValidator.validate(await image.text())).toBe(true);
    expect((await fetch(`${app.url}/images/articles/nope.svg`)).status).toBe(404);
    const card = await fetch(`${app.url}/images/articles/${SAMPLE_ARTICLE}.png`);
    expect(card.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await card.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
