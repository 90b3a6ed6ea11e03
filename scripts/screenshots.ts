import { mkdirSync } from "node:fs";
import path from "node:path";
import { launchBrowser } from "../tests/support/browser";

/**
 * `npm run screenshots -- [baseUrl] [path…]`: full-page PNGs of pages at phone (390 px) and desktop
 * (1280 px) widths in English and French, into test-results/screenshots, for a look with your own eyes.
 */
const [baseUrl = "http://localhost:3000", ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ["/", "/blog", "/podcast", "/shop", "/no-such-page"];
const outDir = path.resolve("test-results/screenshots");
mkdirSync(outDir, { recursive: true });

const browser = await launchBrowser();
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const language of ["en", "fr"]) {
    for (const pagePath of pages) {
      const url = baseUrl + (language === "en" ? pagePath : `/${language}${pagePath === "/" ? "" : pagePath}`);
      await page.goto(url, { waitUntil: "networkidle" });
      const file = path.join(outDir, `${language}${pagePath.replace(/\//g, "_") || "_"}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
  }
  await context.close();
}
await browser.close();
