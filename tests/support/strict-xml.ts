import { XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, expect } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";

/**
 * XML read as strictly as the standard asks. fast-xml-parser's validator checks the structure (tags
 * closed and nested, attributes quoted) but lets through characters XML 1.0 forbids (a vertical tab,
 * U+0001, U+FFFE), which libxml2, the parser of Chromium and of many feed readers, refuses: so each
 * document goes through both, the second in Chromium's DOMParser. Call once per describe block.
 */
export function strictXmlReader(): { expectWellFormed: (xml: string, what: string) => Promise<void> } {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());
  async function expectWellFormed(xml: string, what: string): Promise<void> {
    expect(XMLValidator.validate(xml), what).toBe(true);
    const problem = await page.evaluate((text) => {
      const error = new DOMParser().parseFromString(text, "application/xml").getElementsByTagName("parsererror")[0];
      return error ? error.textContent : null;
    }, xml);
    expect(problem, what).toBeNull();
  }
  return { expectWellFormed };
}
