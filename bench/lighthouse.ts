import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildIfStale } from "../scripts/build-if-stale";
import { CHROMIUM_ARGS, findChromium } from "../tests/support/browser";
import { SAMPLE_ARTICLE } from "../tests/support/routes";
import { spawnServer } from "../tests/support/server-process";

/**
 * `npm run lighthouse`: Lighthouse (mobile) on the production build for the home page, the blog
 * and one article; prints the four category scores. A measurement, not a test: nothing fails on a score.
 */
const PAGES = ["/", "/blog", `/blog/${SAMPLE_ARTICLE}`];

const chromePath = findChromium();
if (!chromePath) {
  console.error("No Chromium found: install Debian's chromium or set CHROME_PATH.");
  process.exit(1);
}
buildIfStale();
const server = spawnServer();
await server.ready;
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  userDataDir: mkdtempSync(path.join(tmpdir(), "lighthouse-")),
});
const rows = [];
try {
  for (const page of PAGES) {
    const result = await lighthouse(server.url.replace("127.0.0.1", "localhost") + page, { port: chrome.port, output: "json", logLevel: "error" });
    const categories = result?.lhr.categories ?? {};
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => result?.lhr.audits[id]?.displayValue ?? "";
    rows.push({
      page,
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best practices": score("best-practices"),
      seo: score("seo"),
      LCP: metric("largest-contentful-paint"),
      TBT: metric("total-blocking-time"),
      CLS: metric("cumulative-layout-shift"),
    });
  }
} finally {
  chrome.kill();
  server.child.kill("SIGTERM");
  await server.exited;
}
console.log("\nLighthouse (mobile emulation, production build):");
console.table(rows);
