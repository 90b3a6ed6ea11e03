import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { locales } from "~/i18n/locales";
import { launchBrowser } from "../support/browser";

const baseUrl = inject("baseUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("home page portraits", () => {
  it("show a spinner until the portrait arrives, then the portrait", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
    const page = await context.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/images/figures/king.svg", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(baseUrl + "/");
    const portrait = page.getByRole("img", { name: "Illustrated portrait of Martin Luther King Jr." });
    await page.getByRole("status").filter({ hasText: "Loading portrait of Martin Luther King Jr." }).waitFor();
    expect(await portrait.getAttribute("data-state")).toBe("loading");
    release();
    await page.locator('img[data-state="loaded"][alt="Illustrated portrait of Martin Luther King Jr."]').waitFor();
    expect(await page.getByRole("status").filter({ hasText: "Martin Luther King Jr." }).count()).toBe(0);
    await context.close();
  });

  it("swap to the fallback image when a portrait cannot be loaded", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
    const page = await context.newPage();
    // A real broken address: the server answers 404 for a portrait that does not exist.
    await page.route("**/images/figures/garvey.svg", (route) => route.continue({ url: `${baseUrl}/images/figures/no-such-figure.svg` }));
    await page.goto(baseUrl + "/");
    const broken = page.locator('img[alt="Illustrated portrait of Marcus Garvey"]');
    await page.locator('img[data-state="failed"][alt="Illustrated portrait of Marcus Garvey"]').waitFor();
    expect(await broken.getAttribute("src")).toBe("/images/figures/fallback.svg");
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img[alt="Illustrated portrait of Marcus Garvey"]');
      return image?.complete && image.naturalWidth > 0;
    });
    await context.close();
  });
});

describe("page strings", () => {
  it("arrive with each page on client-side navigation, in the reader's language", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(baseUrl + "/fr");
    await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules));
    await page.locator("section[aria-labelledby=mission-title]").getByRole("link").click();
    await page.waitForURL(`${baseUrl}/fr/about`);
    await page.getByRole("tab", { name: locales.fr.about.tabs.vision }).waitFor();
    expect(await page.locator("main").textContent()).not.toMatch(/\b(tabs|regions|comments)\.[a-z]/);
    await context.close();
  });
});

describe("home page sections", () => {
  it("links the hero to Discourse Labs and the podcast, and shows three featured articles", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(baseUrl + "/es");
    const hero = page.locator("section").filter({ has: page.locator("h1") });
    expect(await hero.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(["/es/discourse-labs", "/es/podcast"]);
    expect(await page.locator("section[aria-labelledby=articles-title] article").count()).toBe(3);
    expect(await page.locator("section[aria-labelledby=globe-title]").textContent()).toMatch(/230.*57/);
    await context.close();
  });
});
