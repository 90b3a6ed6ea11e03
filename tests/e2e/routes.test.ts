import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { LANGUAGES } from "~/i18n/languages";
import { locales } from "~/i18n/locales";
import { localizePath } from "~/i18n/paths";
import { launchBrowser, waitForHydration, watchErrors } from "../support/browser";
import { PAGE_ROUTES } from "../support/routes";

const baseUrl = inject("baseUrl");
let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});
afterAll(() => browser?.close());

// Accessibility does not change with the language, but longer words can break layouts: axe checks
// every route in English and in French; every language is checked for rendering and console errors.
const AXE_LANGUAGES = new Set(["en", "fr"]);

// Each test only reads, in its own tab, so a few run at once: a tab waiting on the server or on axe leaves
// the other core to the next one.
describe.concurrent.each(LANGUAGES)("every route in %s", (language) => {
  const runAxe = AXE_LANGUAGES.has(language);

  it.for(PAGE_ROUTES)(`$path renders with no console error${runAxe ? " and no axe violation" : ""}`, async ({ path, heading, status }, { expect }) => {
    const page = await context.newPage();
    const errors = watchErrors(page);
    const response = await page.goto(baseUrl + localizePath(path, language));
    expect(response?.status()).toBe(status ?? 200);
    // The browser reports a page answered with 401 as a failed resource; that answer is the expected one.
    if (status) errors.splice(0, errors.length, ...errors.filter((error) => !error.includes(`status of ${status}`)));
    await waitForHydration(page);
    await expect(page.locator("h1").first().textContent()).resolves.toBe(heading(language));
    expect(await page.getAttribute("html", "lang")).toBe(language);
    if (runAxe) {
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("answers an unknown address with the translated 404 page", async ({ expect }) => {
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}${localizePath("/no-such-page", language)}`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe(locales[language].errors.notFound.title);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await page.close();
  });
});
