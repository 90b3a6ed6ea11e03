import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { launchBrowser, waitForHydration } from "./browser";

/**
 * One Chromium per test file and a helper that opens a page in a fresh context (its own cookies and
 * storage) and waits until React has attached. `open` takes a path on the shared server or a full
 * address (a server of the file's own).
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
      await page.goto(/^https?:\/\//.test(path) ? path : baseUrl + path);
      if (javaScriptEnabled) await waitForHydration(page);
      return page;
    },
  };
}

/**
 * One step of a browser scenario, named as the user would say what they were doing: an error inside
 * it is reported as `step "…" failed: …`, so a failure says which step broke, not just which line.
 */
export async function step<T>(name: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof Error)) throw new Error(`step "${name}" failed: ${String(error)}`, { cause: error });
    error.message = `step "${name}" failed: ${error.message}`;
    throw error;
  }
}

/**
 * Holds the page's requests to `url` (of `method` only, when given) until `release`, after which they and later
 * ones go on as sent: what the page shows meanwhile ('Verifying...', a progress bar) stays for as long as the
 * test takes to see it, however slow the machine.
 */
export async function heldRequests(page: Page, url: string, method?: string): Promise<{ release: () => void }> {
  const released = signal();
  await page.route(url, async (route) => {
    if (!method || route.request().method() === method) await released.given;
    await route.continue();
  });
  return { release: released.give };
}

/** Something a test or a route handler can wait for (`given`), and `give` once it has happened. */
export function signal(): { given: Promise<void>; give: () => void } {
  let give = () => {};
  const given = new Promise<void>((resolve) => (give = resolve));
  return { given, give };
}
