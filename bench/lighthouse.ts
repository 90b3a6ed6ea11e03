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
const RUNS = Number(process.argv.find((arg) => arg.startsWith("--runs="))?.slice(7) ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const rows = [];
try {
  for (const page of PAGES) {
    const runs: RunResult[] = [];
    // Simulated throttling varies from run to run: report the median of several, and the spread.
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt++) {
      const run = await measure(server.url.replace("127.0.0.1", "localhost") + page, chrome.port);
      if (run) runs.push(run);
    }
    if (runs.length === 0) throw new Error(`Lighthouse could not trace ${page}.`);
    const performances = runs.map((run) => run.performance);
    rows.push({
      page,
      performance: `${median(performances)} (${Math.min(...performances)}–${Math.max(...performances)})`,
      accessibility: median(runs.map((run) => run.accessibility)),
      "best practices": median(runs.map((run) => run.bestPractices)),
      seo: median(runs.map((run) => run.seo)),
      "FCP ms": median(runs.map((run) => run.fcpMs)),
      "LCP ms": median(runs.map((run) => run.lcpMs)),
      "TBT ms": median(runs.map((run) => run.tbtMs)),
      "JS gzip KB": median(runs.map((run) => run.scriptKb)),
    });
  }
} finally {
  chrome.kill();
  server.child.kill("SIGTERM");
  await server.exited;
}
console.log(`\nLighthouse (mobile emulation, production build), median of ${RUNS} runs per page:`);
console.table(rows);

interface RunResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** JavaScript the page loaded before the end of the run, as transferred (gzip). */
  scriptKb: number;
}

/** One Lighthouse run, or null when Lighthouse reports a failed trace (it then asks to run again). */
async function measure(url: string, port: number): Promise<RunResult | null> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
  if (!result || result.lhr.runtimeError) return null;
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
  const requests = ((audits["network-requests"]?.details as { items?: NetworkRow[] } | undefined)?.items ?? []);
  const scriptBytes = requests.filter((row) => row.resourceType === "Script").reduce((sum, row) => sum + row.transferSize, 0);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: ms("first-contentful-paint"),
    lcpMs: ms("largest-contentful-paint"),
    tbtMs: ms("total-blocking-time"),
    scriptKb: Math.round(scriptBytes / 1024),
  };
}

interface NetworkRow {
  resourceType: string;
  transferSize: number;
}
