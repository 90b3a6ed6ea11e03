import { describe, expect, it } from "vitest";
import { waitForHydration } from "../support/browser";
import { useBrowser } from "../support/e2e";

const { baseUrl, browser } = useBrowser();

/** The web fonts of the page's hero: each must have arrived before the shift is read. */
const WEB_FONTS = ['600 1em "Fraunces Variable"', '400 1em "Inter Variable"'];

/** Sums the page's layout shifts that no input caused, as Core Web Vitals count them (CLS). */
function recordLayoutShift() {
  const total = { shift: 0 };
  (window as unknown as { layoutShift: typeof total }).layoutShift = total;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
      if (!entry.hadRecentInput) total.shift += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
}

describe("podcast page on a phone", () => {
  // 390 px: an iPhone; 412 px: the Android phone Lighthouse emulates, where the hero's title wrapped differently.
  it.each([390, 412])("hardly moves when the web fonts arrive after the first paint at %i px (layout shift under 0.1)", async (width) => {
    const page = await (await browser().newContext({ viewport: { width, height: 823 } })).newPage();
    // The fonts are held back until the page has painted with its fallback fonts, as on a slow phone network.
    let releaseFonts!: () => void;
    const fontsHeld = new Promise<void>((resolve) => (releaseFonts = resolve));
    await page.route(/\.woff2$/, async (route) => {
      await fontsHeld;
      await route.continue();
    });
    await page.addInitScript(recordLayoutShift);
    await page.goto(`${baseUrl}/podcast`, { waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    const nextFrames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await nextFrames();
    expect(await page.evaluate((fonts) => fonts.some((font) => document.fonts.check(font)), WEB_FONTS)).toBe(false);
    releaseFonts();
    await page.waitForFunction((fonts) => fonts.every((font) => document.fonts.check(font)), WEB_FONTS);
    await nextFrames();
    const shift = await page.evaluate(() => (window as unknown as { layoutShift: { shift: number } }).layoutShift.shift);
    expect(shift).toBeLessThan(0.1);
    await page.context().close();
  });
});
