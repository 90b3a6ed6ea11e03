import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { watchErrors } from "../support/browser";
import { useBrowser } from "../support/e2e";

const { baseUrl, open } = useBrowser();

const carousel = (page: Page) => page.locator("section[aria-labelledby=latest-title]");
const episodeList = (page: Page) => page.locator("section[aria-labelledby=all-title] ul");
/**
 * The carousel's code has taken the row (it hides the row's overflow then) and set its buttons, which its
 * next render does: the buttons say then what the carousel found, not what the server drew.
 */
async function carouselReady(page: Page): Promise<void> {
  await carousel(page).locator("div.overflow-hidden:has(> #latest-slides)").waitFor();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
/** Left edge of a slide's card relative to the window: the card in view starts at the page margin. */
const leftOf = (slide: Locator) => slide.locator("article").evaluate((element) => Math.round(element.getBoundingClientRect().left));
const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector("audio")!;
    return { paused: audio.paused, time: audio.currentTime };
  });

describe("podcast page", () => {
  it("pages the latest three with previous/next, disabled at the ends, by mouse and keyboard", async () => {
    const page = await open("/podcast", { width: 390 });
    const errors = watchErrors(page);
    const slides = carousel(page).getByRole("group");
    expect(await slides.count()).toBe(3);
    const previous = carousel(page).getByRole("button", { name: "Previous episodes" });
    const next = carousel(page).getByRole("button", { name: "Next episodes" });
    await expect.poll(() => next.isEnabled()).toBe(true);
    expect(await previous.isDisabled()).toBe(true);
    expect(await leftOf(slides.nth(0))).toBeLessThan(40);
    expect(await leftOf(slides.nth(1))).toBeGreaterThan(390);

    await next.click();
    await expect.poll(() => leftOf(slides.nth(1))).toBeLessThan(40);
    expect(await previous.isEnabled()).toBe(true);
    await next.click();
    await expect.poll(() => leftOf(slides.nth(2))).toBeLessThan(40);
    await expect.poll(() => next.isDisabled()).toBe(true);

    // Keyboard: the buttons take Enter, and the arrow keys move the carousel from inside it.
    await previous.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => leftOf(slides.nth(1))).toBeLessThan(40);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => leftOf(slides.nth(0))).toBeLessThan(40);
    await expect.poll(() => previous.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows two latest episodes per view on tablets and all three on wide screens", async () => {
    const tablet = await open("/podcast", { width: 768 });
    const next = carousel(tablet).getByRole("button", { name: "Next episodes" });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await expect.poll(() => next.isDisabled()).toBe(true);
    await tablet.context().close();

    const desktop = await open("/podcast", { width: 1280 });
    await carouselReady(desktop);
    expect(await carousel(desktop).getByRole("button", { name: "Next episodes" }).isDisabled()).toBe(true);
    expect(await carousel(desktop).getByRole("button", { name: "Previous episodes" }).isDisabled()).toBe(true);
    await desktop.context().close();
  });

  it("lists every episode as a grid by default and switches to a list and back", async () => {
    const page = await open("/podcast");
    const errors = watchErrors(page);
    const list = episodeList(page);
    const grid = page.getByRole("button", { name: "Grid" });
    const asList = page.getByRole("button", { name: "List" });
    expect(await list.getAttribute("data-view")).toBe("grid");
    expect(await grid.getAttribute("aria-pressed")).toBe("true");
    expect(await list.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(" ").length)).toBe(3);
    const cards = list.locator("article");
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    const first = cards.first();
    expect(await first.locator("h3 a").getAttribute("href")).toMatch(/^\/podcast\/[a-z0-9-]+$/);
    expect(await first.locator("p.line-clamp-2").count()).toBe(1);
    for (const duration of await list.locator("time[datetime^=PT]").allTextContents()) expect(duration).toMatch(/^\d+:\d{2}$/);

    await asList.click();
    await page.waitForURL(`${baseUrl}/podcast?view=list`);
    await page.locator("ul[data-view=list]").waitFor();
    expect(await asList.getAttribute("aria-pressed")).toBe("true");
    expect(await grid.getAttribute("aria-pressed")).toBe("false");
    await grid.click();
    await page.waitForURL(`${baseUrl}/podcast?view=grid`);
    await page.locator("ul[data-view=grid]").waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("switches the view and links the cards to their episodes without JavaScript", async () => {
    const page = await open("/podcast?view=list", { javaScriptEnabled: false });
    expect(await episodeList(page).getAttribute("data-view")).toBe("list");
    await page.getByRole("button", { name: "Grid" }).click();
    await page.waitForURL(`${baseUrl}/podcast?view=grid`);
    expect(await episodeList(page).getAttribute("data-view")).toBe("grid");
    // Play is a link to the episode's own page until React runs.
    const play = episodeList(page).getByRole("link", { name: /^Play / }).first();
    expect(await play.getAttribute("href")).toMatch(/^\/podcast\/[a-z0-9-]+$/);
    await page.context().close();
  });

  it("plays an episode in the bottom player, which keeps playing while the reader scrolls and switches the view", async () => {
    const page = await open("/podcast", { width: 390 });
    const errors = watchErrors(page);
    const card = episodeList(page).locator("article").nth(1);
    const title = (await card.locator("h3").textContent())!;
    await card.getByRole("button", { name: `Play ${title}` }).click();
    const player = page.getByRole("region", { name: "Podcast player" });
    await player.waitFor();
    expect(await player.getByRole("link", { name: title }).count()).toBe(1);
    await page.evaluate(() => (document.querySelector("audio")!.muted = true));
    await page.waitForFunction(() => {
      const audio = document.querySelector("audio")!;
      return !audio.paused && audio.currentTime > 0.2;
    });
    await card.getByRole("button", { name: `Pause ${title}` }).waitFor();
    const before = (await audioState(page)).time;

    await page.getByRole("heading", { name: "Follow Everywhere" }).scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "List" }).click();
    await page.waitForURL(`${baseUrl}/podcast?view=list`);
    await page.locator("ul[data-view=list]").waitFor();
    await page.waitForFunction((start) => document.querySelector("audio")!.currentTime > start + 0.5, before);
    expect((await audioState(page)).paused).toBe(false);
    expect(await player.isVisible()).toBe(true);
    expect(await player.getByRole("slider", { name: "Position in the episode" }).count()).toBe(1);
    expect(await player.textContent()).toMatch(/\d+:\d{2}.*\d+:\d{2}/);

    await player.getByRole("button", { name: "Pause" }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await player.getByRole("button", { name: "Close the player" }).click();
    await player.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("links the RSS feed and says 'Coming soon' for platforms not set", async () => {
    const page = await open("/podcast");
    const follow = page.locator("section[aria-labelledby=follow-title]");
    expect(await follow.getByRole("link", { name: /RSS Feed/ }).getAttribute("href")).toBe("/podcast/feed.xml");
    for (const platform of ["apple", "spotify", "youtubeMusic"]) {
      const tile = follow.locator(`[data-platform=${platform}]`);
      expect(await tile.textContent()).toContain("Coming soon");
      expect(await tile.getByRole("link").count()).toBe(0);
    }
    // Google Podcasts closed in 2024: it is never advertised unless the owner sets a link.
    expect(await follow.getByText("Google Podcasts").count()).toBe(0);
    await page.context().close();
  });
});
