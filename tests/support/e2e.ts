import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { launchBrowser, waitForHydration } from "./browser";

/**
 * One Chromium per test file and a helper that opens a page in a fresh context (its own cookies and
 * storage) and waits until React has attached.
 */
export function useBrowser() {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  return {
    baseUrl,
    browser: () => browser,
    async open(path: string, { width = 1280, height = 900, javaScriptEnabled = true } = {}): Promise<Page> {
      const page = await (await browser.newContext({ viewport: { width, height }, javaScriptEnabled })).newPage();
      await page.goto(baseUrl + path);
      if (javaScriptEnabled) await waitForHydration(page);
      return page;
    },
  };
}
