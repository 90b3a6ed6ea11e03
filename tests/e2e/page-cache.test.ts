import { describe, expect, it } from "vitest";
import { waitForHydration, watchErrors } from "../support/browser";
import { useBrowser } from "../support/e2e";

describe("a page served from the page cache", () => {
  const { browser, baseUrl } = useBrowser();

  it("runs its scripts under the hash-based policy: it hydrates and navigates with no CSP violation", async () => {
    // The first visit renders and stores the page; the second is answered from the cache.
    await (await fetch(`${baseUrl}/fr/updates`)).text();
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const violations: string[] = [];
    await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await page.goto(`${baseUrl}/fr/updates`);
    expect(response?.headers()["x-page-cache"]).toBe("hit");
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'sha256-/);
    await waitForHydration(page);
    // A client-side navigation works too: React Router fetches the next page's data and renders it.
    await page.getByRole("link", { name: /^blog$/i }).first().click();
    await page.waitForURL(/\/fr\/blog$/);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
