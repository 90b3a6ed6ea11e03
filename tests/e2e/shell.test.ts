import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { locales } from "~/i18n/locales";
import { launchBrowser, waitForHydration, watchErrors } from "../support/browser";

const baseUrl = inject("baseUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(baseUrl + path);
  await waitForHydration(page);
  return page;
}

describe("mobile menu", () => {
  it("opens with the header's links, navigates, and closes", async () => {
    const page = await open("/", { width: 390, height: 844 });
    const errors = watchErrors(page);
    expect(await page.locator("header nav").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Site navigation" });
    await menu.waitFor();
    for (const label of ["Home", "Blog", "Podcast", "Shop", "About", "Updates", "Cart", "Subscribe"]) {
      expect(await menu.getByRole("link", { name: label, exact: true }).count(), label).toBe(1);
    }
    expect(await menu.getByRole("link", { name: "Home", exact: true }).getAttribute("aria-current")).toBe("page");
    await page.getByRole("button", { name: "Close menu" }).click();
    await menu.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Podcast", exact: true }).click();
    await page.waitForURL(`${baseUrl}/podcast`);
    await menu.waitFor({ state: "detached" });
    // The URL changes before React commits the new page: wait for its heading rather than reading at once.
    await page.getByRole("heading", { level: 1, name: locales.en.pages.podcast.heading, exact: true }).waitFor();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.waitFor();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("social buttons", () => {
  it.each(["Facebook", "YouTube"])("open the Coming Soon overlay naming %s; Go Back closes it", async (platform) => {
    const page = await open("/about");
    await page.getByRole("button", { name: `Follow us on ${platform}` }).click();
    const dialog = page.getByRole("dialog", { name: "Coming Soon" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(platform);
    await dialog.getByRole("button", { name: "Go Back" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.context().close();
  });
});

describe("language", () => {
  it("switches with the picker, survives a reload and a visit to an English URL", async () => {
    const page = await open("/blog");
    await page.getByRole("button", { name: "Current language: English" }).click();
    await page.getByRole("menuitem", { name: "Français" }).click();
    await page.waitForURL(`${baseUrl}/fr/blog`);
    await page.locator("html[lang=fr]").waitFor();
    await page.getByRole("heading", { level: 1, name: locales.fr.pages.blog.heading, exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("preferredLanguage"))).toBe("fr");

    await page.reload();
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    expect(await page.locator("footer").textContent()).toContain(locales.fr.footer.support);

    await page.goto(`${baseUrl}/about`);
    expect(page.url()).toBe(`${baseUrl}/fr/about`);
    expect(await page.title()).toBe(locales.fr.pages.about.documentTitle);

    // Back to English: the choice sticks, and English URLs stay English.
    await waitForHydration(page);
    await page.getByRole("button", { name: /Français/ }).click();
    await page.getByRole("menuitem", { name: "English" }).click();
    await page.waitForURL(`${baseUrl}/about`);
    await page.goto(`${baseUrl}/updates`);
    expect(page.url()).toBe(`${baseUrl}/updates`);
    await page.context().close();
  });

  it("opens the picker on hover after a short rest", async () => {
    const page = await open("/");
    await page.getByRole("button", { name: "Current language: English" }).hover();
    await page.getByRole("menuitem", { name: "Português" }).waitFor();
    await page.mouse.click(5, 600);
    await page.getByRole("menu").waitFor({ state: "detached" });
    await page.context().close();
  });

  it("works from the keyboard: arrows move, Escape returns to the button, Enter chooses", async () => {
    const page = await open("/shop");
    const trigger = page.getByRole("button", { name: "Current language: English" });
    await trigger.focus();
    await page.keyboard.press("ArrowDown");
    const focusedName = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await page.getByRole("menu").waitFor();
    expect(await focusedName()).toBe("English");
    await page.keyboard.press("ArrowDown");
    expect(await focusedName()).toBe("Español");
    await page.keyboard.press("End");
    expect(await focusedName()).toBe("Français");
    await page.keyboard.press("ArrowDown");
    expect(await focusedName()).toBe("English");
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "detached" });
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press("ArrowUp");
    await page.getByRole("menu").waitFor();
    expect(await focusedName()).toBe("Français");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl}/pt/shop`);
    await page.locator("html[lang=pt]").waitFor();
    await page.context().close();
  });

  it("works without JavaScript through the footer's language links, keeping the page", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/blog?page=2`);
    await page.locator("footer").getByRole("link", { name: "Español" }).click();
    await page.waitForURL(`${baseUrl}/es/blog?page=2`);
    expect(await page.getAttribute("html", "lang")).toBe("es");
    await page.goto(`${baseUrl}/shop`);
    expect(page.url()).toBe(`${baseUrl}/es/shop`);
    await context.close();
  });
});

describe("footer", () => {
  it("opens the support page in a new tab and links 'Complete your profile' to /subscribe", async () => {
    const page = await open("/");
    const support = page.getByRole("link", { name: /Support Our Work/ });
    expect(await support.getAttribute("target")).toBe("_blank");
    expect(await support.getAttribute("rel")).toBe("noopener");
    const profile = page.getByRole("link", { name: "need more options? Complete your profile" });
    expect(await profile.getAttribute("href")).toBe("/subscribe");
    const platform = page.getByRole("navigation", { name: "Platform" }).getByRole("link");
    expect(await platform.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/blog", "/podcast", "/shop", "/about", "/subscribe", "/discourse-labs", "/unfiltered-dialogues", "/resources", "/updates", "/cart",
    ]);
    await page.context().close();
  });
});
