import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { locales } from "~/i18n/locales";
import { watchErrors } from "../support/browser";
import { useBrowser } from "../support/e2e";
import { readFileSync } from "node:fs";
import { parseArticleFile } from "~/modules/blog/article-file";
import { SAMPLE_ARTICLE, sampleArticleTitle } from "../support/routes";

const sampleTitleOf = (slug: string) => parseArticleFile(readFileSync(`content/articles/${slug}/en.md`, "utf8")).title;

const { baseUrl, open } = useBrowser();

const cardTitles = (page: Page) => page.locator("article h3").allTextContents();
/** Client navigations update the URL first and the page when the data arrives: wait for the result count. */
const resultCount = (page: Page, text: string) => page.locator('[aria-live="polite"]', { hasText: new RegExp(`^${text}$`) }).waitFor();

describe("blog list", () => {
  it("filters by category, shows 'Category: X' and clears the filter", async () => {
    const page = await open("/blog");
    const errors = watchErrors(page);
    await page.locator("summary", { hasText: "International Relations" }).click();
    await page.getByRole("link", { name: "Diplomacy", exact: true }).click();
    await page.waitForURL(`${baseUrl}/blog?category=diplomacy`);
    await resultCount(page, "1 article");
    expect(await page.locator("#blog-results").textContent()).toBe("Category: Diplomacy");
    expect(await cardTitles(page)).toHaveLength(1);
    await page.getByRole("link", { name: "Clear filter" }).click();
    await page.waitForURL(`${baseUrl}/blog`);
    await resultCount(page, "10 articles");
    expect(await cardTitles(page)).toHaveLength(6);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("pages through the articles with the current page marked, and Back returns", async () => {
    const page = await open("/blog");
    const firstPage = await cardTitles(page);
    expect(await page.getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    await page.getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(`${baseUrl}/blog?page=2`);
    await page.locator('[aria-current="page"]', { hasText: "2" }).waitFor();
    const secondPage = await cardTitles(page);
    expect(secondPage).toHaveLength(4);
    expect(secondPage.some((title) => firstPage.includes(title))).toBe(false);
    expect(await page.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    await page.goBack();
    await page.waitForURL(`${baseUrl}/blog`);
    await page.locator('[aria-current="page"]', { hasText: "1" }).waitFor();
    expect(await cardTitles(page)).toEqual(firstPage);
    await page.context().close();
  });

  it("combines a tag with a search, and shows the empty state when nothing matches", async () => {
    const page = await open("/blog");
    await page.getByRole("link", { name: "#MLK Legacy" }).click();
    await page.waitForURL(`${baseUrl}/blog?tag=mlk-legacy`);
    await resultCount(page, "2 articles");
    expect(await page.locator("#blog-results").textContent()).toBe("Tag: MLK Legacy");
    await page.getByRole("searchbox", { name: "Search articles" }).fill("Riverside");
    await page.keyboard.press("Enter");
    await page.waitForURL(/q=Riverside&tag=mlk-legacy/);
    await page.waitForLoadState("networkidle");
    const found = await cardTitles(page);
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(found).toContain(sampleTitleOf("mlk-global-vision"));
    await page.getByRole("searchbox", { name: "Search articles" }).fill("no such words anywhere");
    await page.keyboard.press("Enter");
    await page.getByText("No articles found").waitFor();
    expect(await page.getByText("Try adjusting your search or category filters.").isVisible()).toBe(true);
    await page.context().close();
  });

  it("searches, filters and pages without JavaScript", async () => {
    const page = await open("/fr/blog", { javaScriptEnabled: false });
    await page.getByRole("searchbox").fill("diaspora");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/fr\/blog\?q=diaspora/);
    expect((await cardTitles(page)).length).toBeGreaterThan(0);
    await page.goto(`${baseUrl}/fr/blog?page=2`);
    expect(await page.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    await page.context().close();
  });

  it("opens the contact page with 'Ask the Diplomat' preselected", async () => {
    const page = await open("/blog");
    await page.getByRole("link", { name: "Start a Conversation" }).click();
    await page.waitForURL(`${baseUrl}/contact?topic=ask-the-diplomat`);
    await page.context().close();
  });
});

describe("article page", () => {
  it("shows the article in the reader's language with its reading time, tags and related articles", async () => {
    const page = await open(`/pt/blog/${SAMPLE_ARTICLE}`);
    expect(await page.locator("h1").textContent()).toBe(sampleArticleTitle("pt"));
    expect(await page.locator(".article-body h2").count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByText(/min de leitura/).count()).toBe(1);
    expect(await page.getByRole("heading", { name: locales.pt.blog.relatedTitle }).isVisible()).toBe(true);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd["@graph"][0]).toMatchObject({ "@type": "Article", headline: sampleArticleTitle("pt"), inLanguage: "pt" });
    await page.context().close();
  });

  // The body is sent once, in the HTML (the hydration data leaves it out): hydrating keeps it, and a
  // client navigation, which has no HTML to read, gets it with the data.
  it("keeps the body through hydration and shows each article's body after client navigations", async () => {
    const page = await open(`/blog/${SAMPLE_ARTICLE}`);
    const errors = watchErrors(page);
    const body = page.locator(".article-body");
    const first = await body.innerHTML();
    expect(first).toContain("Colonial infrastructure was built to extract");
    await page.locator('section[aria-labelledby="related-title"] a').first().click();
    await page.waitForURL((url) => !url.pathname.endsWith(SAMPLE_ARTICLE));
    await page.waitForFunction((before) => document.querySelector(".article-body")?.innerHTML !== before, first);
    expect((await body.innerText()).length).toBeGreaterThan(500);
    await page.goBack();
    await page.waitForFunction((before) => document.querySelector(".article-body")?.innerHTML === before, first);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // The stylesheet is written into the page's <head>, not linked, outside React's tree: hydrating and
  // client navigations leave it where it is.
  it("keeps the page's inline stylesheet through hydration and client navigations", async () => {
    const page = await open(`/blog/${SAMPLE_ARTICLE}`);
    const errors = watchErrors(page);
    const styles = () =>
      page.evaluate(() => ({
        inlineBytes: document.head.querySelector("style")?.textContent?.length ?? 0,
        linked: document.querySelectorAll('link[rel="stylesheet"]').length,
        bodyFont: getComputedStyle(document.body).fontFamily,
      }));
    const hydrated = await styles();
    expect(hydrated.inlineBytes).toBeGreaterThan(10_000);
    expect(hydrated).toMatchObject({ linked: 0, bodyFont: expect.stringContaining("Inter Variable") });
    await page.locator('section[aria-labelledby="related-title"] a').first().click();
    await page.waitForURL((url) => !url.pathname.endsWith(SAMPLE_ARTICLE));
    expect(await styles()).toEqual(hydrated);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
